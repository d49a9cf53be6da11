import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { DesignRecord } from '@shared/experiment/design';
import { optionLabel, SchedulerSpecSchema } from '@shared/schedulers';
import { sweepableParameters } from '@shared/experiment/design';
import { useTempDirs } from '../helpers/tempDir';
import { ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/** Issue 55 item 4 in the designer: the sweep's lists and messages in the cards' words, never option keys or zod's. */
describe("the designer's lists and messages in Chromium", () => {
  it('lists every parameter by its label, names the schedulers, and says why a value is refused in words', async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
      const workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name: 'w', jobs: [{ template: 'Sort', submit: 0, maps: 4 }] } });
      const design = await ok<DesignRecord>(s, 'experiments:create', {
        spec: { name: 'sweep words', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'prism' }, { kind: 'fair' }], seeds: [1, 2] },
      });
      await openAt(page, studio.server.url, `#/experiments/${design.id}`);
      await page.getByTestId('experiment-designer').waitFor();
      await page.getByTestId('sweep-target').selectOption('scheduler');
      const parameter = page.getByTestId('sweep-parameter');
      await parameter.waitFor();
      const keys = sweepableParameters(SchedulerSpecSchema.parse({ kind: 'prism' }));
      await expect.poll(() => parameter.locator('option').allTextContents()).toEqual(keys.map((k) => optionLabel('prism', k)));
      expect(await page.getByTestId('sweep-scheduler').locator('option').allTextContents()).toEqual([
        '1. PRISM (phase-level)',
        '2. Fair Scheduler (delay or greedy)',
      ]);
      // PRISM's α at −1: refused, in words, at the value.
      await parameter.selectOption('alpha');
      await page.getByTestId('sweep-values').fill('1, -1');
      await page.getByTestId('sweep-values').press('Tab');
      const problem = page.locator('.design-card', { hasText: 'Sweep' }).locator('.errors li');
      await expect
        .poll(() => problem.allTextContents())
        .toEqual([expect.stringMatching(/^Value 2: α \(eq\. 1\) = -1 for scheduler 1 \(PRISM \(phase-level\)\): must be at least 0$/)]);
      await page.getByTestId('sweep-target').selectOption('simulation');
      const labels = await parameter.locator('option').allTextContents();
      expect(labels).toContain('Heartbeat s');
      expect(labels.filter((l) => /^[a-z]+[A-Z]\w*$/.test(l))).toEqual([]);
      await screenshot(page, 'sweep-words');
      // Pinned with an empty profile store: PRISM says which of the workload's templates it has no phase profile for.
      await page.getByTestId('refresh-profiles').click();
      await expect
        .poll(() => page.getByTestId('prism-without-profiles').textContent())
        .toMatch(/PRISM has no phase-level profile for Sort: those jobs run at task level/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 180_000);
});
