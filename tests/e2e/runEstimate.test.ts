import { describe, expect, it } from 'vitest';
import type { BatchSummary, DesignRecord } from '@shared/experiment/design';
import { hoursOfWork } from '../helpers/largeDesign';
import { useTempDirs } from '../helpers/tempDir';
import { ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/**
 * The designer says what a batch would cost before it runs, and a batch of hours waits for the
 * user's "Run it anyway" (issue 32): Run stays off until then, and the batch starts once asked.
 */
describe('the designer: what a batch would cost', () => {
  it('shows the estimate of a small design, and holds a batch of hours until the user asks for it', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 860 } });
    const errors = watchErrors(page);
    try {
      await ok(studio.services, 'settings:update', { runThreads: 1, queue: null });
      const sample = await ok<{ experimentId: string; clusterId: string }>(studio.services, 'studio:sample', {});
      await openAt(page, studio.server.url, `#/experiments/${sample.experimentId}`);
      const estimate = page.getByTestId('run-estimate');
      await expect
        .poll(() => estimate.textContent(), { timeout: 20_000 })
        .toMatch(
          /^Estimate: \d+ runs, the largest [\d,]+ tasks \(about \d+ MB\); under a minute in all on 1 thread of a machine like the studio's 2-core build machine\.$/,
        );
      expect(await page.getByTestId('run').isDisabled()).toBe(false);

      const big = await ok<DesignRecord>(studio.services, 'experiments:create', { spec: await hoursOfWork(studio.services, sample.clusterId) });
      await openAt(page, studio.server.url, `#/experiments/${big.id}`);
      await expect
        .poll(() => page.getByTestId('run-estimate').textContent(), { timeout: 20_000 })
        .toMatch(/A large batch: the 60 runs would take about [\d.]+ (min|h) on 1 thread, more than an hour\./);
      expect(await page.getByTestId('run').isDisabled()).toBe(true);
      await screenshot(page, 'designer-large-batch');
      await page.getByTestId('allow-large').check();
      expect(await page.getByTestId('run').isDisabled()).toBe(false);
      await page.getByTestId('run').click();
      await expect.poll(async () => (await ok<BatchSummary[]>(studio.services, 'batches:list', {})).length, { timeout: 20_000 }).toBe(1);
      const [batch] = await ok<BatchSummary[]>(studio.services, 'batches:list', {});
      await ok(studio.services, 'batches:cancel', { id: batch.id });
      await studio.services.runner.settled(batch.id);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 120_000);
});
