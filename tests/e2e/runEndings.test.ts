import * as net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { BatchDetail, BatchSummary } from '@shared/experiment/design';
import { useTempDirs } from '../helpers/tempDir';
import { mixed } from './mixedCluster';
import { ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

/** How a run that did not end normally shows itself: live while it runs, cancelled, stopped by a rule, or every job failed. */

const tempDir = useTempDirs();

/**
 * 20,000 jobs that the 10 servers keep up with: some 45 s of engine time on an idle machine, ten
 * times the few seconds before a cancel. (3,000 jobs once ended before the cancel came.) The batch's
 * estimate shows at 2% of the batch done, so the run must not start slow.
 */
const LONG_WORKLOAD = {
  name: 'long',
  generate: { count: 20_000, arrival: { kind: 'poisson', meanInterarrivalS: 10 }, mix: [{ template: 'Sort', weight: 1, maps: [10, 40] }] },
};
const browser = useBrowser();

describe('a long run shows itself live and keeps its partial results when cancelled', () => {
  it('draws live CPU and task charts while running; a cancel keeps the partial run, listed apart', async () => {
    const studio = await startStudio(tempDir());
    const cluster = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: mixed });
    const workload = await ok<{ id: string }>(studio.services, 'workloads:create', { spec: LONG_WORKLOAD });
    // One run at a time, so that the second seed waits in the queue when the cancel comes.
    await ok(studio.services, 'settings:update', { runThreads: 1 });
    const design = await ok<{ id: string }>(studio.services, 'experiments:create', {
      spec: { name: 'long', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fair' }], seeds: [1, 2] },
    });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      const started = await ok<BatchSummary>(studio.services, 'experiments:run', { id: design.id });
      await page.evaluate(`location.hash = '#/history/${started.id}'`);
      const live = page.getByTestId('live-charts');
      await expect
        .poll(
          async () =>
            Number(
              (await live
                .locator('.charts')
                .getAttribute('data-points')
                .catch(() => '0')) ?? 0,
            ),
          { timeout: 60_000 },
        )
        .toBeGreaterThanOrEqual(3);
      expect(await live.locator('canvas').count()).toBeGreaterThanOrEqual(2);
      // The charts redraw as samples arrive (they froze at their first samples once): count draws.
      const cpuDraws = () => live.getByRole('img', { name: 'CPU busy over simulated time' }).getAttribute('data-draws').then(Number);
      const drawsBefore = await cpuDraws();
      await expect.poll(cpuDraws, { timeout: 60_000 }).toBeGreaterThanOrEqual(drawsBefore + 3);
      // The batch says how long it has left once a little of it is done.
      expect(await page.getByTestId('batch-eta').textContent({ timeout: 60_000 })).toMatch(/about .+ left for the batch/);
      await screenshot(page, 'live-charts-light');
      await page.getByTestId('cancel-batch').click();
      const partial = page.getByTestId('partial-runs');
      await partial.waitFor({ timeout: 60_000 });
      expect(await partial.textContent()).toMatch(/Fair \(delay\), seed 1: stopped at [\d,]+ s simulated, [\d,]+ of 20,000 jobs done/);
      // The queued run is named: it never started.
      expect(await page.getByTestId('never-started').textContent()).toMatch(
        /1 run never started \(taken off the queue by the cancel\): Fair \(delay\), seed 2\./,
      );
      // The partial run can still be drawn, and says what it is.
      await expect.poll(() => page.getByTestId('gantt-run').locator('option').allTextContents()).toEqual(['Fair (delay) · seed 1 (partial)']);
      await page.getByTestId('gantt').locator('canvas').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

describe('a comparison of a batch still running', () => {
  it('says its numbers are read over the seeds finished so far, not that too few seeds were asked for', async () => {
    const studio = await startStudio(tempDir());
    const cluster = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: mixed });
    // A short workload's runs end first; the long one's (as above) keeps the batch running.
    const short = await ok<{ id: string }>(studio.services, 'workloads:create', {
      spec: { name: 'short', jobs: [{ template: 'Sort', submit: 0, inputMb: 256 }] },
    });
    const long = await ok<{ id: string }>(studio.services, 'workloads:create', { spec: LONG_WORKLOAD });
    await ok(studio.services, 'settings:update', { runThreads: 1 });
    const design = await ok<{ id: string }>(studio.services, 'experiments:create', {
      spec: { name: 'short then long', clusterIds: [cluster.id], workloadIds: [short.id, long.id], schedulers: [{ kind: 'fifo' }], seeds: [1, 2, 3] },
    });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      const started = await ok<BatchSummary>(studio.services, 'experiments:run', { id: design.id });
      await page.evaluate(`location.hash = '#/history/${started.id}'`);
      await page.getByTestId('summary-table').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('run-progress').count()).toBe(1);
      expect(await page.getByTestId('seed-warning').textContent()).toMatch(
        /^\s*Still running: each configuration is read over the seeds it has finished so far/,
      );
      await page.getByTestId('cancel-batch').click();
      await page.getByTestId('partial-runs').waitFor({ timeout: 60_000 });
      // Ended, the note is the seeds' own: three seeds of the short workload, none of the long one finished.
      await expect.poll(() => page.getByTestId('seed-warning').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

describe('a run a stop rule ended says why beside the comparison', () => {
  it('names the run, when it made no more progress, its unfinished jobs and the rule, and keeps it in the statistics', async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    const cluster = await ok<{ id: string }>(s, 'clusters:create', { spec: mixed });
    // One map of 4,096 MB at 1,000 CPU-seconds per MB: it would end 47 days later, past the 30 days a phase may run alone.
    const workload = await ok<{ id: string }>(s, 'workloads:create', {
      spec: {
        name: 'endless map',
        jobs: [
          { id: 'quick', template: 'WordCount', submit: 0, maps: 2, reduces: 1 },
          { id: 'endless', template: 'Grep', submit: 0, maps: 1, inputMb: 4096, reduces: 0, mapCpuSPerMb: 1000 },
        ],
      },
    });
    const design = await ok<{ id: string }>(s, 'experiments:create', {
      spec: { name: 'stopped', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }, { kind: 'fair' }], seeds: [1, 2] },
    });
    const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await s.runner.settled(batch.id);
    const detail = await ok<BatchDetail>(s, 'batches:get', { id: batch.id });
    expect(detail.results.map((r) => [r.status, r.summary?.stopped])).toEqual(detail.results.map(() => ['finished', 'noPhaseEnds']));
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      const note = page.getByTestId('stopped-runs');
      await note.waitFor();
      expect(await note.locator('strong').textContent()).toBe('4 runs were stopped because they could no longer progress');
      expect(await note.locator('li').allTextContents()).toEqual(
        detail.results.map(
          (r) =>
            `${r.label}, seed ${r.seed}, made no progress after ${Math.round(r.summary!.simulatedSeconds)} s and was stopped with 1 job unfinished: for a day of simulated time (and at least 1,000 heartbeats) tasks ran, but none ended a phase, nothing new started and no phase was due to end within 30 days.`,
        ),
      );
      // Still compared: the summary table lists both schedulers, the unfinished jobs counted.
      await page.getByTestId('summary-table').waitFor();
      expect(await page.getByTestId('summary-table').textContent()).toContain('Jobs unfinished');
      await note.scrollIntoViewIfNeeded();
      await screenshot(page, 'stopped-runs');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

describe('runs whose every job failed', () => {
  it('show no job time, ANP or fairness, and say there is no completion time to draw', async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    const cluster = await ok<{ id: string }>(s, 'clusters:create', { spec: mixed });
    const workload = await ok<{ id: string }>(s, 'workloads:create', {
      spec: { name: 'doomed', jobs: [{ id: 'doomed', template: 'WordCount', submit: 0, maps: 2, reduces: 1 }] },
    });
    const design = await ok<{ id: string }>(s, 'experiments:create', {
      spec: {
        name: 'all failed',
        clusterIds: [cluster.id],
        workloadIds: [workload.id],
        schedulers: [{ kind: 'fifo' }, { kind: 'fair' }],
        seeds: [1, 2],
        simulation: { taskFailureProbability: 1 },
      },
    });
    const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await s.runner.settled(batch.id);
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      await page.getByTestId('summary-table').waitFor();
      // No mean job time or makespan that would make either the fastest, no Jain's index of 1 that would make it the fairest.
      for (const key of ['meanJct', 'p95Jct', 'makespan', 'meanAnp', 'unfairness', 'jainIndex', 'meanSlowdown']) {
        const cells = page.locator(`tr[data-metric="${key}"] td`);
        expect((await cells.allTextContents()).map((t) => t.trim())).toEqual(['—', '—']);
      }
      expect((await page.locator('tr[data-metric="failed"] td').allTextContents()).map((t) => t.trim().split(' ')[0])).toEqual(['1', '1']);
      await page.getByTestId('cdf-none').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

describe('runs that all failed for one reason', () => {
  it('say the reason once, naming the runs it stopped, and do not speak of others that went on', async () => {
    // A port nobody listens on: every run of the batch fails because its queue cannot be reached.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const studio = await startStudio(tempDir());
    const s = studio.services;
    await ok(s, 'settings:update', { runThreads: null, queue: `redis://127.0.0.1:${closed}` });
    const cluster = await ok<{ id: string }>(s, 'clusters:create', { spec: mixed });
    const workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name: 'two jobs', jobs: [{ id: 'a', template: 'Grep', submit: 0, maps: 2 }] } });
    const design = await ok<{ id: string }>(s, 'experiments:create', {
      spec: { name: 'no queue', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }, { kind: 'fair' }], seeds: [1, 2] },
    });
    const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await s.runner.settled(batch.id);
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    try {
      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      const failed = page.getByTestId('failed-runs');
      await failed.waitFor();
      expect(await failed.locator('strong').textContent()).toBe('All 4 runs failed');
      const lines = await failed.locator('li').allTextContents();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(`^FIFO, seeds 1 and 2; Fair \\(delay\\), seeds 1 and 2: cannot reach redis://127\\.0\\.0\\.1:${closed} \\(queue workload-studio\\)`),
      );
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
