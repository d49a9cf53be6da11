import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/tempDir';
import { mixed } from './mixedCluster';
import { designerReady, editorReady, ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/**
 * What was deleted, as the pages say it: a design keeps the ids of what it chose, so deleting one of
 * its clusters leaves it naming that id; a page left open (or a kept link) can ask for a record gone since.
 */
describe('what was deleted, where the studio still meets it', () => {
  it('an experiment naming a deleted cluster: says which in the list and why Run is off, and the designer still shows what the other cluster can run', async () => {
    const studio = await startStudio(tempDir());
    const kept = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: mixed });
    const gone = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: { ...mixed, name: 'Retired lab' } });
    const workload = await ok<{ id: string }>(studio.services, 'workloads:create', {
      spec: { name: 'mix', jobs: [{ template: 'Sort', submit: 0, inputMb: 512 }] },
    });
    await ok(studio.services, 'experiments:create', {
      spec: { name: 'two labs', clusterIds: [kept.id, gone.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }, { kind: 'capacity' }], seeds: [1] },
    });
    await ok(studio.services, 'clusters:delete', { id: gone.id });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, '#/experiments');
      const row = page.locator('tr[data-experiment="two labs"]');
      await expect.poll(() => row.textContent()).toMatch(/names a deleted cluster/);
      // Run and Export are off, and say why when pointed at.
      const run = row.getByTestId('run-experiment');
      expect(await run.isDisabled()).toBe(true);
      const why = 'It names a deleted cluster: open it to choose another, or to restore what a run kept a copy of';
      expect(await run.getAttribute('title')).toBe(why);
      const exportButton = row.getByTestId('export-experiment');
      expect(await exportButton.isDisabled()).toBe(true);
      expect(await exportButton.getAttribute('title')).toBe(why);

      // The design check is held on its way: the designer knows from its own lists at once.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const isCheck = (url: URL) => decodeURIComponent(url.pathname) === '/api/experiments:check';
      await page.route(isCheck, async (route) => {
        await released;
        await route.continue();
      });
      await row.locator('button.name').click();
      await designerReady(page);
      const designer = page.getByTestId('experiment-designer');
      await expect.poll(() => designer.textContent()).toMatch(/A cluster of this experiment was deleted\. Remove it/);
      // The cluster that remains still shows what each scheduler can run on it; the deleted one is no failure to load.
      await expect
        .poll(() => page.getByTestId('capacity-parity').textContent())
        .toMatch(/On Two racks, 8 and 16 cores\s*1\. FIFO\s*120 map \+ 60 reduce slots/);
      expect(await page.getByTestId('capacity-parity-error').count()).toBe(0);
      // Run is off from the start, before the check answers, until the design names only what exists.
      await expect.poll(() => page.getByTestId('run').getAttribute('title')).toBe('1 problem(s) to fix first');
      expect(await page.getByTestId('run').isDisabled()).toBe(true);
      release();
      // Waits for the held checks' handlers to pass them on: removed while one still runs, its route
      // would be passed on by Playwright first, and the handler's own continue would then throw.
      await page.unrouteAll({ behavior: 'wait' });
      // The check has answered (its estimate shows): still one problem, said once, beside its "Remove it".
      await page.getByTestId('run-estimate').waitFor();
      expect(await page.getByTestId('run').getAttribute('title')).toBe('1 problem(s) to fix first');
      const clusterList = designer.locator('fieldset', { hasText: 'Clusters' });
      expect((await clusterList.locator('.error').allTextContents()).map((t) => t.trim())).toEqual(['A cluster of this experiment was deleted. Remove it']);
      await screenshot(page, 'designer-deleted-cluster');
      // Removed, the design runs on the cluster that remains.
      await designer.getByRole('button', { name: 'Remove it' }).click();
      await expect.poll(() => page.getByTestId('run').textContent()).toMatch(/Run 2 runs/);
      expect(await page.getByTestId('run').isDisabled()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('a deleted cluster and workload that a run used: the designer puts them back as that run copied them, and the design runs again', async () => {
    const studio = await startStudio(tempDir());
    const lab = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: { ...mixed, name: 'Retired lab' } });
    const workload = await ok<{ id: string }>(studio.services, 'workloads:create', {
      spec: { name: 'nightly', jobs: [{ template: 'Sort', submit: 0, inputMb: 512 }] },
    });
    const design = await ok<{ id: string }>(studio.services, 'experiments:create', {
      spec: { name: 'nightly on the old lab', clusterIds: [lab.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
    });
    const batch = await ok<{ id: string }>(studio.services, 'experiments:run', { id: design.id });
    await studio.services.runner.settled(batch.id);
    await ok(studio.services, 'clusters:delete', { id: lab.id });
    await ok(studio.services, 'workloads:delete', { id: workload.id });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      // The history entry is now their only copy: its delete dialog says what deleting it would lose.
      await openAt(page, studio.server.url, '#/history');
      await page.locator('tbody tr').getByRole('button', { name: 'Delete' }).click();
      await expect
        .poll(() => page.getByTestId('confirm-message').textContent())
        .toMatch(
          /It keeps the only copy of the cluster "Retired lab" and the workload "nightly", deleted from the studio since: without it, those can no longer be restored\.$/,
        );
      await page.getByRole('button', { name: 'Cancel' }).click();

      await openAt(page, studio.server.url, `#/experiments/${design.id}`);
      await designerReady(page);
      const designer = page.getByTestId('experiment-designer');
      const lines = designer.locator('[data-deleted-choice]');
      await expect.poll(() => lines.allTextContents()).toHaveLength(2);
      const [clusterLine, workloadLine] = (await lines.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
      expect(clusterLine).toMatch(
        /^“Retired lab”, a cluster of this experiment, was deleted; the run history keeps its copy from .+\. Restore it or Remove it$/,
      );
      expect(workloadLine).toMatch(/^“nightly”, a workload of this experiment, was deleted; .+ Restore it or Remove it$/);
      expect(await page.getByTestId('run').isDisabled()).toBe(true);
      await screenshot(page, 'designer-deleted-kept-copies');

      await designer.locator(`[data-deleted-choice="${lab.id}"]`).getByRole('button', { name: 'Restore it' }).click();
      await designer.locator(`[data-deleted-choice="${workload.id}"]`).getByRole('button', { name: 'Restore it' }).click();
      // Back in the lists, chosen, under the same ids: the design names them again and Run is on.
      await expect.poll(() => lines.count()).toBe(0);
      expect(await designer.locator('input[data-cluster-option="Retired lab"]').isChecked()).toBe(true);
      expect(await designer.locator('input[data-workload-option="nightly"]').isChecked()).toBe(true);
      await expect.poll(() => page.getByTestId('run').textContent()).toMatch(/Run 1 run\b/);
      expect(await page.getByTestId('run').isDisabled()).toBe(false);
      expect(await ok<{ missing: string[] }[]>(studio.services, 'experiments:list', {})).toMatchObject([{ missing: [] }]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('a run whose experiment was deleted: its page makes the design again from what it ran', async () => {
    const studio = await startStudio(tempDir());
    const sample = await ok<{ experimentId: string; clusterId: string; workloadId: string }>(studio.services, 'studio:sample', {});
    const batch = await ok<{ id: string; name: string }>(studio.services, 'experiments:run', { id: sample.experimentId });
    await studio.services.runner.settled(batch.id);
    await ok(studio.services, 'experiments:delete', { id: sample.experimentId });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      await editorReady(page, 'comparison');
      const remake = page.getByTestId('remake-experiment');
      await remake.waitFor();
      expect(await page.getByRole('button', { name: 'Open the experiment' }).count()).toBe(0);
      await remake.click();
      await designerReady(page);
      // The design it ran, on the cluster and workload it ran (still saved, so chosen as they are), ready to run again.
      const designer = page.getByTestId('experiment-designer');
      await expect.poll(() => page.getByTestId('run').textContent()).toMatch(/Run 9 runs/);
      expect(await designer.locator('input[data-cluster-option]:checked').count()).toBe(1);
      expect(await designer.locator('input[data-workload-option]:checked').count()).toBe(1);
      const designs = await ok<{ name: string; clusterIds: string[]; workloadIds: string[] }[]>(studio.services, 'experiments:list', {});
      expect(designs).toHaveLength(1);
      expect(designs[0]).toMatchObject({ name: batch.name, clusterIds: [sample.clusterId], workloadIds: [sample.workloadId] });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('a page opening a workload deleted meanwhile says it is no longer in the studio, not its id', async () => {
    const studio = await startStudio(tempDir());
    const workload = await ok<{ id: string }>(studio.services, 'workloads:create', {
      spec: { name: 'short-lived', jobs: [{ template: 'Sort', submit: 0, inputMb: 64 }] },
    });
    await ok(studio.services, 'workloads:delete', { id: workload.id });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    try {
      // As a link kept from before the deletion (a bookmark, another window) would open it.
      await openAt(page, studio.server.url, `#/workloads/${workload.id}`);
      const alert = page.getByTestId('workload-editor').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        'Could not open the workload: this workload is no longer in the studio (deleted here, or by another program using the same data folder)',
      );
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
