import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import { runToEnd } from '../helpers/experimentStudio';
import { useTempDirs } from '../helpers/tempDir';
import { askWhy, ok, openAt, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/**
 * A batch of two clusters runs FIFO on each: the runs the Gantt, the why-not panel and the why
 * panel offer must say which cluster, as the summary table's columns do ("FIFO on lab A"), or two
 * "FIFO · seed 1" look alike.
 */
describe("a batch's runs by name", () => {
  it('names each run by its configuration in the Gantt and why-not menus and on the why panel’s cards', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const s = studio.services;
      const lab = (name: string) => ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name, racks: 1, hostsPerRack: 4 } });
      const [a, b] = [await lab('lab A'), await lab('lab B')];
      const jobs = [{ id: 'j1', template: 'WordCount', submit: 0, maps: 8, reduces: 1 }];
      const workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name: 'one job', jobs } });
      const spec = { name: 'two labs', clusterIds: [a.id, b.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] };
      const design = await ok<{ id: string }>(s, 'experiments:create', { spec });
      const batch = await runToEnd(s, design.id);
      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      const named = ['FIFO on lab A · seed 1', 'FIFO on lab B · seed 1'];
      await expect.poll(() => page.getByTestId('gantt-run').locator('option').allTextContents()).toEqual(named);
      expect(await page.getByTestId('why-not-run').locator('option').allTextContents()).toEqual(named);
      await askWhy(page, 'j1');
      const cards = page.getByTestId('why-panel').locator('article h4');
      expect((await cards.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
        'FIFO on lab A seed 1 · WordCount, 8 maps, 1 reduce',
        'FIFO on lab B seed 1 · WordCount, 8 maps, 1 reduce',
      ]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 180_000);
});
