import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DesignSummary } from '@shared/results/runData';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { useTempDirs } from '../helpers/tempDir';
import { designerReady, ok, ROOT, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();
const PRESET = path.join(ROOT, 'resources/presets/prism-puma.experiment.json');

describe('experiment files in the browser', () => {
  it("imports a preset by dropping it on the Experiments page, exports it back unchanged, and names a broken file's problems", async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.locator('[data-nav="experiments"]').click();
      await page.getByTestId('import-experiment').waitFor();

      // Dropped, as from a file manager: the preview says what the file holds before anything is stored.
      const text = fs.readFileSync(PRESET, 'utf8');
      // (A script string: the browser's DataTransfer and DragEvent are not in the tests' Node types.)
      await page.evaluate(`(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([${JSON.stringify(text)}], 'prism-puma.experiment.json', { type: 'application/json' }));
        document.querySelector('[data-testid="experiments-view"]').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      })()`);
      const preview = page.getByTestId('experiment-preview');
      await preview.waitFor();
      expect(await preview.textContent()).toMatch(
        /PRISM testbed — 10 nodes.*Schedulers\s*Hadoop Fair Scheduler 0\.20\.2 \(8\/6 slots\), YARN Capacity \(128 vcores\), PRISM\s*Seeds\s*1, 2, 3, 4, 5, 6 — 18 runs/,
      );
      expect(await ok<DesignSummary[]>(studio.services, 'experiments:list', {})).toEqual([]);
      await screenshot(page, 'experiment-import-light');
      await page.getByTestId('confirm-experiment-import').click();
      await designerReady(page);
      const [design] = await ok<DesignSummary[]>(studio.services, 'experiments:list', {});
      expect(design.schedulers).toEqual(['Hadoop Fair Scheduler 0.20.2 (8/6 slots)', 'YARN Capacity (128 vcores)', 'PRISM']);

      // "Export file" in the designer: PRISM's profiles are pinned by the export, and the editor takes
      // the pin in, so it stays saved (no conflict on the next save) and the file carries it.
      const [fromDesigner] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-design').click()]);
      const designerFile = JSON.parse(fs.readFileSync((await fromDesigner.path())!, 'utf8'));
      await expect
        .poll(async () => (await ok<{ spec: { profiles?: unknown } }>(studio.services, 'experiments:get', { id: design.id })).spec.profiles)
        .toBeDefined();
      expect(designerFile.schedulers[2].profiles).toBeDefined();
      expect(await page.getByTestId('save').isDisabled()).toBe(true);

      // Exported from the list, the file is the preset's own design again, byte for byte as the service writes it.
      await page.locator('[data-nav="experiments"]').click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator(`tr[data-experiment="${design.name}"]`).getByTestId('export-experiment').click(),
      ]);
      const saved = fs.readFileSync((await download.path())!, 'utf8');
      const expected = await ok<{ files: { fileName: string; content: string }[] }>(studio.services, 'experiments:export', { id: design.id });
      expect(download.suggestedFilename()).toBe(expected.files[0].fileName);
      expect(saved).toBe(expected.files[0].content);
      // The same cluster as the preset's, with the defaults the preset leaves out written down.
      expect(JSON.parse(saved).cluster).toEqual(loadExperiment(PRESET).cluster);

      // A broken file, chosen with the button: every problem by line and field, and no import.
      const broken = JSON.parse(text);
      broken.seeds = [1, 1];
      broken.schedulers[0].kind = 'nope';
      const brokenFile = path.join(tempDir(), 'broken.experiment.json');
      fs.writeFileSync(brokenFile, JSON.stringify(broken, null, 2));
      await page.getByTestId('experiment-file').setInputFiles(brokenFile);
      const problems = page.getByTestId('experiment-problems');
      await problems.waitFor();
      expect(await problems.textContent()).toMatch(/line \d+, scheduler 1 › kind: must be one of fifo/);
      expect(await page.getByTestId('confirm-experiment-import').isDisabled()).toBe(true);
      await screenshot(page, 'experiment-import-problems-light');
      // A cluster file chosen instead: not an experiment, said so, with where it goes; its command set as code, not in backticks.
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId('experiment-file').setInputFiles(path.join(ROOT, 'docs/examples/small.cluster.json'));
      await expect.poll(() => page.getByTestId('experiment-problems').locator('strong').first().textContent()).toBe('This file is not an experiment');
      expect(await page.getByTestId('experiment-problems').locator('li').textContent()).toMatch(
        /^line 2, format: this is a Workload Studio cluster file: import it under Clusters \(or workload-studio clusters import FILE\)$/,
      );
      expect(await page.getByTestId('experiment-problems').locator('li code').textContent()).toBe('workload-studio clusters import FILE');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
