import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';
import { TRACES_DIR } from '../../helpers/traceFixtures';
import { ok } from '../../helpers/services';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import { startServices } from '../../../src-main/services';

const tempDir = useTempDirs();
const traces = TRACES_DIR;

describe('workload-studio workloads', () => {
  it('imports every workload trace, detecting its format, and lists them', async () => {
    const dir = tempDir();
    const expectations: [string, RegExp][] = [
      ['swim/FB-2009_samples_24_times_1hr_0.tsv', /imported 5,894 jobs \(229,604 tasks\) from swim as workload "FB-2009_samples_24_times_1hr_0"/],
      ['sls/inputsls.json', /imported 2 jobs \(5 tasks\) from sls/],
      ['sls/syn.json', /imported 10 jobs \([\d,]+ tasks\) from synth/],
      ['rumen/wordcount.json', /imported 1 job \(4 tasks\) from rumen/],
    ];
    for (const [file, out] of expectations) {
      expect(await cli(['workloads', 'import', path.join(traces, file), '--data-dir', dir]), file).toMatchObject({ code: 0, out: expect.stringMatching(out) });
    }
    const list = await cli(['workloads', 'list', '--data-dir', dir]);
    // Counts as the import wrote them.
    expect(list.out).toMatch(/FB-2009_samples_24_times_1hr_0\s+5,894\s+229,604\s+0\s/);
    expect(list.out).toMatch(/^NAME\s+JOBS\s+TASKS\s+GENERATED JOBS\s+ID$/m);
    expect(list.out.trim().split('\n')).toHaveLength(5);
  });

  it("imports a spreadsheet's semicolon CSV, and says which jobs get their maps from their input", async () => {
    const dir = tempDir();
    const file = path.join(tempDir(), 'sheet.csv');
    fs.writeFileSync(file, 'id;template;submit;inputMb;maps\r\na;Sort;0;1,5;4\r\nb;Grep;2,5;512;\r\n');
    expect(await cli(['workloads', 'import', file, '--data-dir', dir])).toMatchObject({
      code: 0,
      out: expect.stringMatching(
        /^imported 2 jobs \(4 tasks given; the maps of one job from its input at the cluster's block size\) from csv as workload "sheet"/,
      ),
    });
  });

  it('imports a bare list of jobs, named after its file, and a workload file under its own name', async () => {
    const dir = tempDir();
    const list = path.join(tempDir(), 'script-output.json');
    fs.writeFileSync(list, JSON.stringify([{ id: 'a', template: 'Sort', submit: 0, maps: 3, reduces: 1 }]));
    expect(await cli(['workloads', 'import', list, '--data-dir', dir])).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^imported 1 job \(4 tasks\) from json as workload "script-output"/),
    });
    const named = path.join(tempDir(), 'file-name.json');
    fs.writeFileSync(named, JSON.stringify({ name: 'Its own name', jobs: [{ template: 'Grep', submit: 0, maps: 2, reduces: 1 }] }));
    expect((await cli(['workloads', 'import', named, '--data-dir', dir])).out).toMatch(/as workload "Its own name"/);
  });

  it('prints the errors with line and field and exits 1 without importing; --skip-bad imports the rest', async () => {
    const dir = tempDir();
    const file = path.join(tempDir(), 'bad.tsv');
    fs.writeFileSync(file, ['ok\t0\t0\t100\t0\t0', ...Array.from({ length: 25 }, (_, i) => `bad${i}\tnever\t0\t1\t0\t0`)].join('\n'));
    const refused = await cli(['workloads', 'import', file, '--data-dir', dir]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/25 problems \(swim\):\n {2}line 2, submit time: "never" is not a non-negative number/);
    expect(refused.err).toMatch(/and 5 more\nnothing was imported/);
    expect((await cli(['workloads', 'list', '--data-dir', dir])).out).toBe('no workloads yet\n');
    const kept = await cli(['workloads', 'import', file, '--skip-bad', '--name', 'clean', '--data-dir', dir]);
    expect(kept).toMatchObject({ code: 0, out: expect.stringMatching(/imported 1 job .* as workload "clean" .*25 rejected rows left out/) });
  });

  it("imports deadlines no run can meet, and says so: the file's own, and a factor below 1", async () => {
    const dir = tempDir();
    const file = path.join(tempDir(), 'deadlines.csv');
    fs.writeFileSync(
      file,
      ['id,template,submit,inputMb,maps,reduces,queue,deadline', 'early,Sort,30,64,,,default,30', 'fine,Sort,0,64,,,default,600'].join('\n'),
    );
    const kept = await cli(['workloads', 'import', file, '--data-dir', dir, '--name', 'kept']);
    expect(kept).toMatchObject({ code: 0, out: expect.stringMatching(/^imported 2 jobs/) });
    expect(kept.err).toBe(
      'note: 1 job has a deadline no run can meet: at or before its submission (a deadline counts from the start of the run), or a factor below 1 (less time than the job takes alone).\n',
    );
    const slack = await cli(['workloads', 'import', file, '--data-dir', dir, '--name', 'slack', '--deadline-slack', '60']);
    expect(slack).toMatchObject({ code: 0, err: '' });
    const short = await cli(['workloads', 'import', file, '--data-dir', dir, '--name', 'short', '--deadline-factor', '0.5']);
    expect(short).toMatchObject({ code: 0, err: expect.stringMatching(/^note: 2 jobs have a deadline no run can meet/) });
  });

  it('refuses a CSV whose jobs depend on each other in a cycle, in words, and imports nothing', async () => {
    const dir = tempDir();
    const file = path.join(tempDir(), 'cycle.csv');
    fs.writeFileSync(
      file,
      [
        'id,template,submit,inputMb,maps,reduces,queue,deadline,deadlineFactor,mrCluster,dependsOn,shuffleMb,outputMb',
        'a,Sort,0,64,,,default,,,,b,,',
        'b,Sort,1,64,,,default,,,,a,,',
      ].join('\n'),
    );
    expect(await cli(['workloads', 'import', file, '--data-dir', dir])).toMatchObject({
      code: 1,
      err: 'error: cycle.csv: job 2 › dependency 1: a cycle of dependencies (a → b → a): none of these jobs could ever start\n',
    });
    expect((await cli(['workloads', 'list', '--data-dir', dir])).out).toBe('no workloads yet\n');
  });

  it('refuses a file of the wrong kind, a missing file and an unknown --format', async () => {
    const dir = tempDir();
    expect(await cli(['workloads', 'import', path.join(traces, 'sls/nodes-with-resources.json'), '--data-dir', dir])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/SLS node file/),
    });
    expect(await cli(['workloads', 'import', path.join(dir, 'nope.tsv'), '--data-dir', dir])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/cannot read .*: no such file$/m),
    });
    expect(await cli(['workloads', 'import', 'x', '--format', 'xlsx', '--data-dir', dir])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--format must be one of/),
    });
    // A forced format that does not fit reports the problems of reading it that way.
    expect(await cli(['workloads', 'import', path.join(traces, 'sls/inputsls.json'), '--format', 'swim', '--data-dir', dir])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/problems? \(swim\)/),
    });
  });

  it('imports a Rumen trace replaying its task times with --replay times, and refuses the choice where a format has one reading', async () => {
    const dir = tempDir();
    const rumen = path.join(traces, 'rumen/wordcount.json');
    expect(await cli(['workloads', 'import', rumen, '--replay', 'times', '--name', 'timed', '--data-dir', dir])).toMatchObject({ code: 0 });
    const s = await startServices({ dataDir: dir });
    try {
      const [listed] = await ok<{ id: string }[]>(s, 'workloads:list', {});
      const timed = await ok<{ spec: { description?: string; jobs: object[] } }>(s, 'workloads:get', { id: listed.id });
      expect(timed.spec.jobs[0]).toMatchObject({ template: 'Generic', mapSeconds: [6.896, 6.528, 4.058], reduceSeconds: [2.797] });
      expect(timed.spec.description).toMatch(/as YARN SLS replays a Rumen trace/);
    } finally {
      await s.close();
    }
    expect(await cli(['workloads', 'import', rumen, '--replay', 'seconds', '--data-dir', dir])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--replay must be one of bytes, times, not "seconds"/),
    });
    expect(await cli(['workloads', 'import', path.join(traces, 'sls/inputsls.json'), '--replay', 'times', '--data-dir', dir])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--replay times is for Hadoop Rumen traces; .*inputsls\.json reads as YARN SLS, which has one reading/),
    });
    expect((await cli(['workloads', 'list', '--data-dir', dir])).out.trim().split('\n')).toHaveLength(2);
  });

  it('exports JSON that imports back, and CSV; deletes by name', async () => {
    const dir = tempDir();
    await cli(['workloads', 'import', path.join(traces, 'rumen/wordcount.json'), '--name', 'wc', '--data-dir', dir]);
    const out = path.join(tempDir(), 'wc.workload.json');
    expect(await cli(['workloads', 'export', 'wc', '--out', out, '--data-dir', dir])).toMatchObject({ code: 0 });
    expect(await cli(['workloads', 'import', out, '--data-dir', dir])).toMatchObject({
      code: 0,
      out: expect.stringMatching(/from json as workload "wc \(2\)"/),
    });
    const csv = await cli(['workloads', 'export', 'wc', '--csv', '--data-dir', dir]);
    expect(csv.out.split('\r\n')[0]).toBe(
      'id,template,submit,inputMb,maps,reduces,queue,deadline,deadlineFactor,mrCluster,dependsOn,shuffleMb,outputMb,setupCommitS,mapCpuSPerMb,mapCpuSPerTask,mapSelectivity,reduceCpuSPerMb,reduceCpuSPerTask,reduceSelectivity,mapSeconds,reduceSeconds',
    );
    expect(csv.out).toMatch(/WordCount,0,[\d.]+,3,1,default/);
    expect(await cli(['workloads', 'delete', 'wc', '--data-dir', dir])).toMatchObject({ code: 0, out: 'deleted workload "wc"\n', err: '' });
    // A workload an experiment design names: deleted, and the design that now lacks one is named.
    const s = await startServices({ dataDir: dir });
    try {
      const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'c' } });
      const copy = (await ok<{ id: string; name: string }[]>(s, 'workloads:list', {})).find((w) => w.name === 'wc (2)')!;
      await ok(s, 'experiments:create', {
        spec: { name: 'uses wc', clusterIds: [cluster.id], workloadIds: [copy.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
      });
    } finally {
      await s.close();
    }
    expect(await cli(['workloads', 'delete', 'wc (2)', '--data-dir', dir])).toMatchObject({
      code: 0,
      out: 'deleted workload "wc (2)"\n',
      err: 'note: the experiment "uses wc" used it and will need another workload before it runs again\n',
    });
  });

  it('restores a deleted workload from the run history, by id', async () => {
    const dir = tempDir();
    const s = await startServices({ dataDir: dir });
    let workload: { id: string };
    try {
      const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'c', racks: 1, hostsPerRack: 2 } });
      workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name: 'nightly', jobs: [{ template: 'Sort', submit: 0, maps: 2, reduces: 1 }] } });
      const design = await ok<{ id: string }>(s, 'experiments:create', {
        spec: { name: 'night', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
      });
      const batch = await ok<{ id: string; name: string }>(s, 'experiments:run', { id: design.id });
      await s.runner.settled(batch.id);
    } finally {
      await s.close();
    }
    const deleted = await cli(['workloads', 'delete', 'nightly', '--data-dir', dir]);
    expect(deleted).toMatchObject({ code: 0, out: 'deleted workload "nightly"\n' });
    expect(deleted.err).toMatch(
      new RegExp(
        `^note: the experiment "night" used it .*\nnote: the run history keeps its copy from "night — [^"]+": workloads restore ${workload.id} puts it back\n$`,
      ),
    );
    expect(await cli(['workloads', 'restore', workload.id, '--data-dir', dir])).toMatchObject({
      code: 0,
      out: expect.stringMatching(new RegExp(`^restored workload "nightly" \\(${workload.id}\\) as "night — [^"]+" ran it\n$`)),
    });
    expect((await cli(['workloads', 'list', '--data-dir', dir])).out).toMatch(/^nightly\s+1\s+3\s/m);
    // Again: it is there already, and the refusal says so.
    expect(await cli(['workloads', 'restore', workload.id, '--data-dir', dir])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/this workload is in the studio already/),
    });
  });

  it('clusters import reads a YARN SLS node file', async () => {
    const dir = tempDir();
    const r = await cli(['clusters', 'import', path.join(traces, 'sls/nodes-with-resources.json'), '--data-dir', dir]);
    expect(r).toMatchObject({ code: 0, out: expect.stringMatching(/imported cluster "nodes-with-resources" \(1 rack, 4 hosts, 4 nodes, 38 cores\)/) });
    // The two nodes that state no memory or vcores are said to take SLS's defaults, apart from the
    // one line of stdout a script takes the id from.
    expect(r.out.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(
      /^Imported from a YARN SLS node file: memory and vcores from the file\. 2 of 4 nodes state no memory-mb or vcores, so they take SLS's defaults \(10,240 MB, 10 vcores\)\./,
    );
  });
});
