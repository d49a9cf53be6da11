import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultFile } from '@shared/experiment/experiment';
import { jobLocality } from '../../src-main/reports/jobLocalityReport';
import { jobSpeedup } from '../../src-main/reports/jobSpeedupReport';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { useTempDirs } from '../helpers/tempDir';
import {
  askWhy,
  colourScheme,
  designerReady,
  openNewExperiment,
  painted,
  ROOT,
  screenshot,
  startStudio,
  useBrowser,
  waitForBatchEnd,
  watchErrors,
} from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();
const EXAMPLE = path.join(ROOT, 'docs/examples/baselines.experiment.json');

describe('experiments in the browser, against the real services and worker threads', () => {
  it('says in an empty studio what a first experiment needs, and sets up a sample from there', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.locator('[data-nav="experiments"]').click();
      const needs = page.getByTestId('experiment-needs');
      await needs.waitFor();
      expect(await needs.textContent()).toMatch(/this studio has no cluster and no workload yet/);
      await needs.getByRole('button', { name: 'Make a workload' }).waitFor();
      // A paper's set-up is one click away, where its presets open from, not a folder of the source.
      expect(await page.locator('.empty-state').textContent()).not.toContain('resources/presets');
      await page.getByTestId('experiments-to-reproduce').click();
      await page.getByTestId('reproduce-view').waitFor();
      await page.locator('[data-nav="experiments"]').click();
      await page.getByTestId('experiments-sample').click();
      await designerReady(page);
      // The sample's generated workload counts its tasks as an expectation, kept on one line ("≈ 2,690+").
      await page.getByRole('link', { name: 'Workloads' }).click();
      await expect.poll(() => page.getByTestId('workload-tasks').first().textContent()).toMatch(/^\s*≈\u00a0[\d,]+\+?\s*$/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it("designs and runs 3 schedulers × 2 seeds, shows progress, and the comparison equals the CLI's numbers", async () => {
    const dir = tempDir();
    const studio = await startStudio(dir);
    // The small preset's cluster and workload, saved as a user would have them.
    const { cluster, workload } = loadExperiment(EXAMPLE);
    await studio.services.dispatch('clusters:create', { spec: cluster });
    await studio.services.dispatch('workloads:create', { spec: { ...workload, generate: { ...workload.generate!, count: 60 } } });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openNewExperiment(page, studio.server.url);
      // A new experiment is a draft: nothing is stored until it is saved or run.
      await page.getByTestId('draft-note').waitFor();
      expect(((await studio.services.dispatch('experiments:list', {})) as { data: unknown[] }).data).toEqual([]);
      await page.locator('#experiment-name').fill('Baselines in the app');
      // A bad seed list is named at its field as it is typed, in words; the run button waits for a fix.
      const seedError = () => page.locator('[data-field-error="experiment-seeds"]').textContent();
      await page.getByTestId('seeds').fill('1, one');
      await expect.poll(seedError).toBe('"one" is not a number: give numbers like 1, 2, 3 or a range like 1-5');
      expect(await page.getByTestId('run').isDisabled()).toBe(true);
      await page.getByTestId('seeds').fill('5-1');
      await expect.poll(seedError).toBe('"5-1" runs backwards: write 1-5');
      expect(await page.getByTestId('run').isDisabled()).toBe(true);
      await page.getByTestId('seeds').fill('1-100000');
      await expect.poll(seedError).toBe('"1-100000" is 100,000 numbers; a range gives at most 200');
      await page.getByTestId('seeds').fill('-5');
      await expect.poll(seedError).toBe('"-5" is negative: seeds are whole numbers from 0');
      expect(await page.getByTestId('run').isDisabled()).toBe(true);
      // No count of runs a design that cannot run would make.
      expect((await page.getByTestId('run').textContent())!.trim()).toBe('Run');
      // Focus leaves: the words stay, what was typed stays.
      await page.getByTestId('seeds').press('Tab');
      expect(await page.getByTestId('seeds').inputValue()).toBe('-5');
      await expect.poll(seedError).toBe('"-5" is negative: seeds are whole numbers from 0');
      await page.getByTestId('seeds').fill('1, 2');
      await page.getByTestId('seeds').press('Tab');
      await expect.poll(() => page.getByTestId('run').textContent()).toMatch(/Run 6 runs/);
      // A simulation option that is a choice, not a number: the CLI run below uses the same one.
      await page.getByTestId('heartbeat-order').selectOption('fixed');
      for (const scheme of ['light', 'dark'] as const) {
        await colourScheme(page, scheme);
        await screenshot(page, `experiment-designer-${scheme}`);
      }
      await colourScheme(page, 'light');

      await page.getByTestId('run').click();
      await page.getByTestId('comparison').waitFor();
      // Progress while it runs (the batch opens as soon as it is stored).
      await page.getByTestId('run-progress').waitFor({ timeout: 10_000 });
      // One count of finished runs at a time: the progress table's, not a header's that trails it (read in one go).
      const counts = (await page.evaluate(
        `({ progress: document.querySelector('[data-testid="run-progress"]') !== null, head: document.querySelector('[data-testid="batch-head"]')?.textContent ?? '' })`,
      )) as { progress: boolean; head: string };
      if (counts.progress) expect(counts.head).not.toContain('runs finished');
      await screenshot(page, 'experiment-running-light');
      await page.getByTestId('summary-table').waitFor({ timeout: 120_000 });
      await waitForBatchEnd(page);
      expect(await page.getByTestId('batch-head').textContent()).toContain('6/6 runs finished');
      // Two seeds: the table says its intervals cannot be trusted.
      expect(await page.getByTestId('seed-warning').textContent()).toMatch(/Fewer than 3 seeds: the intervals are unreliable/);

      // The same experiment through the CLI: mean job completion time per scheduler over the seeds.
      const file = path.join(dir, 'same.experiment.json');
      fs.writeFileSync(
        file,
        JSON.stringify({
          name: 'same',
          cluster,
          workload: { ...workload, generate: { ...workload.generate!, count: 60 } },
          schedulers: [{ kind: 'fifo' }, { kind: 'fair' }, { kind: 'capacity' }],
          seeds: [1, 2],
          simulation: { heartbeatOrder: 'fixed' },
        }),
      );
      const cli = JSON.parse(
        execFileSync(process.execPath, [path.join(ROOT, 'bin/workload-studio.js'), 'run', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
      ) as ResultFile;
      const meanOf = (label: string) => {
        const xs = cli.runs.filter((r) => r.scheduler === label).map((r) => r.summary.meanJct);
        return xs.reduce((s, x) => s + x, 0) / xs.length;
      };
      const cells = await page.locator('[data-metric="meanJct"] td').evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-mean'))));
      expect(cells).toHaveLength(3);
      ['FIFO', 'Fair (delay)', 'Capacity'].forEach((label, i) => expect(cells[i]).toBeCloseTo(meanOf(label), 9));
      // Per-job speedup over the baseline (FIFO, then Capacity): the same pairs as `speedup --of`.
      const speedupCells = () => page.locator('[data-metric="perJobSpeedup"] td').evaluateAll((tds) => tds.map((td) => td.getAttribute('data-mean')));
      const cliSpeedup = (of: string, over: string) => jobSpeedup(cli, of).rows.find((r) => r.scheduler === over)!.perJob;
      await expect.poll(speedupCells).toEqual(['', expect.any(String), expect.any(String)]);
      let shown = await speedupCells();
      expect(Number(shown[1])).toBeCloseTo(cliSpeedup('Fair (delay)', 'FIFO'), 9);
      expect(Number(shown[2])).toBeCloseTo(cliSpeedup('Capacity', 'FIFO'), 9);
      await page.getByTestId('baseline').selectOption({ label: 'Capacity' });
      await expect.poll(async () => (await speedupCells())[2]).toBe('');
      shown = await speedupCells();
      expect(Number(shown[0])).toBeCloseTo(cliSpeedup('FIFO', 'Capacity'), 9);
      await page.getByTestId('baseline').selectOption({ label: 'FIFO' });
      // Under each speedup, the single seeds' lowest and highest, as the CLI's bySeed gives them.
      const seedRange = (of: string, over: string) => {
        const perSeed = jobSpeedup(cli, of)
          .rows.find((r) => r.scheduler === over)!
          .bySeed.map((s) => s.perJob);
        return `single seeds: ${Math.min(...perSeed).toFixed(2)}–${Math.max(...perSeed).toFixed(2)}×`;
      };
      await expect
        // The text as it reads: a block's edge whitespace (where the template breaks a line) shows as nothing.
        .poll(async () => (await page.locator('[data-metric="perJobSpeedup"] [data-testid="speedup-seed-range"]').allTextContents()).map((t) => t.trim()))
        .toEqual([seedRange('Fair (delay)', 'FIFO'), seedRange('Capacity', 'FIFO')]);
      // Like every other row, the speedups say "n.s." exactly where the paired test marks no best.
      const speedupBest = await page.locator('[data-metric="perJobSpeedup"] td[data-best="true"]').count();
      const speedupNs = await page.locator('[data-metric="perJobSpeedup"] [data-testid="not-significant"]').count();
      // Either one configuration is best or the row says n.s.: never both, never neither.
      expect(speedupBest + speedupNs).toBe(1);
      // Locality job group by job group: the same shares as `locality` prints for the CLI's result.
      const locality = jobLocality(cli);
      expect(locality.rows.length).toBeGreaterThan(0);
      const shownRows = await page
        .locator('[data-testid="locality-table"] tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-group'), ...[...tr.querySelectorAll('td')].map((td) => td.getAttribute('data-share'))]));
      expect(shownRows.map((r) => r[0])).toEqual(locality.rows.map((r) => r.group));
      shownRows.forEach((r, i) =>
        ['FIFO', 'Fair (delay)', 'Capacity'].forEach((label, k) => {
          const cell = locality.rows[i].cells[label];
          expect(Number(r[k + 1]), `${r[0]} ${label}`).toBeCloseTo(cell.local / cell.maps, 12);
        }),
      );
      // Bold where the CLI's test across seeds finds a best, and nowhere else.
      const shownBest = await page
        .locator('[data-testid="locality-table"] tbody tr')
        .evaluateAll((trs) =>
          trs.flatMap((tr) => [...tr.querySelectorAll('td')].flatMap((td, k) => (td.classList.contains('best') ? [[tr.getAttribute('data-group'), k]] : []))),
        );
      const labels = ['FIFO', 'Fair (delay)', 'Capacity'];
      expect(shownBest.map(([group, k]) => [group, labels[k as number]])).toEqual(Object.entries(locality.best));
      expect(await page.locator('[data-testid="comparison-charts"] canvas').count()).toBeGreaterThanOrEqual(6);
      await page.locator('[data-testid="gantt"] canvas').waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await colourScheme(page, scheme);
        await screenshot(page, `comparison-${scheme}`);
      }
      await colourScheme(page, 'light');
      await page.locator('[data-metric="perJobSpeedup"]').scrollIntoViewIfNeeded();
      await painted(page);
      await screenshot(page, 'comparison-speedup-light');
      await page.getByTestId('locality-table').scrollIntoViewIfNeeded();
      await screenshot(page, 'comparison-locality-light');

      // The why-panel: one job in every run, with the scheduler's reasons.
      await askWhy(page, 'g5');
      await expect.poll(() => page.locator('[data-why-run]').count()).toBe(6);
      expect(await page.getByTestId('why-panel').textContent()).toMatch(/Fair \(delay\): job g5/);
      // A generated job's template and size come from the seed: the panel names them, and says whether g5 is one job or one per seed.
      const shapes = new Set(cli.runs.map((r) => r.jobs.find((j) => j.id === 'g5')).map((j) => `${j!.template} ${j!.maps}`));
      expect(await page.getByTestId(shapes.size > 1 ? 'why-different-jobs' : 'why-same-job').count()).toBe(1);
      expect(await page.locator('[data-why-run="0"] h4').textContent()).toMatch(/seed \d+ · \w+, \d+ maps?, \d+ reduces?/);
      await page.getByTestId('why-panel').scrollIntoViewIfNeeded();
      await screenshot(page, 'why-panel-light');

      // A click on a job's bar in the ANP chart explains that job.
      const anp = page.locator('[aria-label="ANP per job"] canvas').first();
      await anp.scrollIntoViewIfNeeded();
      const box = (await anp.boundingBox())!;
      const plotLeft = box.x + 56;
      const plotWidth = box.width - 56 - 20;
      for (let k = 0; k < 8; k++) {
        // Just above the x axis (grid bottom 60 px), at the middle bar of job k's group.
        await page.mouse.click(plotLeft + (plotWidth / 60) * (k + 0.5), box.y + box.height - 62);
        if ((await page.getByTestId('why-job').inputValue()) !== 'g5') break;
      }
      await expect.poll(() => page.getByTestId('why-job').inputValue()).toMatch(/^g[1-8]$/);
      await expect.poll(() => page.locator('[data-why-run]').count()).toBe(6);
      // Tooltips on the linked time charts draw on the canvas: hovering must not trip the CSP.
      const util = page.locator('[aria-label="Utilisation over time"] canvas').first();
      await util.scrollIntoViewIfNeeded();
      const u = (await util.boundingBox())!;
      for (const f of [0.3, 0.5, 0.7]) await page.mouse.move(u.x + u.width * f, u.y + u.height * 0.5);
      await screenshot(page, 'comparison-tooltip-light');

      // Run history: tag it, filter by the tag, reopen it.
      await page.locator('[data-nav="history"]').click();
      const row = page.locator('tr[data-batch^="Baselines in the app"]');
      await row.waitFor();
      await row.getByRole('button', { name: 'Tags' }).click();
      await page.getByTestId('tags-input').fill('baseline, small');
      await page.getByTestId('save-tags').click();
      await expect.poll(() => row.textContent()).toMatch(/baseline.*small/);
      await page.getByTestId('history-filter').fill('small');
      expect(await page.locator('tr[data-batch]').count()).toBe(1);
      await screenshot(page, 'history-light');
      await page.locator('[data-nav="experiments"]').click();
      await page.locator('tr[data-experiment="Baselines in the app"]').waitFor();
      await screenshot(page, 'experiments-light');
      // The list filters by name, cluster, workload or scheduler, as the others do.
      await page.getByTestId('experiment-filter').fill('capacity');
      expect(await page.locator('tr[data-experiment]').count()).toBe(1);
      await page.getByTestId('experiment-filter').fill('no such thing');
      await expect.poll(() => page.locator('tr[data-experiment]').count()).toBe(0);
      expect(await page.getByTestId('experiment-table').textContent()).toContain('No experiment matches "no such thing".');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
