import { describe, expect, it } from 'vitest';
import type { BatchDetail } from '@shared/experiment/design';
import type { SettingsView } from '@shared/api/settings';
import { finishedLines, REDIS, requireRedisUnderCi, sourceWorker, startRedis, stopRedis, waitForLine } from '../helpers/redis';
import { useTempDirs } from '../helpers/tempDir';
import { ok, openAt, screenshot, startStudio, useBrowser, waitForBatchEnd, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();
requireRedisUnderCi();

/**
 * The studio in a browser (`serve`) sending its batches to a Redis queue that asks for a password:
 * the user names the queue and types the password in Settings, runs a design, and a worker process
 * on the queue simulates it. The password is kept for the session only (no keychain in `serve`),
 * said so beside the field, and the run's numbers are those of this machine's own run.
 */
describe.runIf(REDIS)('settings: batches on a password-protected queue, from the browser', () => {
  it('runs a design on a worker after the queue and its password are entered, with the same results as a local run', async () => {
    const SECRET = 'kept for the session';
    const { redis, url } = await startRedis('--requirepass', SECRET);
    const queueUrl = `${url}?queue=browser`;
    const worker = sourceWorker(queueUrl, { REDIS_PASSWORD: SECRET });
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1280, height: 860 } });
    const errors = watchErrors(page);
    try {
      await waitForLine(worker.child, worker.log, /waiting for runs/);
      const sample = await ok<{ experimentId: string }>(studio.services, 'studio:sample', {});
      await page.goto(studio.server.url);
      await page.getByTestId('open-settings').click();
      const form = page.getByTestId('settings');
      await form.waitFor();
      expect(await form.getByTestId('settings-password-hint').textContent()).toMatch(
        /A password you enter is kept for this session only \(the studio in a browser has no keychain\)/,
      );
      // A password in the address is refused beside the queue field, saying where it goes instead.
      await form.getByTestId('settings-queue').fill(`redis://user:${encodeURIComponent(SECRET)}@127.0.0.1:1`);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => form.locator('#run-queue-error').textContent()).toMatch(/must not hold a password .* enter it in the password field instead/);
      await form.getByTestId('settings-queue').fill(queueUrl);
      // Checked before it is saved: refused without the password, then reached with the one typed, its worker counted.
      await form.getByTestId('settings-check-queue').click();
      await expect
        .poll(() => form.getByTestId('settings-queue-check').textContent())
        .toMatch(
          /^\s*Cannot reach redis:\/\/127\.0\.0\.1:\d+ \(queue browser\): Redis refused the password \(enter it as the queue password, or set REDIS_PASSWORD\)\./,
        );
      await form.getByTestId('settings-queue-password').fill(SECRET);
      await form.getByTestId('settings-check-queue').click();
      await expect
        .poll(() => form.getByTestId('settings-queue-check').textContent())
        .toMatch(/^\s*Reached redis:\/\/\*\*\*@127\.0\.0\.1:\d+ \(queue browser\): 1 worker listening\.\s*$/);
      expect(await form.getByTestId('settings-queue-check').getAttribute('role')).toBe('status');
      await screenshot(page, 'settings-queue-check');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
      const saved = await ok<SettingsView>(studio.services, 'settings:get', {});
      expect(saved.settings.queue).toBe(queueUrl);
      expect(saved.queuePassword).toEqual({ kept: true, where: 'session' });
      // Reopened: the password is not shown back, only that one is kept.
      await page.getByTestId('open-settings').click();
      await page.getByTestId('settings').waitFor();
      expect(await page.getByTestId('settings-queue-password').inputValue()).toBe('');
      expect(await page.getByTestId('settings-queue-password').getAttribute('placeholder')).toBe('kept: type a new one to replace it');
      await screenshot(page, 'settings-queue-password');
      await page.keyboard.press('Escape');
      await page.getByTestId('settings').waitFor({ state: 'detached' });

      await openAt(page, studio.server.url, `#/experiments/${sample.experimentId}`);
      await page.getByTestId('run').click();
      await page.getByTestId('comparison').waitFor();
      await page.getByTestId('summary-table').waitFor({ timeout: 120_000 });
      await waitForBatchEnd(page);
      const [remote] = await ok<{ id: string }[]>(studio.services, 'batches:list', {});
      const remoteDetail = await ok<BatchDetail>(studio.services, 'batches:get', { id: remote.id });
      expect(remoteDetail.results.every((r) => r.status === 'finished')).toBe(true);
      // The worker ran every run of the batch.
      expect(await finishedLines([worker], remoteDetail.results.length)).toHaveLength(remoteDetail.results.length);

      // The same design on this machine gives the same numbers.
      await ok(studio.services, 'settings:update', { runThreads: null, queue: null });
      const local = await ok<{ id: string }>(studio.services, 'experiments:run', { id: sample.experimentId });
      await studio.services.runner.settled(local.id);
      const localDetail = await ok<BatchDetail>(studio.services, 'batches:get', { id: local.id });
      expect(remoteDetail.results.map((r) => r.summary)).toEqual(localDetail.results.map((r) => r.summary));
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
      worker.child.kill('SIGKILL');
      await stopRedis(redis);
    }
  }, 300_000);

  it('says above the runs when no worker listens to the queue, and the notice goes once one starts', async () => {
    const { redis, url } = await startRedis();
    const queueUrl = `${url}?queue=empty`;
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1280, height: 860 } });
    const errors = watchErrors(page);
    let worker: ReturnType<typeof sourceWorker> | undefined;
    try {
      const sample = await ok<{ experimentId: string }>(studio.services, 'studio:sample', {});
      await ok(studio.services, 'settings:update', { runThreads: null, queue: queueUrl });
      await openAt(page, studio.server.url, `#/experiments/${sample.experimentId}`);
      await page.getByTestId('run').click();
      await page.getByTestId('comparison').waitFor();
      const notice = page.getByTestId('batch-notice');
      await notice.waitFor({ timeout: 120_000 });
      expect(await notice.textContent()).toMatch(
        /^No worker is taking runs from redis:\/\/127\.0\.0\.1:\d+ \(queue empty\): the runs wait there until one starts.* To run on this machine instead, cancel, clear the queue in Settings and run again\.\s*$/,
      );
      await screenshot(page, 'queue-without-worker');
      worker = sourceWorker(queueUrl);
      await waitForBatchEnd(page);
      expect(await notice.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
      worker?.child.kill('SIGKILL');
      await stopRedis(redis);
    }
  }, 300_000);
});
