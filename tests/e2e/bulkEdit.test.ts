import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WorkloadRecord } from '@shared/api/records';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import type { ImportPreview } from '@shared/workload/imports';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { serializeWorkloadFile } from '@shared/workload/workloadFile';
import { useTempDirs } from '../helpers/tempDir';
import { designerReady, editorReady, ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/** 8 servers: two core nodes for each team's MR-cluster, four transient-core nodes either may borrow. */
const cluster = {
  name: 'two teams pool',
  hostTypes: [{ id: 'w4', name: 'worker', cores: 4, coreSpeed: 1, memoryGb: 16, disks: [{ readMBps: 100, writeMBps: 100 }], nicMBps: 125 }],
  vmTypes: [],
  network: { rackUplinkMBps: 1250, oversubscription: 1 },
  hdfs: { blockSizeMb: 128, replication: 2 },
  racks: [
    {
      name: 'rack-1',
      hosts: Array.from({ length: 8 }, (_, i) => ({
        name: `s${i + 1}`,
        type: 'w4',
        ...(i < 2 ? { kind: 'core', mrCluster: 'etl-team' } : i < 4 ? { kind: 'core', mrCluster: 'analysts' } : { kind: 'transient-core' }),
      })),
    },
  ],
};

/** A day as a cluster's logs give it, in the studio's workload file: 5,000 one-block jobs in three queues, no MR-cluster. */
function dayFile(): string {
  const queues = ['etl', 'adhoc', 'reports'];
  const jobs = Array.from({ length: 5000 }, (_, i) => ({
    id: `j${i + 1}`,
    template: 'WordCount',
    submit: i * 2,
    inputMb: 64,
    maps: 1,
    reduces: 1,
    queue: queues[i % 3],
  }));
  return serializeWorkloadFile(WorkloadSpecSchema.parse({ name: 'cluster day', jobs }), '2026-11-28T00:00:00.000Z');
}

/** A workload of these jobs saved, and a page open on its editor with the bulk panel shown. */
async function bulkEditing(studio: Awaited<ReturnType<typeof startStudio>>, name: string, jobs: object[]) {
  const w = await ok<WorkloadRecord>(studio.services, 'workloads:create', { spec: { name, jobs } });
  const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
  const errors = watchErrors(page);
  await openAt(page, studio.server.url, `#/workloads/${w.id}`);
  await page.getByTestId('bulk-open').click();
  return { w, page, errors, panel: page.getByTestId('bulk-edit') };
}

describe('bulk edits in the workload editor, against the real services', () => {
  it('the FAWKES check offers them: MR-clusters for 5,000 imported jobs by queue in a few actions, then FAWKES runs', async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    const file = path.join(tempDir(), 'cluster-day.json');
    fs.writeFileSync(file, dayFile());
    const opened = s.imports.openPath(file);
    expect((await ok<ImportPreview>(s, 'workloads:importPreview', { file: opened.file })).jobs).toBe(5000);
    const day = await ok<WorkloadRecord>(s, 'workloads:importConfirm', { file: opened.file });
    const pool = await ok<{ id: string }>(s, 'clusters:create', { spec: cluster });
    const design = await ok<DesignRecord>(s, 'experiments:create', {
      spec: { name: 'Teams under FAWKES', clusterIds: [pool.id], workloadIds: [day.id], schedulers: [{ kind: 'fawkes', policy: 'td' }], seeds: [1] },
    });

    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    /** What the user does by hand, counted: the point is a handful, not one per job. */
    let actions = 0;
    const act = async (step: () => Promise<unknown>) => {
      actions++;
      await step();
    };
    try {
      await openAt(page, studio.server.url, `#/experiments/${design.id}`);
      const problem = page.locator('[data-scheduler="0"] [data-error-field="schedulers.0.design"]');
      await expect.poll(() => problem.textContent(), { timeout: 60_000 }).toMatch(/5,000 jobs \("j1", "j2", "j3", …\) name no MR-cluster/);
      expect(await page.getByTestId('run').isDisabled()).toBe(true);
      const offer = page.getByTestId('fix-jobs');
      expect(await offer.textContent()).toContain(`Assign MR-clusters to the jobs of “${day.name}”`);
      await act(() => offer.click());

      // The editor of that workload, the bulk panel set to MR-cluster by queue, the cluster's MR-clusters offered.
      await editorReady(page, 'workload-editor');
      const panel = page.getByTestId('bulk-edit');
      await panel.waitFor();
      expect(await panel.getByTestId('bulk-field').inputValue()).toBe('mrCluster');
      expect(await panel.getByTestId('bulk-rule').inputValue()).toBe('by-queue');
      const offered = await page.locator('#bulk-suggestions option').evaluateAll((os) => os.map((o) => o.getAttribute('value')));
      expect(offered).toEqual(['etl-team', 'analysts']);
      const queues = panel.getByTestId('bulk-queues');
      expect(
        await queues.locator('tbody tr').evaluateAll((rs) =>
          rs.map((r) =>
            [...r.querySelectorAll('td')]
              .map((c) => c.textContent?.trim())
              .join(' ')
              .trim(),
          ),
        ),
      ).toEqual(['adhoc 1,667', 'etl 1,667', 'reports 1,666']);
      // Nothing typed yet: nothing would change, and Apply says so by staying off.
      expect(await panel.getByTestId('bulk-apply').isDisabled()).toBe(true);
      await act(() => panel.getByLabel('MR-cluster for queue etl').fill('etl-team'));
      await act(() => panel.getByLabel('MR-cluster for queue adhoc').fill('analysts'));
      await expect.poll(() => panel.getByTestId('bulk-summary').textContent()).toMatch(/Sets the MR-cluster of 3,334 jobs/);
      await act(() => panel.getByLabel('MR-cluster for queue reports').fill('analysts'));
      await expect.poll(() => panel.getByTestId('bulk-apply').textContent()).toMatch(/Apply to 5,000 jobs/);
      await screenshot(page, 'workload-bulk-edit-by-queue');
      await act(() => panel.getByTestId('bulk-apply').click());
      // One step the editor can undo, then saved.
      await expect.poll(() => page.locator('[data-row="0"] input[aria-label="MR-cluster of job 1"]').inputValue()).toBe('etl-team');
      await act(() => page.getByTestId('save').click());
      await expect.poll(async () => (await ok<WorkloadRecord>(s, 'workloads:get', { id: day.id })).spec.jobs.every((j) => j.mrCluster)).toBe(true);
      const saved = (await ok<WorkloadRecord>(s, 'workloads:get', { id: day.id })).spec.jobs;
      expect(saved.filter((j) => j.queue === 'etl').every((j) => j.mrCluster === 'etl-team')).toBe(true);
      expect(saved.filter((j) => j.queue !== 'etl').every((j) => j.mrCluster === 'analysts')).toBe(true);

      // A filter aims the same panel at fewer jobs: the etl queue alone, then its jobs of at most one map.
      await panel.getByTestId('bulk-target').selectOption('filter');
      await panel.getByLabel('Filter: queue').selectOption('etl');
      await expect.poll(() => panel.getByTestId('bulk-apply').textContent()).toMatch(/Apply to 1,667 jobs/);
      await panel.getByLabel('Filter: fewest maps').fill('2');
      await expect.poll(() => panel.getByTestId('bulk-problems').textContent()).toBe('No job matches the filter');

      // Back to the experiment: the problem is gone, and FAWKES runs on the whole day.
      await act(() => page.getByTestId('bulk-back').getByRole('button', { name: 'go back to the experiment' }).click());
      await designerReady(page);
      await expect.poll(() => page.getByTestId('run').isDisabled(), { timeout: 60_000 }).toBe(false);
      expect(await problem.count()).toBe(0);
      await act(() => page.getByTestId('run').click());
      await page.getByTestId('comparison').waitFor();
      const [batch] = await ok<BatchSummary[]>(s, 'batches:list', {});
      await s.runner.settled(batch.id);
      const finished = await ok<BatchDetail>(s, 'batches:get', { id: batch.id });
      expect(finished.status).toBe('finished');
      expect(finished.results.map((r) => [r.label, r.status, r.summary?.jobs])).toEqual([['FAWKES TD', 'finished', 5000]]);
      expect(actions).toBeLessThanOrEqual(8);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 300_000);

  it("clears a trace's map times from every job at once, offering only that, and the save keeps each job's mean", async () => {
    const studio = await startStudio(tempDir());
    const jobs = [
      { id: 'a', template: 'Generic', submit: 0, maps: 3, mapCpuSPerMb: 0, mapCpuSPerTask: 5, mapSeconds: [4, 5, 6] },
      { id: 'b', template: 'Generic', submit: 1, maps: 2, mapCpuSPerMb: 0, mapCpuSPerTask: 3, mapSeconds: [2, 4] },
      { id: 'c', template: 'Sort', submit: 2, maps: 2 },
    ];
    const { w, page, errors, panel } = await bulkEditing(studio, 'timed', jobs);
    try {
      await panel.getByTestId('bulk-field').selectOption('mapSeconds');
      // Only clearing is offered: one list for many jobs would give each the others' times.
      await expect.poll(() => panel.getByTestId('bulk-rule').inputValue()).toBe('clear');
      expect(await panel.getByTestId('bulk-rule').locator('option').allTextContents()).toEqual(['nothing (clear it)']);
      // Of the three jobs, the two that have times are cleared.
      await expect.poll(() => panel.getByTestId('bulk-summary').textContent()).toMatch(/Clears the map times of 2 jobs/);
      await screenshot(page, 'bulk-clear-task-times');
      await panel.getByTestId('bulk-apply').click();
      await page.getByTestId('save').click();
      await page.getByText('Saved "timed"').waitFor();
      const saved = await ok<WorkloadRecord>(studio.services, 'workloads:get', { id: w.id });
      expect(saved.spec.jobs.map((j) => j.mapSeconds)).toEqual([undefined, undefined, undefined]);
      expect(saved.spec.jobs.map((j) => j.mapCpuSPerTask)).toEqual([5, 3, undefined]);
      // Back on a field every job has, the panel sets again.
      if (!(await panel.isVisible())) await page.getByTestId('bulk-open').click();
      await panel.getByTestId('bulk-field').selectOption('queue');
      expect(await panel.getByTestId('bulk-rule').inputValue()).toBe('set');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('opens on the queue, and says a value is missing only once one was typed', async () => {
    const studio = await startStudio(tempDir());
    const jobs = ['a', 'b', 'c'].map((id, i) => ({ id, template: 'WordCount', submit: i, maps: 1, reduces: 1 }));
    const { page, errors, panel } = await bulkEditing(studio, 'three', jobs);
    try {
      expect(await panel.getByTestId('bulk-field').inputValue()).toBe('queue');
      expect(await panel.getByTestId('bulk-problems').count()).toBe(0);
      expect(await panel.getByTestId('bulk-summary').textContent()).toBe('Type the queue to set.');
      expect(await panel.getByTestId('bulk-apply').isDisabled()).toBe(true);
      await panel.getByTestId('bulk-value').fill('x');
      await panel.getByTestId('bulk-value').fill('');
      await expect.poll(() => panel.getByTestId('bulk-problems').textContent()).toMatch(/The value is empty/);
      await panel.getByTestId('bulk-value').fill('night');
      await expect.poll(() => panel.getByTestId('bulk-summary').textContent()).toMatch(/Sets the queue of 3 jobs/);
      // A deadline no run can meet is said before Apply, which stays on: c is submitted at 2 s.
      await panel.getByTestId('bulk-field').selectOption('deadline');
      await panel.getByTestId('bulk-value').fill('2');
      await expect.poll(() => panel.getByTestId('bulk-warning').textContent()).toMatch(/^1 job would get a deadline at or before its submission/);
      expect(await panel.getByTestId('bulk-apply').isDisabled()).toBe(false);
      await panel.getByTestId('bulk-value').fill('30');
      await expect.poll(() => panel.getByTestId('bulk-warning').count()).toBe(0);
      await panel.getByTestId('bulk-value').fill('2');
      await panel.getByTestId('bulk-warning').waitFor();
      await panel.getByTestId('bulk-apply').click();
      // Applied, the table keeps saying it: the count above, the cell marked with its reason.
      await expect.poll(() => page.getByTestId('jobs-unmeetable').textContent()).toMatch(/^\s*1 deadline no run can meet — show the first\s*$/);
      const cDeadline = page.locator('[aria-label="Deadline (s) of job 3"]');
      expect(await cDeadline.getAttribute('class')).toMatch(/\bunmeetable\b/);
      expect(await cDeadline.getAttribute('title')).toMatch(/^No run can meet this deadline: it is at or before the job’s submission/);
      expect(await page.locator('[aria-label="Deadline (s) of job 2"]').getAttribute('class')).not.toMatch(/\bunmeetable\b/);
      // A factor below 1 is marked at the factor; a deadline in seconds, put right, clears its mark.
      await page.locator('[aria-label="Deadline × alone of job 1"]').fill('0.5');
      await page.locator('[aria-label="Deadline (s) of job 1"]').fill('');
      await page.locator('[aria-label="Deadline (s) of job 1"]').press('Enter');
      await expect.poll(() => page.locator('[aria-label="Deadline × alone of job 1"]').getAttribute('class')).toMatch(/\bunmeetable\b/);
      await cDeadline.fill('40');
      await cDeadline.press('Enter');
      await expect.poll(() => page.getByTestId('jobs-unmeetable').textContent()).toMatch(/^\s*1 deadline no run can meet/);
      expect(await cDeadline.getAttribute('class')).not.toMatch(/\bunmeetable\b/);
      await screenshot(page, 'jobs-unmeetable-deadline');
      // A set-up and commit time for every job, seen and edited in the table's other view.
      await panel.getByTestId('bulk-field').selectOption('setupCommitS');
      await panel.getByTestId('bulk-value').fill('-2');
      await expect.poll(() => panel.getByTestId('bulk-problems').textContent()).toMatch(/The value must be at least 0/);
      await panel.getByTestId('bulk-value').fill('4.5');
      await panel.getByTestId('bulk-apply').click();
      await page.getByTestId('jobs-view-costs').click();
      await expect.poll(() => page.locator('[aria-label="Set-up, commit (s) of job 3"]').inputValue()).toBe('4.5');
      expect(await page.locator('[aria-label="Set-up, commit (s) of job 1"]').inputValue()).toBe('4.5');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
