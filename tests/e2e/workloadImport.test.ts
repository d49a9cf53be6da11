import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WorkloadSummary } from '@shared/api/records';
import { useTempDirs } from '../helpers/tempDir';
import { inSight, screenshot, startStudio, useBrowser, watchErrors } from './studio';
import { traceFixture } from '../helpers/traceFixtures';
import { importFile } from './importDialog';

const tempDir = useTempDirs();
const browser = useBrowser();

describe("the workload import dialog's preview and choices, against the real services", () => {
  it('states how many jobs a large SYNTH description makes and generates them only when asked', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const description = JSON.parse(fs.readFileSync(traceFixture('sls/syn.json'), 'utf8')) as { num_jobs: number };
      description.num_jobs = 60_000;
      const file = path.join(tempDir(), 'big-synth.json');
      fs.writeFileSync(file, `\uFEFF${JSON.stringify(description)}`); // with a byte-order mark, as Notepad saves it
      await importFile(page, studio.server.url, file);
      const large = page.getByTestId('import-large');
      await expect.poll(() => large.textContent()).toMatch(/This description makes 60,000 jobs \(about [\d,]+ tasks\)/);
      expect(await page.getByTestId('preview-jobs').textContent()).toBe('none made yet');
      expect(await page.getByTestId('confirm-import').isDisabled()).toBe(true);
      await screenshot(page, 'import-large-synth');
      await page.getByTestId('generate-large').click();
      await expect.poll(() => page.getByTestId('preview-jobs').textContent(), { timeout: 30_000 }).toBe('60,000');
      expect(await large.count()).toBe(0);
      expect(await page.getByTestId('confirm-import').isDisabled()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it("says before the import which of the file's own deadlines no run can meet, and that a factor below 1 would give none", async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const file = path.join(tempDir(), 'deadlines.csv');
      fs.writeFileSync(
        file,
        ['id,template,submit,inputMb,maps,reduces,queue,deadline', 'early,Sort,30,1024,,4,default,30', 'fine,Sort,0,1024,,4,default,600'].join('\n'),
      );
      await importFile(page, studio.server.url, file);
      const warning = page.getByTestId('import-deadline-warning');
      await expect.poll(() => warning.textContent()).toMatch(/^1 job has a deadline no run can meet: at or before its submission/);
      // Replaced by a rule, the file's deadlines no longer count; a factor below 1 would miss every one.
      await page.getByTestId('deadline-slack').check();
      await expect.poll(() => warning.count()).toBe(0);
      await page.getByTestId('deadline-factor').check();
      await page.getByTestId('deadline-value').fill('0.5');
      await expect.poll(() => warning.textContent()).toMatch(/^A factor below 1 gives each job less time than it takes alone/);
      // Allowed: a study may want misses.
      expect(await page.getByTestId('confirm-import').isDisabled()).toBe(false);
      await page.getByTestId('deadline-value').fill('2');
      await expect.poll(() => warning.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it("imports a Rumen trace priced from its bytes, or replaying each task's traced time when asked", async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await importFile(page, studio.server.url, traceFixture('rumen/wordcount.json'));
      await expect.poll(() => page.getByTestId('preview-jobs').textContent()).toBe('1');
      const head = page.getByTestId('import-preview').locator('..').locator('thead');
      // From its bytes first, as before: the named template, the shuffle the counters give, no times.
      expect(await page.getByTestId('import-replay').inputValue()).toBe('bytes');
      expect(await head.textContent()).not.toMatch(/Map s/);
      await page.getByTestId('import-replay').selectOption('times');
      // The preview is read again: each map's attempt time, the reduce's after its shuffle.
      await expect.poll(() => head.textContent()).toMatch(/Map s\s*Reduce s/);
      const row = page.getByTestId('import-preview').locator('..').locator('tbody tr').first();
      expect(await row.textContent()).toMatch(/job_201009241532_0001\s*Generic.*4\.058–6\.896\s*2\.797/);
      await screenshot(page, 'import-rumen-times');
      await page.getByTestId('import-name').fill('WordCount timed');
      await page.getByTestId('confirm-import').click();
      await page.locator('tr[data-workload="WordCount timed"]').waitFor();
      const all = (await studio.services.dispatch('workloads:list', {})) as { data: { id: string; name: string }[] };
      const id = all.data.find((w) => w.name === 'WordCount timed')!.id;
      const saved = (await studio.services.dispatch('workloads:get', { id })) as { data: { spec: { description: string; jobs: object[] } } };
      expect(saved.data.spec.jobs[0]).toMatchObject({ mapSeconds: [6.896, 6.528, 4.058], reduceSeconds: [2.797] });
      expect(saved.data.spec.description).toMatch(/as YARN SLS replays a Rumen trace/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('a file with many rejected rows: each is named by line and field, and the choice to import the rest stays in sight', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const bad = Array.from({ length: 30 }, (_, i) => `b${i},Sortt,${i},512,,1,default`);
      const file = path.join(tempDir(), 'mostly-wrong.csv');
      fs.writeFileSync(file, ['id,template,submit,inputMb,maps,reduces,queue', 'ok1,Sort,0,1024,,4,default', ...bad, 'neg,Grep,-3,256,,1,default'].join('\n'));
      await importFile(page, studio.server.url, file);
      const problems = page.getByTestId('import-problems');
      await expect.poll(() => problems.locator('strong').textContent()).toBe('31 rows cannot be imported');
      const items = await problems.locator('li').allTextContents();
      // Each row names its own problem; the studio's template names, which every such row would repeat, are said once.
      expect(items[0]).toBe('line 3, template: unknown template "Sortt" (did you mean Sort?)');
      expect(await page.getByTestId('template-names').textContent()).toMatch(/^The studio's templates are Sort, SelfJoin, .*, Generic, ActiveHashes\.$/);
      expect(items.at(-1)).toBe('line 33, submit: must be at least 0');
      // The list scrolls; the choice under it is in sight, not scrolled away inside the list.
      const list = page.getByTestId('import-problem-list');
      expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      const skip = page.getByTestId('skip-problems');
      expect(await inSight(skip)).toBe(true);
      await screenshot(page, 'import-rejected-rows');
      expect(await page.getByTestId('confirm-import').isDisabled()).toBe(true);
      await skip.check();
      await page.getByTestId('confirm-import').click();
      await expect
        .poll(async () => ((await studio.services.dispatch('workloads:list', {})) as { data: WorkloadSummary[] }).data.map((w) => [w.name, w.jobs]))
        .toEqual([['mostly-wrong', 1]]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
