import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import type { Services } from '../../src-main/services';
import { shortLabels } from '@shared/results/shortLabels';
import { useTempDirs } from '../helpers/tempDir';
import { downloadOf, ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

const MIX = [
  { template: 'WordCount', weight: 1, maps: [2, 6], reduces: 2 },
  { template: 'Sort', weight: 1, maps: 4 },
];

async function ran(s: Services, name: string, clusterId: string, workloadId: string, schedulers: unknown[], seeds = [1, 2, 3]): Promise<BatchSummary> {
  const design = await ok<DesignRecord>(s, 'experiments:create', {
    spec: { name, clusterIds: [clusterId], workloadIds: [workloadId], schedulers, seeds },
  });
  const started = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
  await s.runner.settled(started.id);
  return started;
}

describe('comparing across the run history in the browser', () => {
  it('compares a batch with a result file opened from disk and a batch on another cluster, says which pair, and exports the report', async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const lab = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
      const big = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'big', racks: 2, hostsPerRack: 4 } });
      const mixed = await ok<{ id: string }>(s, 'workloads:create', {
        spec: { name: 'mixed', generate: { count: 10, arrival: { kind: 'poisson', meanInterarrivalS: 8 }, mix: MIX } },
      });
      const busy = await ok<{ id: string }>(s, 'workloads:create', {
        spec: { name: 'busy', generate: { count: 14, arrival: { kind: 'poisson', meanInterarrivalS: 3 }, mix: MIX } },
      });
      const march = await ran(s, 'March', lab.id, mixed.id, [{ kind: 'fifo' }, { kind: 'fair' }]);
      const april = await ran(s, 'April', big.id, mixed.id, [{ kind: 'fair' }]);
      // A colleague's result on busier jobs: only the file is left of it.
      const theirs = await ran(s, 'Colleague', lab.id, busy.id, [{ kind: 'fifo' }]);
      const file = await ok<{ fileName: string; content: string }>(s, 'batches:exportResult', { id: theirs.id });
      await ok(s, 'batches:delete', { id: theirs.id });

      await openAt(page, studio.server.url, '#/history');
      await page.getByTestId('history-table').waitFor();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('open-result').click()]);
      await chooser.setFiles({ name: file.fileName, mimeType: 'application/json', buffer: Buffer.from(file.content) });
      await page.getByTestId('summary-table').waitFor();
      const opened = (await ok<BatchSummary[]>(s, 'batches:list', {})).find((b) => b.tags.includes('from a result file'))!;

      await page.locator('[data-nav="history"]').click();
      await page.getByTestId('history-table').waitFor();
      expect(await page.getByTestId('compare-picked').isDisabled()).toBe(true);
      for (const b of [march, opened, april]) await page.locator(`tr[data-batch="${b.name}"] [data-testid="pick-entry"]`).check();
      await page.getByTestId('compare-picked').click();
      const dialog = page.getByTestId('compare-dialog');
      await dialog.locator(`[data-entry="${march.name}"] [data-configuration="FIFO"]`).waitFor();
      // Each box beside its configuration's name, not stretched across the dialog with the name pushed to its far side.
      const box = (await dialog.locator(`[data-entry="${march.name}"] [data-configuration="FIFO"]`).boundingBox())!;
      const row = (await dialog.locator(`[data-entry="${march.name}"] label.choice`).first().boundingBox())!;
      expect(box.width).toBeLessThan(40);
      expect(box.x - row.x).toBeLessThan(10);
      // Only March's Fair goes in: FIFO is unticked.
      await dialog.locator(`[data-entry="${march.name}"] [data-configuration="FIFO"]`).uncheck();
      await page.getByTestId('compare-name').fill('Fair this spring');
      await page.getByTestId('compare-open').click();

      await page.getByTestId('comparison-sources').waitFor();
      await page.getByTestId('summary-table').waitFor();
      expect(await page.locator('h1').textContent()).toBe('Fair this spring');
      expect(await page.getByTestId('comparison-sources').textContent()).toMatch(
        new RegExp(`Runs copied from\\s*${march.name}.*${opened.name}.*${april.name}`),
      );
      const [fairMarch, fileFifo, fairApril] = [`Fair (delay) — ${march.name}`, `FIFO — ${opened.name}`, `Fair (delay) — ${april.name}`];
      // Each column by its configuration and what differs between the sources; the full name on hover.
      const short = shortLabels([fairMarch, fileFifo, fairApril]);
      const headers = page.locator('.comparison-table th[data-group]');
      expect((await headers.allTextContents()).map((t) => t.trim())).toEqual([`${short[0]} (baseline)`, short[1], short[2]]);
      expect(await headers.evaluateAll((ths) => ths.map((th) => th.getAttribute('title')))).toEqual([fairMarch, fileFifo, fairApril]);
      // The Gantt's menu names each run as its column does, not by the whole name.
      const menu = await page.getByTestId('gantt-run').locator('option').allTextContents();
      expect(menu.length).toBeGreaterThan(0);
      for (const option of menu)
        expect(
          short.some((name) => option.startsWith(`${name} · seed `)),
          option,
        ).toBe(true);
      // March and April ran the same jobs (the same workload and seeds): paired. The file's busier jobs: Welch.
      const note = await page.getByTestId('unpaired-note').textContent();
      // The file's runs named once, against the two that pair, each by its column's name.
      expect(note).toContain(`Not the same jobs: ${short[1]} against ${short[0]} and ${short[2]}.`);
      expect(note).toMatch(/compared unpaired by Welch's t-test and have no per-job speedup/);
      const speedup = page.locator('tr[data-metric="perJobSpeedup"] td');
      expect(await speedup.nth(1).textContent()).toMatch(/—/);
      expect(await speedup.nth(2).textContent()).toMatch(/\d\.\d\d×/);
      await screenshot(page, 'comparison-across-history');

      // The comparison is a named entry of the history, and leaves as a report saying the same.
      const saved = (await ok<BatchSummary[]>(s, 'batches:list', {})).find((b) => b.name === 'Fair this spring')!;
      const detail = await ok<BatchDetail>(s, 'batches:get', { id: saved.id });
      expect(detail.results).toHaveLength(9);
      await page.getByTestId('export-menu').locator('summary').click();
      const report = await downloadOf(page, () => page.locator('[data-export="html"]').click());
      expect(report.name).toMatch(/^Fair_this_spring.*\.report\.html$/);
      const html = report.bytes.toString('utf8');
      expect(html).toContain(`Not the same jobs: ${fileFifo} against ${fairMarch} and ${fairApril}.`);

      // A source deleted from the history (the dialog names an entry, not a run): the comparison keeps its copy.
      await page.locator('[data-nav="history"]').click();
      await page.locator(`tr[data-batch="${march.name}"]`).getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog');
      expect(await confirm.getByRole('heading').textContent()).toBe('Delete history entry');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.locator(`tr[data-batch="${march.name}"]`).waitFor({ state: 'detached' });
      expect((await ok<BatchDetail>(s, 'batches:get', { id: saved.id })).results).toHaveLength(9);
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

describe('a comparison across history reads right', () => {
  it('speaks of the seeds of the columns shown, names the one-seed column, and its six headers fit at 1,400 px', async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    const page = await browser().newPage({ viewport: { width: 1400, height: 900 } });
    const errors = watchErrors(page);
    try {
      const lab = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
      const mixed = await ok<{ id: string }>(s, 'workloads:create', {
        spec: { name: 'mixed', generate: { count: 8, arrival: { kind: 'poisson', meanInterarrivalS: 8 }, mix: MIX } },
      });
      const schedulers = [{ kind: 'fifo' }, { kind: 'fair' }, { kind: 'capacity' }];
      // One design run twice, a week's sizing after the other.
      const design = await ok<DesignRecord>(s, 'experiments:create', {
        spec: { name: 'Weekly sizing of the lab cluster', clusterIds: [lab.id], workloadIds: [mixed.id], schedulers, seeds: [1, 2] },
      });
      const runOnce = async () => {
        const started = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
        await s.runner.settled(started.id);
        return started;
      };
      const first = await runOnce();
      const second = await runOnce();
      // Named as a week apart (run here a moment apart, their names would differ by a minute, or not at all).
      await ok(s, 'batches:rename', { id: first.id, name: 'Weekly sizing of the lab cluster — 2026-11-25 09:10' });
      await ok(s, 'batches:rename', { id: second.id, name: 'Weekly sizing of the lab cluster — 2026-12-02 09:10' });
      const quick = await ran(s, 'Quick look', lab.id, mixed.id, [{ kind: 'drf' }], [1]);
      const made = await ok<BatchSummary>(s, 'batches:compare', { members: [{ id: first.id }, { id: second.id }, { id: quick.id }] });
      await openAt(page, studio.server.url, `#/history/${made.id}`);
      await page.getByTestId('summary-table').waitFor();
      const headers = page.locator('.comparison-table th[data-group]');
      await expect.poll(() => headers.count()).toBe(7);
      // Two seeds in six columns, one in the seventh: intervals shown, the one-seed column named, no "one seed" banner.
      expect(await page.getByTestId('one-seed').count()).toBe(0);
      const summary = await page.getByTestId('seed-summary').textContent();
      expect(summary).toMatch(/mean over 2 seeds ± 95 % confidence interval/);
      expect(summary).toMatch(/DRF.*: one seed, so no interval and no test/);
      expect(await page.locator('tr[data-metric="meanJct"] .ci').count()).toBeGreaterThanOrEqual(6);
      // Short names: the scheduler and the date that tells the two weekly runs apart (or nothing more when it does not).
      const texts = (await headers.allTextContents()).map((t) => t.replace(' (baseline)', '').trim());
      const titles = await headers.evaluateAll((ths) => ths.map((th) => th.getAttribute('title') ?? ''));
      expect(texts, titles.join(' | ')).toEqual(shortLabels(titles));
      for (const t of texts) expect(t.length, t).toBeLessThan(40);
      expect(texts.slice(0, 2)).toEqual(['FIFO · 2026-11-25', 'Fair (delay) · 2026-11-25']);
      // The table fits the page: nothing to scroll sideways at 1,400 px (the headers break between a
      // name and its date where they must; the poll says by how many pixels it overflows).
      const scroll = page.getByTestId('summary-table').locator('.comparison-scroll').first();
      await expect.poll(() => scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, 'comparison-across-history-seeds');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

/**
 * A studio used for months (issue 31: every list over 1,000 rows virtual): the run history of
 * 1,200 entries keeps a screenful of rows in the page, scrolls to the oldest, and still filters and
 * ticks. Counts of rows, never timings.
 */
describe('a run history of thousands of entries', () => {
  it('draws only the entries in view, reaches the oldest by scrolling, and filters to one', async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const lab = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 2 } });
      const few = await ok<{ id: string }>(s, 'workloads:create', {
        spec: { name: 'few', generate: { count: 3, arrival: { kind: 'poisson', meanInterarrivalS: 5 }, mix: MIX } },
      });
      const first = await ran(s, 'Nightly', lab.id, few.id, [{ kind: 'fifo' }]);
      const file = await ok<{ fileName: string; content: string }>(s, 'batches:exportResult', { id: first.id });
      // Opened together, their writes share saves; each entry gets its own free name.
      const ENTRIES = 1200;
      await Promise.all(Array.from({ length: ENTRIES - 1 }, () => ok(s, 'batches:openResult', { fileName: file.fileName, text: file.content })));
      const all = await ok<BatchSummary[]>(s, 'batches:list', {});
      expect(all).toHaveLength(ENTRIES);

      await openAt(page, studio.server.url, '#/history');
      const rows = page.getByTestId('history-rows');
      await expect.poll(() => rows.getAttribute('data-rows')).toBe(String(ENTRIES));
      const drawn = () => page.locator('tr[data-batch]').count();
      expect(await drawn()).toBeGreaterThan(5);
      expect(await drawn()).toBeLessThan(60);
      await screenshot(page, 'history-thousands');

      // Scrolled to the end, the oldest entry is drawn and the newest has left the page.
      const oldest = all.at(-1)!;
      await rows.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await page.locator(`tr[data-index="${ENTRIES - 1}"]`).waitFor();
      expect(await page.locator(`tr[data-index="${ENTRIES - 1}"]`).getAttribute('data-batch')).toBe(oldest.name);
      expect(await page.locator('tr[data-index="0"]').count()).toBe(0);
      expect(await drawn()).toBeLessThan(60);

      // Filtered to a few, the rows are drawn whole again and can be ticked for a comparison.
      const name = all[1].name;
      await page.getByTestId('history-filter').fill(name);
      await expect.poll(() => rows.getAttribute('data-rows')).toBe('1');
      await page.locator(`tr[data-batch="${name}"] [data-testid="pick-entry"]`).check();
      // Filtered to nothing: the sentence says so, with no headers sized by no row.
      await page.getByTestId('history-filter').fill('no such entry');
      await expect.poll(() => page.getByTestId('history-nothing').textContent()).toBe('No entry matches "no such entry".');
      expect(await page.getByTestId('history-table').count()).toBe(0);
      await page.getByTestId('history-filter').fill('');
      await expect.poll(() => rows.getAttribute('data-rows')).toBe(String(ENTRIES));
      await page.locator(`tr[data-batch="${all[0].name}"] [data-testid="pick-entry"]`).check();
      expect(await page.getByTestId('compare-picked').textContent()).toMatch(/Compare 2 entries/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 300_000);
});
