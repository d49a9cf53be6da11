import { clusterSlots } from '@shared/schedulers/concurrency';
import type { ClusterSpec } from '@shared/cluster/cluster';
import { describe, expect, it } from 'vitest';
import type { PlannerCheckResult } from '@shared/aria/check';
import { plan } from '@shared/aria/plan';
import type { AriaMeasurement } from '@shared/aria/measurements';
import type { StoredScalingRun } from '@shared/aria/scaling';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import type { WhyAnswer } from '@shared/results/runData';
import type { ProfileStore } from '@shared/workload/templates';
import { startServices } from '../../../src-main/services';
import { ok } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';
import { TABLE1 } from '../../unit/aria/fixtures';

const tempDir = useTempDirs();

describe('ARIA through the services', () => {
  it('learns ARIA profiles from finished runs, pins them for MinEDF and fills "Deadlines met" for every scheduler', async () => {
    const s = await startServices({ dataDir: tempDir() });
    try {
      const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
      const workload = await ok<{ id: string }>(s, 'workloads:create', {
        spec: {
          name: 'deadlines',
          generate: {
            count: 10,
            arrival: { kind: 'poisson', meanInterarrivalS: 20 },
            mix: [{ template: 'WordCount', weight: 1, maps: [4, 16], reduces: 4 }],
            deadlineFactor: [1.5, 3],
          },
        },
      });
      const design = await ok<DesignRecord>(s, 'experiments:create', {
        spec: {
          name: 'edf',
          clusterIds: [cluster.id],
          workloadIds: [workload.id],
          schedulers: [{ kind: 'fifo' }, { kind: 'fair' }, { kind: 'minedf' }],
          seeds: [1],
        },
      });
      const first = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
      await s.runner.settled(first.id);
      // The first run pinned what the store knew then (nothing); the store has learnt since.
      const store = await ok<ProfileStore>(s, 'profiles:list', {});
      const wc = store.measured.find((m) => m.template === 'WordCount')!;
      expect(wc.aria!.profile.mAvg).toBeGreaterThan(0);
      expect(wc.aria!.profile.rAvg).toBeGreaterThan(0);
      await ok(s, 'experiments:refreshProfiles', { id: design.id });
      const pinned = (await ok<DesignRecord>(s, 'experiments:get', { id: design.id })).spec.profiles!;
      expect(pinned.aria.WordCount).toEqual(wc.aria!.profile);
      const second = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
      await s.runner.settled(second.id);
      const detail = await ok<BatchDetail>(s, 'batches:get', { id: second.id });
      expect(detail.results.map((r) => r.label)).toEqual(['FIFO', 'Fair (delay)', 'MinEDF']);
      for (const run of detail.results) expect(run.summary!.deadlineHitRate).not.toBeNull();
      // The why-panel shows MinEDF's reasons: the model's minimum for the job's deadline.
      const why = await ok<WhyAnswer>(s, 'batches:why', { id: second.id, job: 'g1' });
      const minedf = why.runs.find((r) => r.label === 'MinEDF')!;
      expect(
        minedf.attempts.some((a) =>
          /MinEDF: job g1 is below its minimum \(the ARIA avg bound needs \d+ map \+ \d+ reduce slots for its \d+ maps? and \d+ reduces? left to finish by \d+ s\)/.test(
            a.reason,
          ),
        ),
      ).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('saves named profiles and simulates chosen slot points on a saved cluster', async () => {
    const s = await startServices({ dataDir: tempDir() });
    try {
      await ok(s, 'planner:saveProfile', { template: 'WordCount', name: 'staging 3 runs', profile: TABLE1.WordCount });
      expect((await ok<ProfileStore>(s, 'profiles:list', {})).aria).toMatchObject([
        { template: 'WordCount', name: 'staging 3 runs', profile: TABLE1.WordCount },
      ]);
      // The same name again is refused unless replacing is asked for: nothing saved is lost by accident.
      const clash = await s.dispatch('planner:saveProfile', { template: 'WordCount', name: 'staging 3 runs', profile: TABLE1.Sort });
      expect(!clash.ok && clash.error.code).toBe('conflict');
      expect((await ok<ProfileStore>(s, 'profiles:list', {})).aria[0].profile).toEqual(TABLE1.WordCount);
      await ok(s, 'planner:saveProfile', { template: 'WordCount', name: 'staging 3 runs', profile: TABLE1.Sort, replace: true });
      expect((await ok<ProfileStore>(s, 'profiles:list', {})).aria[0].profile).toEqual(TABLE1.Sort);
      const bad = await s.dispatch('planner:saveProfile', { template: 'WordCount', name: 'x', profile: { ...TABLE1.WordCount, mMax: 1 } });
      expect(!bad.ok && bad.error.field).toBe('profile.mMax');
      const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 8 } });
      const check = await ok<PlannerCheckResult>(s, 'planner:check', {
        clusterId: cluster.id,
        template: 'WordCount',
        profile: TABLE1.WordCount,
        maps: 24,
        reduces: 4,
        deadlineS: 400,
        points: [
          { mapSlots: 8, reduceSlots: 4 },
          { mapSlots: 2, reduceSlots: 1 },
        ],
      });
      expect(check.points).toHaveLength(2);
      // Fewer slots: longer, in the simulation as in the model.
      expect(check.points[1].simulatedS!).toBeGreaterThan(check.points[0].simulatedS!);
      expect(check.points[1].predicted.avg).toBeGreaterThan(check.points[0].predicted.avg);
      const tooMany = await s.dispatch('planner:check', {
        clusterId: cluster.id,
        template: 'WordCount',
        profile: TABLE1.WordCount,
        maps: 4,
        reduces: 1,
        points: [{ mapSlots: 10_000, reduceSlots: 1 }],
      });
      expect(!tooMany.ok && tooMany.error.field).toBe('points.0.mapSlots');
      // In words: which point, what it needs, what the cluster has, and what to change.
      expect(!tooMany.ok && tooMany.error.message).toBe(
        'point 1 (10,000 map + 1 reduce slots) needs more map slots than “lab” has (32): a cluster runs only allocations within its slots, so give the job at most 32 map slots or pick a larger cluster',
      );
      expect((await ok<{ removed: boolean }>(s, 'planner:deleteProfile', { template: 'WordCount', name: 'staging 3 runs' })).removed).toBe(true);
    } finally {
      await s.close();
    }
  });

  it("lists the history's batches that measured a template, as staging runs a scaling fit uses (eq. 9-10)", async () => {
    const s = await startServices({ dataDir: tempDir() });
    try {
      const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
      const stage = async (name: string, inputMb: number) => {
        const workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name, jobs: [{ template: 'WordCount', submit: 0, inputMb, reduces: 4 }] } });
        const design = await ok<DesignRecord>(s, 'experiments:create', {
          spec: { name, clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1, 2] },
        });
        const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
        await s.runner.settled(batch.id);
        return batch.id;
      };
      const small = await stage('staging 1 GB', 1024);
      const large = await stage('staging 4 GB', 4096);
      const runs = await ok<StoredScalingRun[]>(s, 'planner:scalingRuns', { template: 'WordCount' });
      // Newest first; each batch's two seeds added up into one staging run.
      expect(runs.map((r) => [r.batchId, r.runs, r.cluster])).toEqual([
        [large, 2, 'lab'],
        [small, 2, 'lab'],
      ]);
      expect(runs[0].mbPerReduce).toBeGreaterThan(3 * runs[1].mbPerReduce);
      expect(runs[0].profile.rAvg).toBeGreaterThan(runs[1].profile.rAvg);
      // The fit over them predicts a longer reduce for a larger input, as the planner shows it.
      const scaled = plan({
        profile: runs[1].profile,
        inputMb: 8192,
        reduces: 4,
        mapSlots: 8,
        reduceSlots: 4,
        scaleFrom: runs.map(({ profile, mbPerReduce }) => ({ profile, mbPerReduce })),
      });
      expect(scaled.profile.rAvg).toBeGreaterThan(runs[0].profile.rAvg);
      expect(await ok<StoredScalingRun[]>(s, 'planner:scalingRuns', { template: 'Sort' })).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('says what each history entry measured on each cluster, for the planner to pick from', async () => {
    const s = await startServices({ dataDir: tempDir() });
    try {
      const lab = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
      const slow = await ok<{ id: string }>(s, 'clusters:generate', {
        params: { ...defaultUniformCluster, name: 'slow disks', racks: 1, hostsPerRack: 4, diskMBps: 40 },
      });
      const workload = await ok<{ id: string }>(s, 'workloads:create', {
        spec: {
          name: 'wc',
          jobs: [
            { template: 'WordCount', submit: 0, maps: 8, reduces: 2 },
            { template: 'Sort', submit: 5, maps: 4, reduces: 1 },
          ],
        },
      });
      const design = await ok<DesignRecord>(s, 'experiments:create', {
        spec: {
          name: 'two clusters',
          clusterIds: [lab.id, slow.id],
          workloadIds: [workload.id],
          schedulers: [{ kind: 'fifo' }, { kind: 'fair' }],
          seeds: [1, 2],
        },
      });
      const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
      await s.runner.settled(batch.id);
      const all = await ok<AriaMeasurement[]>(s, 'planner:measurements', {});
      const wordCount = all.filter((m) => m.template === 'WordCount');
      // One entry per cluster the batch ran on, never the two pooled; each names its saved cluster.
      // Each with the slots the planner defaults to: the cluster's as the runs had it.
      const slots = clusterSlots((await ok<{ spec: ClusterSpec }>(s, 'clusters:get', { id: lab.id })).spec);
      expect(wordCount.map((m) => [m.key, m.cluster, m.runs, m.schedulers])).toEqual([
        [`${batch.id}/0`, { id: lab.id, name: 'lab', slots }, 4, ['FIFO', 'Fair (delay)']],
        [`${batch.id}/1`, { id: slow.id, name: 'slow disks', slots }, 4, ['FIFO', 'Fair (delay)']],
      ]);
      expect(wordCount.every((m) => m.totals.maps.count === 4 * 8)).toBe(true);
      // One WordCount job of 8 maps per run, counted once however many of its tasks went in.
      expect(wordCount.map((m) => m.totals.jobs)).toEqual([
        { count: 4, minMaps: 8, maxMaps: 8 },
        { count: 4, minMaps: 8, maxMaps: 8 },
      ]);
      // Slower disks: longer maps, which a pooled profile would have hidden in its average.
      expect(wordCount[1].totals.maps.sumS).toBeGreaterThan(wordCount[0].totals.maps.sumS);
      expect(all.filter((m) => m.template === 'Sort')).toHaveLength(2);
      // A comparison across history holds copies of the entries' runs: it measured nothing, and is not
      // counted again (it used to double the runs the planner said a profile was measured over).
      const again = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
      await s.runner.settled(again.id);
      const beforeComparing = await ok<AriaMeasurement[]>(s, 'planner:measurements', {});
      expect(beforeComparing.filter((m) => m.template === 'WordCount').map((m) => m.runs)).toEqual([4, 4, 4, 4]);
      const compared = await ok<BatchSummary>(s, 'batches:compare', { members: [{ id: batch.id }, { id: again.id }] });
      expect(compared.runs).toBe(16);
      expect(await ok<AriaMeasurement[]>(s, 'planner:measurements', {})).toEqual(beforeComparing);
      for (const id of [compared.id, again.id]) await ok(s, 'batches:delete', { id });
      // A deleted entry takes its measurements with it.
      await ok(s, 'batches:delete', { id: batch.id });
      expect(await ok<AriaMeasurement[]>(s, 'planner:measurements', {})).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
