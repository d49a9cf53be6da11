import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import { ExperimentSchema } from '@shared/experiment/experiment';
import type { WhyAnswer } from '@shared/results/runData';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { runExperiment } from '../../../src-main/runner/runExperiment';
import { startServices, type Services } from '../../../src-main/services';
import { ok } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';
import { isKind } from '../../../src-main/schedulers/builtIns';

const tempDir = useTempDirs();

const wordCount = (name: string, maps: number) => ({
  name,
  generate: { count: 6, arrival: { kind: 'poisson', meanInterarrivalS: 30 }, mix: [{ template: 'WordCount', weight: 1, maps, reduces: 4 }], deadlineFactor: 2 },
});

async function runDesign(s: Services, spec: object): Promise<{ design: DesignRecord; batch: BatchDetail }> {
  const design = await ok<DesignRecord>(s, 'experiments:create', { spec });
  const started = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
  await s.runner.settled(started.id);
  return { design, batch: await ok<BatchDetail>(s, 'batches:get', { id: started.id }) };
}

/**
 * MinEDF in a design sizes jobs by ARIA profiles measured on the cluster each run is on (sec. 3.2),
 * scaled by eq. 9-10 where that cluster's history ran the template at two or more data sizes per
 * reduce: a template's tasks take different times on different clusters.
 */
