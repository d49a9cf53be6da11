import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WorkloadSummary } from '@shared/api/records';
import { useTempDirs } from '../helpers/tempDir';
import { colourScheme, editorReady, inSight, screenshot, startStudio, useBrowser, watchErrors } from './studio';
import { SWIM_DAY, traceFixture } from '../helpers/traceFixtures';
import { chooseFile, importFile } from './importDialog';

const tempDir = useTempDirs();
const browser = useBrowser();
const NODES = traceFixture('sls/nodes-with-resources.json');

describe('workload editor and trace import in the browser, against the real services', () => {
  it('generates a Poisson workload with a live preview, saves it, and it survives a reload', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.locator('[data-nav="workloads"]').click();
      await page.getByTestId('new-workload').click();
      await editorReady(page, 'workload-editor');
      // A new workload is a draft: nothing is stored until it is saved.
      await page.getByTestId('draft-note').waitFor();
      expect(((await studio.services.dispatch('workloads:list', {})) as { data: unknown[] }).data).toEqual([]);
      // The description is one line beside the name while short, and grows to show a longer one whole.
      const description = page.locator('#workload-description');
      const nameBox = (await page.locator('#workload-name').boundingBox())!;
      expect(Math.abs((await description.boundingBox())!.height - nameBox.height)).toBeLessThanOrEqual(2);
      await description.fill('Forty jobs of the Facebook mix arriving ten seconds apart on average, '.repeat(4).trim());
      await expect.poll(async () => (await description.boundingBox())!.height).toBeGreaterThan(nameBox.height * 1.5);
      expect(await description.evaluate((t) => t.scrollHeight - t.clientHeight)).toBeLessThanOrEqual(1);
      await page.locator('[data-tab="generator"]').click();
      // A new workload starts empty: the generator is one click away, not on by itself.
      expect(await page.getByTestId('generator-enabled').isChecked()).toBe(false);
      expect(await page.getByTestId('gen-count').count()).toBe(0);
      // Explicit jobs are the same for every seed: the preview asks for one only with a generator.
      expect(await page.getByLabel('Preview seed').count()).toBe(0);
      await page.getByTestId('generator-enabled').check();
      await page.getByLabel('Preview seed').waitFor();
      await page.getByTestId('gen-count').fill('40');
      await page.getByTestId('gen-arrival').selectOption('poisson');
      await page.getByTestId('gen-mean').fill('10');
      await expect.poll(() => page.getByTestId('preview-count').textContent()).toBe('40');
      expect(await page.locator('[data-testid="arrivals-preview"] canvas').count()).toBe(2);
      expect(await page.getByTestId('preview-partial').count()).toBe(0);
      // Past the preview's 50,000 jobs, it says its figures are those of the jobs drawn.
      await page.getByTestId('gen-count').fill('100000');
      await expect.poll(() => page.getByTestId('preview-count').textContent()).toBe('100,000');
      expect(await page.getByTestId('preview-partial').textContent()).toBe('the first 50,000, which the figures and charts here describe:');
      await page.getByTestId('gen-count').fill('40');
      await expect.poll(() => page.getByTestId('preview-partial').count()).toBe(0);
      // A seed the preview cannot draw with is named, not sent as an empty box.
      for (const bad of ['', '1.5']) {
        await page.getByLabel('Preview seed').fill(bad);
        await expect
          .poll(() => page.locator('[data-testid="arrivals-preview"] [role="alert"]').textContent())
          .toBe('Seed: must be a whole number from 0 to 2,147,483,647.');
      }
      await page.getByLabel('Preview seed').fill('2');
      await expect.poll(() => page.getByTestId('preview-count').textContent()).toBe('40');

      // A bad value is named at its field and blocks the save; undo puts it right. (Typing in one
      // field within a second is one undo step; after a pause it is a new one.)
      await page.waitForTimeout(1100);
      await page.getByTestId('gen-mean').fill('0');
      await expect.poll(() => page.locator('[data-field-error="gen-mean"]').textContent()).toBe('must be greater than 0');
      // The preview's numbers went with its charts: they were the last good draft's, not this one's.
      expect(await page.getByTestId('preview-count').count()).toBe(0);
      // Saving says what to fix; the message goes away by itself once it is fixed.
      await page.getByTestId('save').click();
      const toast = page.locator('.notice.error', {
        hasText: 'Fix this problem before saving (each is shown beside its field): generate › arrival › mean interarrival (s): must be greater than 0',
      });
      await toast.waitFor();
      await page.locator('body').click({ position: { x: 5, y: 500 } });
      await page.keyboard.press('Control+z');
      await expect.poll(() => page.getByTestId('gen-mean').inputValue()).toBe('10');
      await expect.poll(() => toast.count()).toBe(0);

      await page.getByTestId('facebook-mix').click();
      await expect.poll(() => page.getByTestId('preview-count').textContent()).toBe('25');
      // The mix is wider than its card beside the preview: the columns out of view are named and one
      // click away, and a row's remove button stays in view with its template.
      const inView = (label: string) =>
        page.getByLabel(label, { exact: true }).evaluate((el) => {
          const box = el.getBoundingClientRect();
          const area = el.closest('.mix-scroll')!.getBoundingClientRect();
          return box.left >= area.left && box.right <= area.right;
        });
      await expect
        .poll(() => page.getByTestId('mix-more-columns-right').textContent())
        .toMatch(/^\s*\d+ more columns to the right: .*Queue, MR-cluster\. Show them/);
      expect(await page.getByTestId('mix-more-columns-left').count()).toBe(0);
      expect(await inView('MR-cluster of mix row 1')).toBe(false);
      expect(await inView('Remove mix row 2')).toBe(true);
      await page.getByTestId('mix-more-columns-right').getByRole('button', { name: 'Show them' }).click();
      await expect.poll(() => inView('MR-cluster of mix row 1')).toBe(true);
      await expect.poll(() => page.getByTestId('mix-more-columns-right').count()).toBe(0);
      expect(await page.getByTestId('mix-more-columns-left').textContent()).toContain('Weight, Share, Maps');
      expect(await inView('Remove mix row 2')).toBe(true);
      await page.getByTestId('mix-more-columns-left').getByRole('button', { name: 'Show them' }).click();
      await expect.poll(() => page.getByTestId('mix-more-columns-left').count()).toBe(0);
      // Deadlines as ARIA sets them up: a factor of each job's time alone, drawn from a range.
      // A weight typed wrong has no share and takes none from the other rows.
      const weight2 = page.getByLabel('Weight of mix row 2');
      const kept = await weight2.inputValue();
      const shares = () => page.locator('tr', { has: page.getByLabel(/^Weight of mix row/) }).evaluateAll((rows) => rows.map((r) => r.children[2].textContent));
      await weight2.fill('-1');
      await expect.poll(async () => (await shares())[1]).toBe('—');
      const rest = (await shares()).filter((_, i) => i !== 1).map((t) => Number(t!.replace(' %', '')));
      expect(Math.abs(rest.reduce((a, b) => a + b, 0) - 100)).toBeLessThanOrEqual(rest.length);
      await weight2.fill(kept);
      await page.getByTestId('gen-deadline-factor').fill('soon');
      await expect
        .poll(() => page.locator('[data-field-error="gen-deadline-factor"]').textContent())
        .toBe('must be a factor such as 1.5, or a range such as 1-2');
      // The tabs' first problem says it in the same words, not as the file would ("a number or a list").
      await expect.poll(() => page.getByTestId('problems').textContent()).toContain('deadline factor: must be a factor such as 1.5, or a range such as 1-2');
      await page.getByTestId('gen-deadline-factor').fill('3-1');
      await expect.poll(() => page.locator('[data-field-error="gen-deadline-factor"]').textContent()).toBe('the low end must not exceed the high end');
      await page.getByTestId('gen-deadline-factor').fill('1-2');
      await expect.poll(() => page.locator('[data-field-error="gen-deadline-factor"]').count()).toBe(0);
      // A row's own cost, in place of its template's: a bad one is named at its cell, a good one saved.
      await page.getByLabel('Map CPU s/map of mix row 1', { exact: true }).fill('-2');
      await expect.poll(() => page.getByLabel('Map CPU s/map of mix row 1', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => page.locator('.errors').textContent()).toContain('must be at least 0');
      await page.getByLabel('Map CPU s/map of mix row 1', { exact: true }).fill('78.7');
      // A row's maps as a range: written high to low, it is refused at its cell.
      await page.getByLabel('Maps of mix row 1', { exact: true }).fill('20-1');
      await expect.poll(() => page.locator('.errors').textContent()).toContain('the low end of the range must not exceed the high end');
      await page.keyboard.press('Control+z');
      await expect.poll(() => page.getByLabel('Maps of mix row 1', { exact: true }).inputValue()).not.toBe('20-1');
      await expect.poll(() => page.getByLabel('Map CPU s/map of mix row 1', { exact: true }).getAttribute('aria-invalid')).toBe('false');
      await page.locator('#workload-name').fill('Facebook mix');
      await page.getByTestId('save').click();
      await page.getByText('Saved "Facebook mix"').waitFor();
      await page.reload();
      await editorReady(page, 'workload-editor');
      await expect.poll(() => page.getByTestId('preview-count').textContent()).toBe('25');

      const stored = (await studio.services.dispatch('workloads:list', {})) as { data: WorkloadSummary[] };
      expect(stored.data).toMatchObject([{ name: 'Facebook mix', generatedJobs: 25 }]);
      const facebook = (await studio.services.dispatch('workloads:get', { id: stored.data[0].id })) as {
        data: { spec: { generate: { deadlineFactor: unknown } } };
      };
      expect(facebook.data.spec.generate.deadlineFactor).toEqual([1, 2]);
      expect((facebook.data.spec.generate as unknown as { mix: { mapCpuSPerTask?: number }[] }).mix[0].mapCpuSPerTask).toBe(78.7);
      // The preview counts every task of the jobs drawn: the reduces each template gives its jobs too, in words.
      const drawn = (await studio.services.dispatch('workloads:expand', { spec: facebook.data.spec, seed: 1 })) as {
        data: { jobs: { maps: number; reduces?: number }[] };
      };
      const sum = (f: (j: { maps: number; reduces?: number }) => number) => drawn.data.jobs.reduce((n, j) => n + f(j), 0).toLocaleString('en-US');
      expect(drawn.data.jobs.every((j) => j.reduces !== undefined)).toBe(true);
      expect(await page.getByTestId('preview-tasks').textContent()).toBe(`${sum((j) => j.maps)} maps and ${sum((j) => j.reduces ?? 0)} reduces`);
      for (const scheme of ['light', 'dark'] as const) {
        await colourScheme(page, scheme);
        expect(fs.statSync(await screenshot(page, `workload-generator-${scheme}`)).size).toBeGreaterThan(10000);
      }
      await colourScheme(page, 'light');
      // Its jobs tab lists none, and says where its 25 jobs come from rather than that it has none.
      await page.locator('[data-tab="jobs"]').click();
      expect(await page.getByTestId('jobs-empty').textContent()).toBe(
        "No jobs listed here: the generator (the Generator & preview tab) makes this workload's 25 jobs. A job added here runs beside them.",
      );
      await page.locator('[data-tab="templates"]').click();
      await page.locator('[data-template="TeraSort"]').click();
      await page.getByTestId('fig8').waitFor();
      expect(fs.statSync(await screenshot(page, 'workload-templates-light')).size).toBeGreaterThan(10000);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('imports the SWIM trace after a preview, shows its job count, and edits it in the virtual table', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.locator('[data-nav="workloads"]').click();

      // A file of the wrong kind is refused with a pointer to where it belongs; nothing is stored.
      await page.getByTestId('import-workload').click();
      await chooseFile(page, NODES);
      await expect.poll(() => page.getByTestId('import-error').textContent()).toMatch(/SLS node file .* Clusters page/);

      await chooseFile(page, SWIM_DAY);
      await expect.poll(() => page.getByTestId('preview-jobs').textContent()).toBe('5,894');
      await expect.poll(() => page.getByTestId('import-name').inputValue()).toBe('FB-2009_samples_24_times_1hr_0');
      // The preview shows the bytes each job moves, a histogram of job sizes, and the jobs the task rule serves badly.
      expect(await page.getByTestId('import-preview').locator('..').locator('thead').textContent()).toMatch(/Input MB\s*Shuffle MB\s*Output MB/);
      expect(await page.getByTestId('import-sizes').textContent()).toMatch(/≥ 1 TB/);
      expect(await page.getByTestId('import-flagged').textContent()).toMatch(/job3339 .*: writes 436 GB from 379 KB of input/);
      await screenshot(page, 'import-preview-light');
      await page.getByTestId('import-name').fill('Facebook 2009');
      // The trace has no deadlines; the user gives each job 1.5 × its time alone. A bad factor waits.
      await page.getByTestId('deadline-factor').check();
      await page.getByTestId('deadline-value').fill('0');
      await page.getByTestId('import-deadlines').getByText('Factor: must be greater than 0').waitFor();
      expect(await page.getByTestId('confirm-import').isDisabled()).toBe(true);
      await page.getByTestId('deadline-value').fill('1.5');
      await page.getByTestId('confirm-import').click();
      const row = page.locator('tr[data-workload="Facebook 2009"]');
      await row.waitFor();
      expect(await row.getByTestId('workload-jobs').textContent()).toBe('5,894');

      await row.getByRole('button', { name: 'Open' }).click();
      await page.getByTestId('jobs-table').waitFor();
      // Virtual scrolling: a handful of rows in the page for 5,894 jobs.
      const rendered = await page.locator('[data-row]').count();
      expect(rendered).toBeGreaterThan(5);
      expect(rendered).toBeLessThan(80);
      await page.locator('[aria-label="Maps of job 1"]').fill('7');
      await page.locator('[aria-label="Maps of job 1"]').press('Enter');
      await page.getByTestId('save').click();
      await page.getByText('Saved "Facebook 2009"').waitFor();
      const saved = (await studio.services.dispatch('workloads:get', { id: page.url().split('/').pop() })) as { data: { spec: { jobs: { maps: number }[] } } };
      expect(saved.data.spec.jobs[0].maps).toBe(7);
      expect(saved.data.spec.jobs.every((j) => (j as { deadlineFactor?: number }).deadlineFactor === 1.5)).toBe(true);
      expect(await page.locator('[aria-label="Deadline × alone of job 1"]').inputValue()).toBe('1.5');
      expect(saved.data.spec.jobs).toHaveLength(5894);
      // Dismissed by hand: the notices would cover the table in the screenshots.
      while (await page.getByRole('button', { name: 'Dismiss' }).count()) await page.getByRole('button', { name: 'Dismiss' }).first().click();
      for (const scheme of ['light', 'dark'] as const) {
        await colourScheme(page, scheme);
        expect(fs.statSync(await screenshot(page, `workload-jobs-${scheme}`)).size).toBeGreaterThan(10000);
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it("imports an SLS trace whose containers give times, and each job's template cell says the times it replays", async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await importFile(page, studio.server.url, traceFixture('sls/inputsls.json'));
      await expect.poll(() => page.getByTestId('preview-jobs').textContent()).toBe('2');
      await page.getByTestId('confirm-import').click();
      const row = page.locator('tr[data-workload="inputsls"]');
      await row.getByRole('button', { name: 'Open' }).click();
      await page.getByTestId('jobs-table').waitFor();
      // job_1's three maps ran 17.043, 14.928 and 17.843 s in the trace: each computes its own, their mean the job's CPU per map.
      const template = page.locator('[aria-label="Template of job 1"]');
      expect(await template.getAttribute('title')).toBe(
        "Generic, with its own costs in place of the template's: map CPU s per MB 0, map CPU s per map 16.605, map times (s) 14.928 to 17.843, 3 of them",
      );
      expect(await template.getAttribute('class')).toMatch(/own-costs/);
      expect(await page.getByLabel('Description').inputValue()).toMatch(/computes for its own container's time/);

      // The other view of the same rows shows those costs in cells, and edits them job by job.
      type StoredJob = { id: string; reduceCpuSPerTask?: number; mapCpuSPerTask?: number; dependsOn: string[]; shuffleMb?: number; mapSeconds?: number[] };
      const stored = async () =>
        ((await studio.services.dispatch('workloads:get', { id: page.url().split('/').pop() })) as { data: { spec: { jobs: StoredJob[] } } }).data.spec.jobs;
      const imported = await stored();
      // A third view gives each task's own time, read and edited as a list.
      await page.getByTestId('jobs-view-times').click();
      const mapTimes = page.locator('[aria-label="Map times (s) of job 1"]');
      expect(await mapTimes.inputValue()).toBe('17.043, 14.928, 17.843');
      expect(await page.getByTestId('jobs-view-note').textContent()).toMatch(/^Each task's own time where a trace gives it/);
      await mapTimes.fill('17.043, -1, 17.843');
      await mapTimes.press('Enter');
      await expect.poll(() => page.locator('[data-row="0"]').getAttribute('title')).toBe('map times (s): must be at least 0 s');
      expect(await mapTimes.getAttribute('aria-invalid')).toBe('true');
      await mapTimes.fill('17.043 20 17.843');
      await mapTimes.press('Enter');
      await expect.poll(() => mapTimes.getAttribute('aria-invalid')).toBe('false');
      expect(await mapTimes.inputValue()).toBe('17.043, 20, 17.843');
      await screenshot(page, 'workload-task-times');
      await page.getByTestId('jobs-view-costs').click();
      expect(await page.locator('[aria-label="Map CPU s/map of job 1"]').inputValue()).toBe('16.605');
      expect(await page.locator('[aria-label="Map CPU s/MB of job 1"]').inputValue()).toBe('0');
      expect(await page.locator('[aria-label="Shuffle MB of job 1"]').getAttribute('placeholder')).toBe('—');
      expect(await page.getByTestId('jobs-view-note').textContent()).toBe("An empty cell takes the template's value; an empty set-up and commit time is 0 s.");
      await page.locator('[aria-label="Reduce CPU s/reduce of job 1"]').fill('5');
      await page.locator('[aria-label="Reduce CPU s/reduce of job 1"]').press('Enter');
      // A job it waits for that is not in the workload is named at the cell, by the field's name.
      const waits = page.locator('[aria-label="Waits for of job 2"]');
      await waits.fill('job_1, nope');
      await waits.press('Enter');
      await expect.poll(() => page.locator('[data-row="1"]').getAttribute('title')).toBe('depends on: unknown job id "nope"');
      expect(await waits.getAttribute('aria-invalid')).toBe('true');
      await waits.fill('job_1');
      await waits.press('Enter');
      await expect.poll(() => waits.getAttribute('aria-invalid')).toBe('false');
      // A bad value is named at its row, and from the other view the switch says where it is.
      await page.locator('[aria-label="Shuffle MB of job 2"]').fill('-3');
      await page.locator('[aria-label="Shuffle MB of job 2"]').press('Enter');
      await expect.poll(() => page.locator('[data-row="1"]').getAttribute('title')).toBe('shuffle (MB): must be at least 0');
      await page.getByTestId('jobs-view-schedule').click();
      await expect.poll(() => page.getByTestId('jobs-view-costs').textContent()).toBe('Data and costs · 1 problem');
      await page.getByRole('button', { name: '1 row with problems — show the first' }).click();
      await expect.poll(() => page.getByTestId('jobs-view-costs').getAttribute('aria-pressed')).toBe('true');
      await screenshot(page, 'workload-jobs-costs');
      // The window the app opens with shows every column; the narrowest one scrolls the table
      // sideways, cells at their least width, the headings moving with their columns.
      const scroller = page.getByTestId('jobs-table').locator('.scroller');
      const sideways = () => scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(sideways).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 900, height: 600 });
      await expect.poll(sideways).toBeGreaterThan(0);
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const waitsHeading = scroller.getByRole('columnheader', { name: 'Waits for' });
      const waitsCell = page.locator('[aria-label="Waits for of job 1"]');
      await expect.poll(async () => (await waitsHeading.boundingBox())!.x).toBeCloseTo((await waitsCell.boundingBox())!.x, 0);
      await waitsCell.scrollIntoViewIfNeeded();
      expect(await inSight(waitsCell)).toBe(true);
      await screenshot(page, 'narrow-jobs-costs');
      await page.setViewportSize({ width: 1360, height: 900 });
      await page.locator('[aria-label="Shuffle MB of job 2"]').fill('');
      await page.locator('[aria-label="Shuffle MB of job 2"]').press('Enter');
      await expect.poll(() => page.locator('[data-row="1"]').getAttribute('class')).not.toMatch(/invalid/);
      await page.getByTestId('save').click();
      await page.getByText('Saved "inputsls"').waitFor();
      const [first, second] = await stored();
      expect(first.reduceCpuSPerTask).toBe(5);
      // A cell not edited keeps what the import stored.
      expect(first.mapCpuSPerTask).toBe(imported[0].mapCpuSPerTask);
      expect(imported[0].mapSeconds).toEqual([17.043, 14.928, 17.843]);
      expect(first.mapSeconds).toEqual([17.043, 20, 17.843]);
      expect(second.dependsOn).toEqual(['job_1']);
      expect(second.shuffleMb).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
