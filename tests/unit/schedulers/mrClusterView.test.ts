import { describe, expect, it } from 'vitest';
import type { Scheduler, ViewWith } from '../../../src-main/engine/scheduling/schedulerApi';
import { mrClusterView } from '../../../src-main/schedulers/fawkes/mrClusterView';
import { cpuOnly, fifo, job, mrClusterTopology, run } from '../../helpers/engineFixtures';

/** The view FAWKES gives each MR-cluster's scheduler: the cluster's view with its own job set, by composition. */
describe("an MR-cluster's view", () => {
  it('shows only its jobs and their waiting work, and acts on the cluster through the cluster view', () => {
    const topology = mrClusterTopology(
      [
        { name: 'a', core: 2 },
        { name: 'b', core: 2 },
      ],
      0,
    );
    const jobs = [job('a0', cpuOnly(5), { maps: 2, mrCluster: 'a' }), job('b0', cpuOnly(5), { maps: 3, mrCluster: 'b' })];
    const seen: Record<string, unknown>[] = [];
    // As FAWKES holds its MR-clusters' schedulers: typed by the view a stock scheduler asks for.
    const inner: Scheduler<ViewWith<'attempts'>> = fifo(2, 1);
    const r = run(topology, jobs, {
      name: 'one MR-cluster',
      onHeartbeat(n, view) {
        const a = mrClusterView(view, 0);
        if (view.activeJobs.length === 2) a.jobs.push(0);
        if (seen.length === 0 && a.jobs.length) {
          seen.push({
            active: [...a.activeJobs],
            pending: a.pendingTasks(),
            mapPending: [...a.mapPendingJobs()],
            clusterPending: view.pendingTasks(),
            now: a.now === view.now,
            changes: a.jobsChangedSince(0),
          });
          expect(() => a.wakeAt(view.now + 1)).toThrow(/cannot ask for wake-ups/);
          expect(() => a.assignNode(0, 1, 0)).toThrow(/cannot move nodes/);
          expect(() => a.takeStoredData(0)).toThrow(/cannot move data/);
        }
        // Its scheduler launches through the composed view: the engine's own methods, on the engine's state.
        inner.onHeartbeat(n, a.jobs.length && view.nodeMrCluster(n) === 0 ? a : view);
      },
    });
    expect(seen).toEqual([{ active: [0], pending: 2, mapPending: [0], clusterPending: 5, now: true, changes: undefined }]);
    expect(r.jobs.map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
  });
});