describe("a design's ARIA profiles, pinned per cluster", () => {
  it("gives MinEDF each cluster's own profile and scaling factors, borrows none from another cluster, and exports each cluster's file with its own", async () => {
    const s = await startServices({ dataDir: tempDir() });
    try {
      const fast = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'fast', hostsPerRack: 4, coreSpeed: 2 } });
      const slow = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'slow', hostsPerRack: 4, coreSpeed: 1 } });
      const spare = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'spare', hostsPerRack: 4 } });
      const small = await ok<{ id: string }>(s, 'workloads:create', { spec: wordCount('small', 8) });
      const large = await ok<{ id: string }>(s, 'workloads:create', { spec: wordCount('large', 48) });
      // Staging: small jobs on both clusters; large ones (six times the data per reduce) on the fast one only.
      await runDesign(s, { name: 'stage both', clusterIds: [fast.id, slow.id], workloadIds: [small.id], schedulers: [{ kind: 'fifo' }], seeds: [1] });
      await runDesign(s, { name: 'stage large', clusterIds: [fast.id], workloadIds: [large.id], schedulers: [{ kind: 'fifo' }], seeds: [1] });

      const spec = { name: 'edf', clusterIds: [fast.id, slow.id], workloadIds: [large.id], schedulers: [{ kind: 'minedf' }], seeds: [1] };
      const { design, batch } = await runDesign(s, spec);
      const pinned = (await ok<DesignRecord>(s, 'experiments:get', { id: design.id })).spec.profiles!;
      const [onFast, onSlow] = [pinned.ariaByCluster![fast.id], pinned.ariaByCluster![slow.id]];
      expect([onFast.cluster, onSlow.cluster]).toEqual(['fast', 'slow']);
      // Twice the core speed: the fast cluster's maps take about half as long.
      expect(onFast.profiles.WordCount.mAvg).toBeLessThan(0.75 * onSlow.profiles.WordCount.mAvg);
      // Two data sizes per reduce were run on the fast cluster only.
      expect(Object.keys(onFast.scaling)).toEqual(['WordCount']);
      expect(onSlow.scaling).toEqual({});
      expect(onFast.sources.WordCount).toMatch(/^measured on fast over \d+ runs in 2 history entries, last \d{4}-\d\d-\d\d \d\d:\d\d, scaled by eq\. 9-10$/);
      expect(onSlow.sources.WordCount).toMatch(/^measured on slow over 1 run in 1 history entry, last /);

      // Each cluster's runs used its own profile: the batch keeps the specs per cluster.
      const own = (i: number) => {
        const card = batch.inputs.clusters[i].schedulers![0];
        if (!isKind(card, 'minedf')) throw new Error(`cluster ${i}'s card is ${card.kind}`);
        return card;
      };
      expect(own(0).profiles.WordCount).toEqual(onFast.profiles.WordCount);
      expect(own(1).profiles.WordCount).toEqual(onSlow.profiles.WordCount);
      expect(own(0).scaling).toEqual(onFast.scaling);
      expect(own(1).scaling).toEqual({});
      // The why-panel says so: the fast cluster's run sized its jobs at their own data per reduce.
      const why = await ok<WhyAnswer>(s, 'batches:why', { id: batch.id, job: 'g1' });
      // Each run named with its cluster, as the comparison names it.
      expect(why.runs.map((r) => r.label)).toEqual(['MinEDF on fast', 'MinEDF on slow']);
      const reasonsOf = (cluster: number) => why.runs.filter((r) => batch.plan[r.run].cluster === cluster).flatMap((r) => r.attempts.map((a) => a.reason));
      expect(reasonsOf(0).some((w) => /its profile scaled to \d+ MB per reduce, eq\. 9-10/.test(w))).toBe(true);
      expect(reasonsOf(1).length).toBeGreaterThan(0);
      expect(reasonsOf(1).some((w) => w.includes('MB per reduce'))).toBe(false);

      // Each exported file carries the profile pinned for its own cluster.
      const exported = await ok<{ files: { fileName: string; content: string }[] }>(s, 'experiments:export', { id: design.id });
      const fileOf = (cluster: string) => ExperimentSchema.parse(JSON.parse(exported.files.find((f) => f.fileName.includes(`.${cluster}.`))!.content));
      const fastFile = fileOf('fast').schedulers[0];
      expect(isKind(fastFile, 'minedf') && fastFile.profiles.WordCount).toEqual(onFast.profiles.WordCount);
      const slowFile = fileOf('slow').schedulers[0];
      expect(isKind(slowFile, 'minedf') && slowFile.profiles.WordCount).toEqual(onSlow.profiles.WordCount);

      // A design on one cluster: its result file carries the profiles that cluster's runs used, and
      // the CLI running that file gives the app's numbers.
      const single = await runDesign(s, { ...spec, name: 'edf on fast', clusterIds: [fast.id] });
      const singlePins = (await ok<DesignRecord>(s, 'experiments:get', { id: single.design.id })).spec.profiles!.ariaByCluster![fast.id];
      const dir = tempDir();
      const resultFile = path.join(dir, 'edf.result.json');
      fs.writeFileSync(resultFile, (await ok<{ content: string }>(s, 'batches:exportResult', { id: single.batch.id })).content);
      const { inputs } = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as { inputs: { schedulers: { profiles: object; scaling: object }[] } };
      expect(inputs.schedulers[0].profiles).toEqual(singlePins.profiles);
      expect(inputs.schedulers[0].scaling).toEqual(singlePins.scaling);
      const experimentFile = path.join(dir, 'edf.experiment.json');
      fs.writeFileSync(experimentFile, JSON.stringify(inputs));
      const { result } = await runExperiment(loadExperiment(experimentFile));
      expect(result.runs[0].summary.meanJct).toBe(single.batch.results[0].summary!.meanJct);
      expect(result.runs[0].summary.deadlineHitRate).toBe(single.batch.results[0].summary!.deadlineHitRate);

      // A cluster added after the pin borrows nothing until the profiles are refreshed: MinEDF says
      // it has no profile there.
      const current = await ok<DesignRecord>(s, 'experiments:get', { id: design.id });
      await ok(s, 'experiments:update', { id: design.id, spec: { ...current.spec, clusterIds: [spare.id] }, expectedUpdatedAt: current.updatedAt });
      const again = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
      await s.runner.settled(again.id);
      const onSpare = await ok<WhyAnswer>(s, 'batches:why', { id: again.id, job: 'g1' });
      expect(onSpare.runs.flatMap((r) => r.attempts).some((a) => a.reason.includes('no ARIA profile for WordCount: owed every slot it can use'))).toBe(true);
    } finally {
      await s.close();
    }
  });
});
