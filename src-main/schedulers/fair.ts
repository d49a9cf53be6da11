import type { SchedulerSpec } from '@shared/schedulers';
import type { ClusterView, Scheduler } from '../engine/schedulerApi';
import { Locality } from '../engine/topology';
import { launchMap, launchReduce } from './slotHelpers';

type FairSpec = Extract<SchedulerSpec, { kind: 'fair' }>;

/**
 * Hadoop Fair Scheduler with pools, min shares and weights, and delay scheduling (Zaharia et al.,
 * EuroSys'10, Algorithm 2): jobs are ordered by how far they are below their share — pools under
 * their min share first (by running / minShare), then by running tasks / weight. A job that cannot
 * launch a node-local map is skipped for up to `nodeLocalityWaitS`, then may go rack-local, and
 * after a further `rackLocalityWaitS` anywhere; a launch resets its wait. With both waits at 0
 * this is the "PureFair" greedy-locality scheduler the ILA paper compares against.
 */
export function fairScheduler(spec: FairSpec): Scheduler {
  const pools = new Map(spec.pools.map((p) => [p.name, p]));
  const found = { level: Locality.Node as Locality };
  // Delay scheduling state per job: its allowed level and when it last launched a map.
  const level = new Map<number, Locality>();
  const lastLaunch = new Map<number, number>();
  const greedy = spec.nodeLocalityWaitS === 0 && spec.rackLocalityWaitS === 0;

  function order(view: ClusterView): number[] {
    const poolRunning = new Map<string, number>();
    const poolJobs = new Map<string, number>();
    for (const j of view.activeJobs) {
      const q = view.job(j).queue;
      poolRunning.set(q, (poolRunning.get(q) ?? 0) + view.runningMaps(j) + view.runningReduces(j));
      poolJobs.set(q, (poolJobs.get(q) ?? 0) + 1);
    }
    const key = (j: number): [number, number, number] => {
      const q = view.job(j).queue;
      const pool = pools.get(q);
      const running = poolRunning.get(q) ?? 0;
      if (pool && pool.minShare > 0 && running < pool.minShare) return [0, running / pool.minShare, view.jobSubmitTime(j)];
      const weight = (pool?.weight ?? 1) / (poolJobs.get(q) ?? 1);
      return [1, (view.runningMaps(j) + view.runningReduces(j)) / weight, view.jobSubmitTime(j)];
    };
    const keyed = view.activeJobs.map((j) => ({ j, k: key(j) }));
    keyed.sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2] || a.j - b.j);
    return keyed.map((x) => x.j);
  }

  function allowedLevel(j: number, now: number): Locality {
    if (greedy) return Locality.OffRack;
    const since = now - (lastLaunch.get(j) ?? now);
    let l = level.get(j) ?? Locality.Node;
    if (l === Locality.Node && since >= spec.nodeLocalityWaitS) l = Locality.Rack;
    if (l === Locality.Rack && since >= spec.nodeLocalityWaitS + spec.rackLocalityWaitS) l = Locality.OffRack;
    return l;
  }

  return {
    name: greedy ? 'fair (greedy locality)' : 'fair (delay)',
    onJobSubmitted(j, view) {
      lastLaunch.set(j, view.now);
      level.set(j, Locality.Node);
    },
    onJobFinished(j) {
      lastLaunch.delete(j);
      level.delete(j);
    },
    onHeartbeat(n: number, view: ClusterView) {
      let freeMaps = spec.mapSlots - view.nodeRunningMaps(n);
      let freeReduces = spec.reduceSlots - view.nodeRunningReduces(n);
      if (freeMaps <= 0 && freeReduces <= 0) return;
      while (freeMaps > 0) {
        let launched = false;
        for (const j of order(view)) {
          if (view.pendingMaps(j) === 0) continue;
          const allowed = allowedLevel(j, view.now);
          const why = greedy ? `Fair: job ${view.job(j).id} is furthest below its fair share` : `Fair (delay): job ${view.job(j).id} is furthest below its fair share, may go ${['node-local', 'server-local', 'rack-local', 'anywhere'][allowed]}`;
          if (launchMap(view, j, n, allowed, why, found)) {
            lastLaunch.set(j, view.now);
            // A local launch returns the job to strict locality (Algorithm 2).
            level.set(j, found.level <= Locality.Server ? Locality.Node : allowed);
            launched = true;
            break;
          }
          // Skipped: it keeps waiting for a better placed slot (its wait clock keeps running).
        }
        if (!launched) break;
        freeMaps--;
      }
      while (freeReduces > 0) {
        let launched = false;
        for (const j of order(view)) {
          if (launchReduce(view, j, n, `Fair: job ${view.job(j).id} is furthest below its fair share`)) {
            launched = true;
            break;
          }
        }
        if (!launched) break;
        freeReduces--;
      }
    },
  };
}
