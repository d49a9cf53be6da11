import { describe, expect, it } from 'vitest';
import type { BatchDetail, BatchSummary } from '@shared/experiment/design';
import { useTempDirs } from '../helpers/tempDir';
import { ok, startStudio, useBrowser, watchErrors } from './studio';

/**
 * A comparison of runs that lost different jobs (shared/results/comparison.ts markBest): a job time
 * averaged over other jobs in each run ranks neither, and the table says at which seed each
 * finished how many.
 */
const tempDir = useTempDirs();
const browser = useBrowser();

describe('runs that lost different jobs', () => {
  it('rank no job time between them, and say at which seed each finished how many', async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    // The sample's 25 jobs with one attempt per task and a 2 % chance that one fails: FIFO and Fair
    // start tasks in other orders, so the failures fall on other jobs (at seed 2, 15 against 16).
    const sample = await ok<{ clusterId: string; workloadId: string }>(s, 'studio:sample', {});
    const design = await ok<{ id: string }>(s, 'experiments:create', {
      spec: {
        name: 'flaky tasks',
        clusterIds: [sample.clusterId],
        workloadIds: [sample.workloadId],
        schedulers: [{ kind: 'fifo' }, { kind: 'fair' }],
        seeds: [1, 2, 3, 4],
        simulation: { taskFailureProbability: 0.02, maxAttempts: 1 },
      },
    });
    const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await s.runner.settled(batch.id);
    const detail = await ok<BatchDetail>(s, 'batches:get', { id: batch.id });
    const succeeded = (label: string, seed: number) => detail.results.find((r) => r.label === label && r.seed === seed)!.summary!.succeeded;
    const differ = [1, 2, 3, 4].filter((seed) => succeeded('fifo', seed) !== succeeded('fair (delay)', seed));
    expect(differ.length).toBeGreaterThan(0);
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.evaluate(`location.hash = '#/history/${batch.id}'`);
      const table = page.getByTestId('summary-table');
      await table.waitFor();
      const seed = differ[0];
      for (const key of ['meanJct', 'makespan', 'meanAnp', 'jainIndex']) {
        const row = table.locator(`tr[data-metric="${key}"]`);
        expect(await row.locator('td[data-best="true"]').count(), key).toBe(0);
        const mark = row.getByTestId('not-significant');
        expect((await mark.textContent())?.trim(), key).toBe('· jobs differ');
        expect(await mark.getAttribute('title'), key).toMatch(
          new RegExp(
            `^No best: at seed ${seed} (fifo|fair \\(delay\\)) finished \\d+ jobs and (fifo|fair \\(delay\\)) \\d+ jobs, so this metric averages different jobs in each\\.$`,
          ),
        );
      }
      // Throughput counts every job: never "jobs differ".
      expect(await table.locator('tr[data-metric="throughput"]').getByText('jobs differ').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
