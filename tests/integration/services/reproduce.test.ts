import { describe, expect, it } from 'vitest';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import type { ReproduceEntry } from '@shared/results/reproductions';
import type { Services } from '../../../src-main/services';
import { ok, useServices } from '../../helpers/services';

const open = useServices();

const presetOf = (entries: ReproduceEntry[], file: string) => entries.flatMap((e) => e.presets).find((p) => p.file === file)!;

describe('the Reproduce area', () => {
  it('lists every paper with its claim and presets, with no result before a run', async () => {
    const s = await open();
    const entries = await ok<ReproduceEntry[]>(s, 'reproduce:list', {});
    expect(entries.map((e) => e.id)).toEqual(['prism', 'liu', 'ila', 'aria', 'fawkes']);
    const puma = presetOf(entries, 'prism-puma.experiment.json');
    expect(puma).toMatchObject({
      name: 'PRISM PUMA mix',
      setup: { nodes: 10, seeds: [1, 2, 3], schedulers: ['Hadoop Fair Scheduler (8/6 slots)', 'YARN Capacity (128 vcores)', 'PRISM'] },
    });
    expect(puma.latest).toBeUndefined();
    expect(entries[0].claim).toMatch(/sec\. 6\.3/);
  });

  it("runs a preset at reduced size and puts its numbers beside the paper's", async () => {
    const s = await open();
    const started = await ok<BatchSummary>(s, 'reproduce:run', { file: 'liu-balanced.experiment.json', size: 'reduced' });
    expect(started.tags).toEqual(['reduced', 'reproduce', 'preset:liu-balanced.experiment.json'].sort());
    await s.runner.settled(started.id);
    const detail = await ok<BatchDetail>(s, 'batches:get', { id: started.id });
    // Reduced: three seeds, every scheduler, about half the jobs.
    expect(detail.results.map((r) => [r.label, r.seed, r.status])).toEqual(
      ['YARN (one core per task)', 'Finer-Grained CPU'].flatMap((label) => [1, 2, 3].map((seed) => [label, seed, 'finished'])),
    );
    // Its two jobs start together: nothing to halve (services/reducedRun.ts), both kept.
    expect(detail.inputs.workloads[0].spec.jobs.map((j) => j.template)).toEqual(['Pi', 'TeraGen']);

    const balanced = presetOf(await ok<ReproduceEntry[]>(s, 'reproduce:list', {}), 'liu-balanced.experiment.json');
    expect(balanced.latest).toMatchObject({ batchId: started.id, status: 'finished', reduced: true, seeds: [1, 2, 3] });
    const pi = balanced.latest!.outcomes.pi;
    // Pi is faster under Finer-Grained CPU on every seed, as on the full preset (docs/reproductions.md: −17 % over seeds 1-3),
    // and the verdict comes from the paired test across the three seeds.
    expect(pi.value).toBeLessThan(-10);
    expect(pi.seeds).toBe(3);
    expect(pi.p!).toBeLessThan(0.05);
    expect(pi.verdict?.kind).toMatch(/within|smaller|larger/);
    expect(pi.verdict?.text).toContain('3 seeds');
    expect(balanced.latest!.outcomes.teragen.value).not.toBeNull();
    // Other presets have no run yet.
    expect(presetOf(await ok<ReproduceEntry[]>(s, 'reproduce:list', {}), 'liu-io-heavy.experiment.json').latest).toBeUndefined();
  });

  it('opens a preset in Experiments once: opening it again gives the same design', async () => {
    const s = await open();
    const first = await ok<DesignRecord>(s, 'reproduce:open', { file: 'prism-puma.experiment.json' });
    const again = await ok<DesignRecord>(s, 'reproduce:open', { file: 'prism-puma.experiment.json' });
    expect(again.id).toBe(first.id);
    expect(first.spec.seeds).toEqual([1, 2, 3]);
    expect((await ok<unknown[]>(s, 'experiments:list', {})).length).toBe(1);
  });

  it("refuses anything but a preset's file name", async () => {
    const s = await open();
    for (const file of ['../../package.json', 'nothing.experiment.json']) {
      const r = await s.dispatch('reproduce:run', { file, size: 'reduced' });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.field).toBe('file');
    }
    const r = await s.dispatch('reproduce:run', { file: 'prism-puma.experiment.json', size: 'half' });
    expect(r.ok || r.error.field).toBe('size');
  });
});
