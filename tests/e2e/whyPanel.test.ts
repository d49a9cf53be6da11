import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/clusterGenerator';
import type { BatchSummary } from '@shared/design';
import { useTempDirs } from '../helpers/tempDir';
import { ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/**
 * The why-panel on a job of the size real traces have (issue 31: a job of 2,544 maps froze the page
 * 8.7 s, 11,468 rows at once). Only the rows in view may be in the page: a count, not a timing.
 */
describe('the why-panel on a job of thousands of tasks', () => {
  it('explains a 2,544-map job in every run with only the visible rows in the page, and scrolls to its last attempt', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const s = studio.services;
      const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'forty nodes', racks: 2, hostsPerRack: 20 } });
      const workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name: 'one huge job', jobs: [{ id: 'huge', template: 'WordCount', submit: 0, maps: 2544, reduces: 16 }, { id: 'small', template: 'Sort', submit: 5, maps: 8, reduces: 2 }] } });
      const design = await ok<{ id: string }>(s, 'experiments:create', { spec: { name: 'huge job', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }, { kind: 'fair' }], seeds: [1, 2] } });
      const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
      await s.runner.settled(batch.id);

      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      await page.getByTestId('why-panel').waitFor();
      await page.getByTestId('why-job').fill('huge');
      await page.getByTestId('why-ask').click();
      await expect.poll(() => page.locator('[data-why-run]').count(), { timeout: 60_000 }).toBe(4);
      const tables = page.getByTestId('why-attempts');
      await expect.poll(() => tables.count()).toBe(4);
      for (let i = 0; i < 4; i++) {
        const table = tables.nth(i);
        // Every attempt is there to scroll to; a screenful of them is in the page.
        expect(Number(await table.getAttribute('data-rows'))).toBeGreaterThanOrEqual(2560);
        expect(await table.locator('tr[data-attempt]').count()).toBeLessThan(40);
      }
      // Scrolled to the end, the last attempt is drawn (and the first is gone from the page).
      const first = tables.first();
      const rows = Number(await first.getAttribute('data-rows'));
      await first.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await first.locator(`tr[data-attempt="${rows - 1}"]`).waitFor();
      expect(await first.locator('tr[data-attempt="0"]').count()).toBe(0);
      await page.getByTestId('why-panel').scrollIntoViewIfNeeded();
      await screenshot(page, 'why-panel-huge-job');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 300_000);
});
