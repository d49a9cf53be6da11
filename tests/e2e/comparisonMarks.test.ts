import * as fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { compareMetric, undecidedMark } from '@shared/results/comparison';
import type { BatchDetail, BatchSummary } from '@shared/experiment/design';
import { METRICS } from '@shared/results/metrics';
import { useTempDirs } from '../helpers/tempDir';
import { mixed } from './mixedCluster';
import { ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

/**
 * The comparison's marks (shared/results/comparison.ts markBest) as the table shows them: a best
 * only where the paired test separates it, "tie", "n.s." or "jobs differ" where nothing is, and
 * no job time ranked between runs that lost different jobs.
 */
const tempDir = useTempDirs();
const browser = useBrowser();

describe('the comparison states only what the seeds support', () => {
  it('marks a best only where the paired test separates it, reads ratios the right way and keeps counters apart', async () => {
    const studio = await startStudio(tempDir());
    const cluster = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: mixed });
    const workload = await ok<{ id: string }>(studio.services, 'workloads:create', {
      spec: {
        name: 'mix',
        generate: {
          count: 24,
          arrival: { kind: 'poisson', meanInterarrivalS: 4 },
          mix: [
            { template: 'Pi', weight: 1, maps: [8, 32] },
            { template: 'WordCount', weight: 1, maps: [8, 24] },
          ],
        },
      },
    });
    const design = await ok<{ id: string }>(studio.services, 'experiments:create', {
      spec: {
        name: 'stats',
        clusterIds: [cluster.id],
        workloadIds: [workload.id],
        schedulers: [
          { kind: 'fifo', mapSlots: 1, reduceSlots: 1 },
          { kind: 'fifo', label: 'fifo again', mapSlots: 1, reduceSlots: 1 },
          { kind: 'fifo', label: 'fifo sized' },
        ],
        seeds: [1, 2, 3, 4],
      },
    });
    const started = await ok<BatchSummary>(studio.services, 'experiments:run', { id: design.id });
    await studio.services.runner.settled(started.id);
    const batch = await ok<BatchDetail>(studio.services, 'batches:get', { id: started.id });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, `#/history/${started.id}`);
      const table = page.getByTestId('summary-table');
      await table.waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('seed-warning').count()).toBe(0);
      // What shared/results/comparison.ts says of each metric is what the table marks.
      const groups = ['FIFO', 'fifo again', 'fifo sized'];
      const ties: string[] = [];
      for (const m of METRICS.filter((x) => !x.diagnostic)) {
        const values = groups.map((label) => ({
          key: label,
          bySeed: new Map(
            batch.results
              .filter((r) => r.label === label && r.summary)
              .flatMap((r) => {
                const v = m.get(r.summary!);
                return v === null ? [] : [[r.seed, v] as [number, number]];
              }),
          ),
          succeeded: new Map(batch.results.filter((r) => r.label === label && r.summary).map((r) => [r.seed, r.summary!.succeeded])),
        }));
        const compared = compareMetric(m, values, 'FIFO');
        const shown = await table.locator(`[data-metric="${m.key}"] td`).evaluateAll((tds) => tds.map((td) => td.getAttribute('data-best') === 'true'));
        expect(shown, m.key).toEqual(compared.cells.map((c) => c.best));
        // And its mark where nothing is best: "tie", "n.s." or "jobs differ", as the comparison has it.
        const mark = table.locator(`tr[data-metric="${m.key}"] [data-testid="not-significant"]`);
        expect(await mark.count(), m.key).toBe(compared.undecided ? 1 : 0);
        if (compared.undecided) expect((await mark.textContent())?.trim(), m.key).toBe(`· ${undecidedMark(compared.undecided)}`);
        if (compared.undecided?.tie) ties.push(m.key);
      }
      // Two identical configurations lead some rows (every job succeeded in each): a tie, not a best.
      expect(ties).toContain('succeeded');
      // Twice the same scheduler: identical runs are never a "best", and no change is shown.
      const jct = table.locator('[data-metric="meanJct"] td');
      expect(await jct.nth(1).locator('.delta').count()).toBe(0);
      // Sized per server, FIFO runs 12× the maps at once: its JCT wins on every seed, and the paired test says so.
      expect(await jct.nth(2).getAttribute('data-best')).toBe('true');
      expect(await jct.nth(2).getAttribute('title')).toMatch(/paired t-test/);
      // Ratios: above 1× is better both for a time (lower is better) and a throughput (higher is better).
      const ratio = async (metric: string) =>
        Number(/· ([\d.]+)×/.exec((await table.locator(`[data-metric="${metric}"] td`).nth(2).locator('.delta').textContent()) ?? '')?.[1]);
      expect(await ratio('meanJct')).toBeGreaterThan(1);
      expect(await ratio('throughput')).toBeGreaterThanOrEqual(1);
      // What each could run at once, from the batch's own inputs.
      expect(await table.locator('[data-metric="concurrency"] td').allTextContents()).toEqual([
        '10 map + 10 reduce slots',
        '10 map + 10 reduce slots',
        '120 map + 60 reduce slots',
      ]);
      // The engine's counters sit under diagnostics, not among the results.
      expect(await table.locator('tbody > tr[data-metric="events"]').count()).toBe(1);
      expect(await page.getByTestId('diagnostics').locator('[data-metric="events"]').count()).toBe(1);
      expect(await page.locator('.comparison-scroll [data-metric="events"]').count()).toBe(0);
      // The table leaves as CSV with the numbers it shows.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('summary-csv').click()]);
      const csv = parse(fs.readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
      const shownJct = await jct.evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-mean'))));
      expect(csv.filter((r) => r.metric === 'Mean job completion time').map((r) => Number(r.mean))).toEqual(shownJct);
      expect(csv.find((r) => r.metric === 'Mean job completion time' && r.configuration === 'fifo sized')!.best).toBe('true');
      await table.scrollIntoViewIfNeeded();
      await screenshot(page, 'comparison-statistics-light');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

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
    const differ = [1, 2, 3, 4].filter((seed) => succeeded('FIFO', seed) !== succeeded('Fair (delay)', seed));
    expect(differ.length).toBeGreaterThan(0);
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, `#/history/${batch.id}`);
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
            `^No best: at seed ${seed} (FIFO|Fair \\(delay\\)) finished \\d+ jobs and (FIFO|Fair \\(delay\\)) \\d+ jobs, so this metric averages different jobs in each\\.$`,
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
