import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema, clusterTotals } from '@shared/cluster/cluster';
import { parseSls } from '../../../src-main/workloads/traces/sls';
import { clusterFromSlsNodes } from '../../../src-main/clusters/slsNodes';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';
import { SWIM_DAY } from '../../helpers/traceFixtures';

const tempDir = useTempDirs();
const root = path.resolve(__dirname, '../../..');
const CLUSTER = path.join(root, 'docs/examples/small.cluster.json');

/**
 * The fields SLS reads (hadoop-sls SchedulerLoadSimulator.md, "SLS JSON input file format" and
 * "Simulator input topology file format"; container and node resources as `container.<resource>`
 * and `memory-mb` / `vcores` since YARN-7413).
 */
const SLS_JOB_FIELDS = ['am.type', 'job.start.ms', 'job.end.ms', 'job.queue.name', 'job.id', 'job.user', 'job.count', 'job.tasks'];
const SLS_TASK_FIELDS = [
  'count',
  'container.host',
  'container.start.ms',
  'container.end.ms',
  'duration.ms',
  'container.priority',
  'container.type',
  'container.memory-mb',
  'container.vcores',
];
const SLS_RACK_FIELDS = ['rack', 'nodes'];
const SLS_NODE_FIELDS = ['node', 'memory-mb', 'vcores'];

/** Objects written one after another, one per line. */
const objects = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function studioWithDay(dir: string): Promise<void> {
  expect((await cli(['clusters', 'import', CLUSTER, '--data-dir', dir])).code).toBe(0);
  expect((await cli(['workloads', 'import', SWIM_DAY, '--data-dir', dir])).code).toBe(0);
}

