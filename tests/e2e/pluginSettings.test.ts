import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/tempDir';
import { startServeProcess } from '../helpers/processes';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { editorReady, ok, openAt, openNewExperiment, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();
const EXAMPLE = path.resolve(__dirname, '../../docs/examples/schedulers/locality-greedy.scheduler.js');

/** docs/plugins.md: Settings → Schedulers of your own, in the app's pages (here over loopback, as serve). */
describe('a scheduler file added in the settings', () => {
  it('is kept in the data folder, offered by the designer at once and at the next start, and a bad file is refused in words', async () => {
    const dir = tempDir();
    const studio = await startStudio(dir);
    const { cluster, workload } = loadExperiment(path.resolve(__dirname, '../../docs/examples/baselines.experiment.json'));
    const { id: clusterId } = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: cluster });
    const { id: workloadId } = await ok<{ id: string }>(studio.services, 'workloads:create', { spec: workload });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.getByTestId('open-settings').click();
      await page.getByRole('tab', { name: 'Schedulers of your own' }).click();
      const section = page.getByTestId('plugin-settings');
      await section.waitFor();
      expect(await section.textContent()).toMatch(/A plug-in is code that runs with your rights/);
      // A file that is not a scheduler: refused, naming the field, and nothing kept.
      const bad = path.join(tempDir(), 'bad.scheduler.js');
      fs.writeFileSync(bad, "export default { kind: 'bad-one', title: 'Bad', capacity: 'slots' };");
      await page.getByTestId('plugin-file').setInputFiles(bad);
      await expect.poll(() => page.getByTestId('plugin-problem').textContent()).toMatch(/bad\.scheduler\.js: create: must be a function/);
      expect(fs.existsSync(path.join(dir, 'plugins')) ? fs.readdirSync(path.join(dir, 'plugins')) : []).toEqual([]);

      await page.getByTestId('plugin-file').setInputFiles(EXAMPLE);
      await expect.poll(() => page.getByTestId('plugin-added').textContent()).toMatch(/“Locality first, no waiting \(example\)” is offered in the designer/);
      await expect
        .poll(() => section.locator('[data-plugin="locality-greedy.scheduler.js"]').textContent())
        .toMatch(/locality-greedy, locality-greedy\.scheduler\.js, SHA-256 [0-9a-f]{12}…/);
      // A new version of it (the policy changed, not its title or options) replaces the kept file, and the list says so.
      const v2 = path.join(tempDir(), 'locality-greedy.scheduler.js');
      fs.writeFileSync(v2, `${fs.readFileSync(EXAMPLE, 'utf8')}// version 2\n`);
      await page.getByTestId('plugin-file').setInputFiles(v2);
      await expect
        .poll(() => section.locator('li').allTextContents())
        .toEqual([
          expect.stringMatching(/replaced by the file added after it \(locality-greedy\.scheduler\.js, SHA-256 [0-9a-f]{12}…\), which runs from now on/),
          expect.not.stringMatching(/replaced/),
        ]);
      // The message beside the button says the same: a new version, not a new kind.
      await expect
        .poll(() => page.getByTestId('plugin-added').textContent())
        .toMatch(
          /^“Locality first, no waiting \(example\)” now runs from locality-greedy\.scheduler\.js \(SHA-256 [0-9a-f]{12}…\), in place of the version added before it \(locality-greedy\.scheduler\.js, SHA-256 [0-9a-f]{12}…\), which leaves the list when the studio starts again\.$/,
        );
      // The old file stays while this studio runs (a batch that began with it runs it to the end); the next start deletes it.
      expect(fs.readdirSync(path.join(dir, 'plugins'))).toHaveLength(2);
      await screenshot(page, 'settings-plugins');
      await page.keyboard.press('Escape');

      // Without reloading the page: the designer offers it at once.
      await openNewExperiment(page);
      expect(await page.getByLabel('Kind of scheduler 1').locator('option').allTextContents()).toContain('Locality first, no waiting (example)');
      expect(errors).toEqual([]);

      // A run of it, kept in the history.
      const design = await ok<{ id: string }>(studio.services, 'experiments:create', {
        spec: {
          name: 'Mine against FIFO',
          clusterIds: [clusterId],
          workloadIds: [workloadId],
          schedulers: [{ kind: 'locality-greedy' }, { kind: 'fifo' }],
          seeds: [1],
        },
      });
      const batch = await ok<{ id: string }>(studio.services, 'experiments:run', { id: design.id });
      await studio.services.runner.settled(batch.id);
    } finally {
      await page.close();
      await studio.stop();
    }

    // A new process on the same data folder loads it at start.
    const serve = await startServeProcess(dir);
    try {
      const listed = await serve.call<{ kind?: string; fileName: string; sha256: string }[]>('schedulers:plugins');
      expect(listed.data).toEqual([expect.objectContaining({ kind: 'locality-greedy', fileName: 'locality-greedy.scheduler.js' })]);
      expect(fs.readdirSync(path.join(dir, 'plugins'))).toEqual([listed.data![0].sha256]);
      const cards = await serve.call<{ kind: string }[]>('schedulers:added');
      expect(cards.data?.map((c) => c.kind)).toContain('locality-greedy');
      // Removed from the settings: the history still names its runs and settings in the file's words, from the card the batch kept.
      const removed = await serve.call('schedulers:removePlugin', { sha256: listed.data![0].sha256 });
      expect(removed.ok, removed.error?.message).toBe(true);
    } finally {
      await serve.stop();
    }
    const without = await startServeProcess(dir);
    const page2 = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors2 = watchErrors(page2);
    try {
      expect((await without.call<{ kind: string }[]>('schedulers:added')).data?.map((c) => c.kind)).not.toContain('locality-greedy');
      const [entry] = (await without.call<{ id: string; schedulers: string[] }[]>('batches:list')).data!;
      expect(entry.schedulers).toEqual(['Locality first, no waiting (example)', 'FIFO']);
      await openAt(page2, without.url, `#/history/${entry.id}`);
      await editorReady(page2, 'comparison');
      const setup = page2.getByTestId('run-setup');
      await setup.waitFor();
      expect(await setup.textContent()).toMatch(/Locality first, no waiting \(example\)\s*— Locality first, no waiting \(example\): Slot memory/);
      expect(await setup.textContent()).not.toContain('slotMemoryMb');
      expect(errors2).toEqual([]);
    } finally {
      await page2.close();
      await without.stop();
    }
  });
});
