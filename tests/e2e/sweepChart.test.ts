import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail } from '@shared/experiment/design';
import { runToEnd } from '../helpers/experimentStudio';
import { useTempDirs } from '../helpers/tempDir';
import type { Services } from '../../src-main/services';
import { downloadOf, ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/** A design of FIFO and Fair on eight nodes, run to its end as the app runs it, with `rest` over it (a sweep): its batch. */
async function ranBatch(s: Services, name: string, rest: Record<string, unknown>): Promise<BatchDetail> {
  const cluster = await ok<{ id: string }>(s, 'clusters:generate', {
    params: { ...defaultUniformCluster, name: `lab for ${name}`, racks: 2, hostsPerRack: 4 },
  });
  const jobs = [
    { id: 'big', template: 'WordCount', submit: 0, maps: 48, reduces: 2 },
    { id: 'small', template: 'Sort', submit: 10, maps: 6, reduces: 1 },
    { id: 'late', template: 'WordCount', submit: 30, maps: 12, reduces: 1 },
  ];
  const workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name: `three jobs for ${name}`, jobs } });
  const spec = { name, clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }, { kind: 'fair' }], seeds: [1, 2], ...rest };
  const design = await ok<{ id: string }>(s, 'experiments:create', { spec });
  return runToEnd(s, design.id);
}

describe("a sweep's chart in Chromium", () => {
  it('draws the metric chosen against the swept value, saves its numbers as a table, and is absent from a batch without a sweep', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const sweep = { target: 'scheduler', scheduler: 1, parameter: 'nodeLocalityWaitS', values: [0, 3, 6] };
      const swept = await ranBatch(studio.services, 'waits swept', { sweep });
      await openAt(page, studio.server.url, `#/history/${swept.id}`);
      const card = page.getByTestId('sweep-chart');
      await card.waitFor();
      await expect.poll(() => card.locator('h4').textContent()).toMatch(/against Node-locality wait s/);
      expect(await card.getByTestId('sweep-chart-metric').inputValue()).toBe('meanJct');
      const chart = card.getByRole('img', { name: 'Mean job completion time against Node-locality wait s' });
      await chart.waitFor();
      // A metric none of the runs has: said, not drawn as empty axes.
      await card.getByTestId('sweep-chart-metric').selectOption('deadlineHitRate');
      await expect
        .poll(() => card.getByTestId('sweep-chart-empty').textContent())
        .toMatch(/^\s*“Deadlines met” has no value in any swept run: no job of the workload has a deadline\.\s*$/);
      await card.getByTestId('sweep-chart-metric').selectOption('nodeLocal');
      await card.getByRole('img', { name: 'Node-local maps against Node-locality wait s' }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'sweep-chart');
      await card.hover();
      await card.getByTestId('chart-save').locator('summary').click();
      const csv = await downloadOf(page, () => card.locator('[data-save="csv"]').click());
      const rows = parse(csv.bytes.toString(), { columns: true }) as Record<string, string>[];
      // FIFO once, not swept; Fair at each of the three waits, over both seeds.
      expect(rows.map((r) => [r.scheduler, r['Node-locality wait s'], r.seeds])).toEqual([
        ['FIFO', 'not swept', '2'],
        ['Fair Scheduler (delay or greedy)', '0', '2'],
        ['Fair Scheduler (delay or greedy)', '3', '2'],
        ['Fair Scheduler (delay or greedy)', '6', '2'],
      ]);
      for (const r of rows) expect(Number(r['Node-local maps (%)'])).toBeGreaterThan(0);

      const plain = await ranBatch(studio.services, 'no sweep', {});
      await openAt(page, studio.server.url, `#/history/${plain.id}`);
      await page.getByTestId('comparison-charts').waitFor();
      expect(await page.getByTestId('sweep-chart').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 180_000);
});
