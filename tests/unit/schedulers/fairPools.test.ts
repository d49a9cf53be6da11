import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { simulate } from '../../../src-main/engine/run/kernel';
import type { ClusterView, Scheduler } from '../../../src-main/engine/scheduling/schedulerApi';
import { compileTopology } from '../../../src-main/engine/core/topology';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { compileJobs, expandJobs } from '../../../src-main/workloads/compile';
import { fingerprint } from '../../helpers/fingerprint';

/**
 * Fair with pools or several queues (schedulers/fairPools.ts) walks each queue's kept order merged
 * by share terms instead of sorting every active job. Pinned here against the rule written out in
 * full: at every map launch of greedy Fair, the job asked is the first, among all active jobs with
 * a pending map, by (under min share first, share measure, launched earlier in this heartbeat —
 * the latest first, submit time, index), every term computed afresh from the view.
 */
const spec = ClusterSpecSchema.parse({
  name: 'pools',
  hostTypes: [{ id: 'h', name: 'h', cores: 4, coreSpeed: 1, memoryGb: 64, disks: [{ readMBps: 100, writeMBps: 100 }], nicMBps: 125 }],
  network: { rackUplinkMBps: 500, oversubscription: 1 },
  racks: [0, 1].map((r) => ({ name: `r${r}`, hosts: [0, 1, 2, 3, 4].map((h) => ({ name: `r${r}h${h}`, type: 'h' })) })),
});
const QUEUES = ['q0', 'q1', 'q1', 'q2', 'q2', 'q2'];
const workload = WorkloadSpecSchema.parse({
  jobs: Array.from({ length: 90 }, (_, i) => ({
    id: `j${i}`,
    template: i % 4 ? 'Grep' : 'Sort',
    submit: Math.floor(i / 15) * 40 + (i % 5),
    inputMb: (2 + ((i * 7) % 13)) * 128,
    reduces: i % 4 ? 1 : 2,
    queue: QUEUES[i % QUEUES.length],
  })),
});
const options = SimulationOptionsSchema.parse({ heartbeatS: 1, failures: [{ node: 'r1h3', atS: 70 }], nodeTimeoutS: 20, taskFailureProbability: 0.03 });
const POOLS = [
  { name: 'q0', minShare: 6, weight: 1 },
  { name: 'q1', minShare: 0, weight: 3 },
];

type Pool = { name: string; minShare: number; weight: number };

/** The first job the rule says a free map slot goes to, from nothing but the view. */
function firstByRule(view: ClusterView, pools: Pool[], launchedInBeat: Map<number, number>): number {
  const running = (j: number) => view.runningMaps(j) + view.runningReduces(j);
  const poolRunning = new Map<string, number>();
  const poolJobs = new Map<string, number>();
  for (const j of view.activeJobs) {
    const q = view.job(j).queue;
    poolRunning.set(q, (poolRunning.get(q) ?? 0) + running(j));
    poolJobs.set(q, (poolJobs.get(q) ?? 0) + 1);
  }
  const key = (j: number) => {
    const q = view.job(j).queue;
    const pool = pools.find((p) => p.name === q);
    const below = pool !== undefined && pool.minShare > 0 && poolRunning.get(q)! < pool.minShare;
    const measure = below ? poolRunning.get(q)! / pool.minShare : running(j) / ((pool?.weight ?? 1) / poolJobs.get(q)!);
    return [below ? 0 : 1, measure, -(launchedInBeat.get(j) ?? 0), view.jobSubmitTime(j), j];
  };
  const waiting = view.activeJobs.filter((j) => view.pendingMaps(j) > 0);
  const less = (a: number[], b: number[]) => {
    const k = a.findIndex((x, i) => x !== b[i]);
    return k >= 0 && a[k] < b[k];
  };
  return waiting.reduce((best, j) => (best < 0 || less(key(j), key(best)) ? j : best), -1);
}

function run(pools: Pool[], check: boolean, withLog = true) {
  const inner = createScheduler(SchedulerSpecSchema.parse({ kind: 'fair', mapSlots: 2, reduceSlots: 1, nodeLocalityWaitS: 0, rackLocalityWaitS: 0, pools }));
  const mismatches: string[] = [];
  let asked = 0;
  const launchedInBeat = new Map<number, number>();
  const watched = (view: ClusterView): ClusterView => {
    const own: Partial<ClusterView> = withLog ? {} : { jobsChangedSince: () => undefined };
    if (check) {
      // Greedy Fair asks findMap only of the job it launches (every job with a pending map has one anywhere).
      own.findMap = (j, n, level, out, serverLocality) => {
        asked++;
        const expected = firstByRule(view, pools, launchedInBeat);
        if (expected !== j && mismatches.length < 5) mismatches.push(`t=${view.now}: asked job ${j}, the rule says ${expected}`);
        const q = view.job(j).queue;
        const pool = pools.find((p) => p.name === q);
        const poolRunning = view.activeJobs.filter((k) => view.job(k).queue === q).reduce((s, k) => s + view.runningMaps(k) + view.runningReduces(k), 0);
        if (!(pool && pool.minShare > 0 && poolRunning < pool.minShare)) launchedInBeat.set(j, launchedInBeat.size + 1);
        return view.findMap(j, n, level, out, serverLocality);
      };
    }
    return Object.assign(Object.create(view), own);
  };
  const scheduler: Scheduler = {
    name: inner.name,
    onHeartbeat: (n, view) => {
      launchedInBeat.clear();
      inner.onHeartbeat(n, watched(view));
    },
    onJobSubmitted: (j, view) => inner.onJobSubmitted?.(j, watched(view)),
    onJobFinished: (j, view) => inner.onJobFinished?.(j, watched(view)),
  };
  const result = simulate({ topology: compileTopology(spec), jobs: compileJobs(expandJobs(workload, 5), spec.hdfs.blockSizeMb), options, seed: 5, scheduler });
  return { result, mismatches, asked };
}

describe('Fair with pools or several queues', () => {
  for (const [name, pools] of [
    ['three queues, no pools', []],
    ['pools with a min share and a weight', POOLS],
  ] as const) {
    it(`${name}: every map slot goes to the job the rule puts first`, () => {
      const { result, mismatches, asked } = run([...pools], true);
      expect(mismatches).toEqual([]);
      expect(asked).toBeGreaterThan(300);
      expect(result.jobs.filter((j) => j.status === 'unfinished')).toEqual([]);
    });

    it(`${name}: the same run without the engine's change log (an MR-cluster's view)`, () => {
      expect(fingerprint(run([...pools], false, false).result)).toBe(fingerprint(run([...pools], false, true).result));
    });
  }
});
