import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchDetail } from '@shared/experiment/design';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { RunPool } from '../../src-main/runner/runPool';
import { registerScheduler } from '../../src-main/schedulers/registry';
import { newestFirst } from '../fixtures/schedulers/newestFirst';
import { useTempDirs } from '../helpers/tempDir';
import { startServeProcess } from '../helpers/processes';
import { ok, openAt, openNewExperiment, ROOT, screenshot, startStudio, useBrowser, waitForBatchEnd, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/**
 * Adding a scheduler is its own file plus one registry line (issue 33): a toy scheduler from a
 * fixture, registered as the registry registers what src-main/schedulers/added/ exports, reaches the designer's card from main,
 * runs, and is named in the report, with nothing else of the studio changed.
 */
describe('a scheduler added in one file, in the browser', () => {
  it('is a kind of the designer, checked at its fields, run and reported', async () => {
    registerScheduler(newestFirst);
    // Worker threads load the studio's own build, where only what src-main/schedulers/added/ exports is registered: the fixture's runs go in this thread.
    const dir = tempDir();
    const studio = await startStudio(dir, { makePool: () => new RunPool({ workerFile: null }) });
    const { cluster, workload } = loadExperiment(path.join(ROOT, 'docs/examples/baselines.experiment.json'));
    await ok(studio.services, 'clusters:create', { spec: cluster });
    await ok(studio.services, 'workloads:create', { spec: { ...workload, generate: { ...workload.generate!, count: 30 } } });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openNewExperiment(page, studio.server.url);
      await page.locator('#experiment-name').fill('Newest first against the stock schedulers');
      const card = page.locator('[data-scheduler="0"]');
      const kind = page.getByLabel('Kind of scheduler 1');
      expect(await kind.locator('option').allTextContents()).toContain('Newest first (toy)');
      await kind.selectOption('newest-first');
      const field = (name: string) => card.locator('label', { hasText: name });
      await field('Maps per heartbeat').waitFor();
      expect(await card.locator('.params label > span').allTextContents()).toEqual([
        'Map slots / node',
        'Reduce slots / node',
        'Slot memory MB',
        'Which job first',
        'Maps per heartbeat',
      ]);
      // A bad value is named beside its field, in words, and holds the run back.
      await field('Maps per heartbeat').locator('input').fill('0');
      await expect.poll(() => card.locator('[data-error-field="schedulers.0.mapsPerBeat"]').textContent()).toMatch(/^Maps per heartbeat: .*at least 1/);
      expect(await page.getByTestId('run').isDisabled()).toBe(true);
      await field('Maps per heartbeat').locator('input').fill('2');
      await field('Which job first').locator('select').selectOption({ label: 'The oldest' });
      await expect.poll(() => page.getByLabel('Label of scheduler 1').getAttribute('placeholder')).toBe('Newest first (toy) (which job first: the oldest)');
      // What it can run at once, beside the built-ins it is compared with.
      await expect
        .poll(() => page.getByTestId('capacity-parity').textContent())
        .toMatch(/1\. Newest first \(toy\) \(which job first: the oldest\)\s*\d+ map \+ \d+ reduce slots/);
      await screenshot(page, 'added-scheduler-card');

      await expect.poll(() => page.getByTestId('run').isDisabled()).toBe(false);
      await page.getByTestId('run').click();
      await page.getByTestId('comparison').waitFor();
      await page.getByTestId('summary-table').waitFor({ timeout: 120_000 });
      await waitForBatchEnd(page);
      expect(await page.getByTestId('summary-table').textContent()).toContain('Newest first (toy) (which job first: the oldest)');

      const [batch] = await ok<{ id: string }[]>(studio.services, 'batches:list', {});
      const detail = await ok<BatchDetail>(studio.services, 'batches:get', { id: batch.id });
      const toy = detail.results.filter((r) => r.label === 'Newest first (toy) (which job first: the oldest)');
      expect(toy.map((r) => r.status)).toEqual(['finished', 'finished']);
      expect(detail.inputs.schedulers[0]).toMatchObject({ kind: 'newest-first', order: 'oldest', mapsPerBeat: 2 });
      // The report names it and counts its decisions under its own rule.
      const report = await ok<{ files: { name: string; content: string }[] }>(studio.services, 'batches:report', { id: batch.id, format: 'html' });
      const text = report.files[0].content.replace(/<[^>]+>/g, ' ');
      expect(text).toContain('Newest first (toy) (which job first: the oldest)');
      expect(text).toMatch(/By an added scheduler’s own rule\s+\d/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }

    // The same folder in the studio's own build, which has no such scheduler: the design opens,
    // names what is missing at the card, and holds the run back; nothing saved is lost.
    const serve = await startServeProcess(dir);
    const other = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    try {
      const listed = await serve.call<{ id: string }[]>('experiments:list');
      expect(listed.error).toBeUndefined();
      const [design] = listed.data!;
      await openAt(other, serve.url, `#/experiments/${design.id}`);
      await other.getByTestId('unknown-kind').waitFor();
      expect(await other.getByTestId('unknown-kind').textContent()).toMatch(/This studio has no scheduler “newest-first”/);
      expect(await other.getByLabel('Kind of scheduler 1').inputValue()).toBe('newest-first');
      expect(await other.getByTestId('run').isDisabled()).toBe(true);
      await screenshot(other, 'added-scheduler-missing');
      const stored = await serve.call<{ spec: { schedulers: unknown[] } }>('experiments:get', { id: design.id });
      expect(stored.data?.spec.schedulers[0]).toMatchObject({ kind: 'newest-first', order: 'oldest', mapsPerBeat: 2 });
      // Its runs stay in the history and open as they were saved.
      const batches = await serve.call<{ id: string; schedulers: string[] }[]>('batches:list');
      expect(batches.error).toBeUndefined();
      await openAt(other, serve.url, `#/history/${batches.data![0].id}`);
      await other.getByTestId('summary-table').waitFor();
      expect(await other.getByTestId('summary-table').textContent()).toContain('Newest first (toy) (which job first: the oldest)');
    } finally {
      await other.close();
      await serve.stop();
    }
  });

  it('shows an option only under the setting its card names, and names its runs by its rules', async () => {
    registerScheduler({
      ...newestFirst,
      kind: 'oldest-rules',
      title: 'Rules toy',
      shownWhen: { mapsPerBeat: { order: ['oldest'] } },
      runNames: [{ when: { order: ['oldest'] }, name: 'Oldest first (toy)' }],
    });
    const studio = await startStudio(tempDir(), { makePool: () => new RunPool({ workerFile: null }) });
    const { cluster, workload } = loadExperiment(path.join(ROOT, 'docs/examples/baselines.experiment.json'));
    await ok(studio.services, 'clusters:create', { spec: cluster });
    await ok(studio.services, 'workloads:create', { spec: workload });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openNewExperiment(page, studio.server.url);
      const card = page.locator('[data-scheduler="0"]');
      await page.getByLabel('Kind of scheduler 1').selectOption('oldest-rules');
      const field = (name: string) => card.locator('label', { hasText: name });
      await field('Which job first').waitFor();
      // Newest first (the default): the maps per heartbeat mean nothing, so the card leaves them out.
      expect(await card.locator('.params label > span').allTextContents()).not.toContain('Maps per heartbeat');
      // No rule holds: its title with the option it lists.
      await expect.poll(() => page.getByLabel('Label of scheduler 1').getAttribute('placeholder')).toBe('Rules toy (which job first: the newest)');
      await field('Which job first').locator('select').selectOption({ label: 'The oldest' });
      await field('Maps per heartbeat').waitFor();
      await expect.poll(() => page.getByLabel('Label of scheduler 1').getAttribute('placeholder')).toBe('Oldest first (toy)');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