describe('export for YARN Scheduler Load Simulator', () => {
  it("writes the SWIM day as an SLS trace with only SLS's fields, which our importer reads back to the same jobs", async () => {
    const dir = tempDir();
    await studioWithDay(dir);
    const out = path.join(tempDir(), 'day.sls.json');
    const r = await cli(['workloads', 'export', 'FB-2009_samples_24_times_1hr_0', '--format', 'sls', '--cluster', 'small', '--out', out, '--data-dir', dir]);
    expect(r.code).toBe(0);
    const text = fs.readFileSync(out, 'utf8');
    const jobs = objects(text);
    expect(jobs).toHaveLength(5894);
    const nodes = new Set(['rack-1', 'rack-2'].flatMap((rack) => Array.from({ length: 5 }, (_, h) => `/${rack}/r${rack.slice(-1)}-h${h + 1}`)));
    // Every job and task checked, their faults gathered: a million expect() calls took a minute.
    const faults: string[] = [];
    for (const job of jobs) {
      const id = String(job['job.id']);
      for (const k of Object.keys(job)) if (!SLS_JOB_FIELDS.includes(k)) faults.push(`${id}: field ${k}`);
      if (!((job['job.end.ms'] as number) > (job['job.start.ms'] as number))) faults.push(`${id}: ends before it starts`);
      for (const task of job['job.tasks'] as Record<string, unknown>[]) {
        for (const k of Object.keys(task)) if (!SLS_TASK_FIELDS.includes(k)) faults.push(`${id}: task field ${k}`);
        if (task['container.type'] !== 'map' && task['container.type'] !== 'reduce') faults.push(`${id}: container type ${String(task['container.type'])}`);
        if (!nodes.has(task['container.host'] as string)) faults.push(`${id}: host ${String(task['container.host'])}`);
        if (!((task['duration.ms'] as number) > 0)) faults.push(`${id}: duration ${String(task['duration.ms'])}`);
      }
    }
    expect(faults.slice(0, 20)).toEqual([]);
    // Our own importer reads it back: the same jobs, submissions, maps, reduces and queues as the day imported from SWIM.
    const back = parseSls(text);
    expect(back.problems).toEqual([]);
    const exported = await cli(['workloads', 'export', 'FB-2009_samples_24_times_1hr_0', '--data-dir', dir]);
    const original = (JSON.parse(exported.out) as { workload: { jobs: { id: string; submit: number; maps: number; reduces: number; queue: string }[] } })
      .workload.jobs;
    // SWIM gives every job its maps and reduces; the trace keeps them, and the times to the millisecond.
    expect(back.jobs.map((j) => [j.id, j.submit, j.maps, j.reduces, j.queue])).toEqual(
      original.map((j) => [j.id, Math.round(j.submit * 1000) / 1000, j.maps, j.reduces, j.queue]),
    );
    // And replays each job's container times: every kind its mean duration (docs/model.md "Trace replay").
    const meanSeconds = (job: Record<string, unknown>, type: string) => {
      const ms = (job['job.tasks'] as Record<string, unknown>[]).filter((t) => t['container.type'] === type).map((t) => t['duration.ms'] as number);
      return ms.length ? Math.round(ms.reduce((a, b) => a + b, 0) / ms.length) / 1000 : undefined;
    };
    expect(back.jobs.map((j) => [j.mapCpuSPerTask, j.reduceCpuSPerTask])).toEqual(jobs.map((j) => [meanSeconds(j, 'map'), meanSeconds(j, 'reduce')]));
    // And each container its own time, in the trace's order (one time where all of a kind's are equal).
    const eachSeconds = (job: Record<string, unknown>, type: string) => {
      const s = (job['job.tasks'] as Record<string, unknown>[]).filter((t) => t['container.type'] === type).map((t) => (t['duration.ms'] as number) / 1000);
      return s.length === 0 ? undefined : s.every((x) => x === s[0]) ? [s[0]] : s;
    };
    expect(back.jobs.map((j) => [j.mapSeconds, j.reduceSeconds])).toEqual(jobs.map((j) => [eachSeconds(j, 'map'), eachSeconds(j, 'reduce')]));
    const tasks = (j: { maps?: number; reduces?: number }) => (j.maps ?? 0) + (j.reduces ?? 0);
    expect(back.jobs.reduce((n, j) => n + tasks(j), 0)).toBe(229604);
  }, 300_000);

  it('writes a cluster as an SLS node file that imports back to the same nodes', async () => {
    const dir = tempDir();
    await studioWithDay(dir);
    const r = await cli(['clusters', 'export', 'small', '--format', 'sls', '--data-dir', dir]);
    expect(r.code).toBe(0);
    const racks = objects(r.out);
    for (const rack of racks) {
      for (const k of Object.keys(rack)) expect(SLS_RACK_FIELDS).toContain(k);
      for (const n of rack.nodes as Record<string, unknown>[]) for (const k of Object.keys(n)) expect(SLS_NODE_FIELDS).toContain(k);
    }
    const back = clusterFromSlsNodes(r.out, 'small again');
    if (!back.ok) throw new Error(JSON.stringify(back.problems));
    const mine = ClusterSpecSchema.parse(JSON.parse(fs.readFileSync(CLUSTER, 'utf8')).cluster ?? JSON.parse(fs.readFileSync(CLUSTER, 'utf8')));
    const theirs = ClusterSpecSchema.parse(back.spec);
    const hostsOf = (c: typeof mine) =>
      c.racks.map((rk) => [
        rk.name,
        rk.hosts.map((h) => {
          const t = c.hostTypes.find((x) => x.id === h.type)!;
          return [h.name, t.cores, t.memoryGb];
        }),
      ]);
    expect(hostsOf(theirs)).toEqual(hostsOf(mine));
    expect(clusterTotals(theirs)).toMatchObject({ nodes: clusterTotals(mine).nodes, cores: clusterTotals(mine).cores, memoryGb: clusterTotals(mine).memoryGb });
  });

  it('says what is missing: a trace needs its cluster, and a format it knows', async () => {
    const dir = tempDir();
    await studioWithDay(dir);
    const noCluster = await cli(['workloads', 'export', 'FB-2009_samples_24_times_1hr_0', '--format', 'sls', '--data-dir', dir]);
    expect(noCluster.code).toBe(2);
    expect(noCluster.err).toMatch(/--format sls needs --cluster/);
    expect((await cli(['clusters', 'export', 'small', '--format', 'yaml', '--data-dir', dir])).err).toMatch(/--format: must be json or sls \(found "yaml"\)/);
  });
});
