import { describe, expect, it } from 'vitest';
import type { PushEvent } from '@shared/api/contract';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary, DesignRecord, RunProgressEvent } from '@shared/experiment/design';
import { useTempDirs } from '../helpers/tempDir';
import { ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

describe('resuming a cancelled batch in the browser, against the real services', () => {
  it('Cancel, then "Resume: run the N not finished": only the missing runs run, into the same batch, and the comparison is whole', async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    // One thread: the runs go one after another, so a cancel after the first leaves the others.
    await ok(s, 'settings:update', { runThreads: 1 });
    const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 2, hostsPerRack: 4 } });
    const workload = await ok<{ id: string }>(s, 'workloads:create', {
      spec: {
        name: 'busy hour',
        generate: { count: 400, arrival: { kind: 'poisson', meanInterarrivalS: 4 }, mix: [{ template: 'Sort', weight: 1, maps: [10, 40] }] },
      },
    });
    const design = await ok<DesignRecord>(s, 'experiments:create', {
      spec: { name: 'Fair or FIFO', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }, { kind: 'fair' }], seeds: [1, 2, 3] },
    });
    const started: number[] = [];
    s.events.subscribe((e: PushEvent) => {
      const p = e.payload as RunProgressEvent;
      if (e.event === 'experiments:progress' && p.status === 'running' && !started.includes(p.run)) started.push(p.run);
    });

    const page = await browser().newPage({ viewport: { width: 1400, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, `#/experiments/${design.id}`);
      await expect.poll(() => page.getByTestId('run').isDisabled(), { timeout: 30_000 }).toBe(false);
      await page.getByTestId('run').click();
      await page.getByTestId('comparison').waitFor();
      const [batch] = await ok<BatchSummary[]>(s, 'batches:list', {});
      const detail = () => ok<BatchDetail>(s, 'batches:get', { id: batch.id });
      await expect.poll(async () => (await detail()).results.filter((r) => r.status === 'finished').length, { timeout: 60_000 }).toBeGreaterThan(0);
      await page.getByTestId('cancel-batch').click();
      await s.runner.settled(batch.id);
      const cut = await detail();
      expect(cut.status).toBe('cancelled');
      const kept = cut.results.filter((r) => r.status === 'finished');
      const left = cut.results.filter((r) => r.status !== 'finished').map((r) => r.index);
      expect(left.length).toBeGreaterThan(0);

      const resume = page.getByTestId('resume');
      await expect.poll(() => resume.textContent(), { timeout: 30_000 }).toMatch(new RegExp(`Resume: run the ${left.length} not finished`));
      await screenshot(page, 'comparison-resume-cancelled');
      started.length = 0;
      await resume.click();
      await expect.poll(async () => (await detail()).status, { timeout: 120_000 }).toBe('finished');
      const whole = await detail();
      expect(whole.results.every((r) => r.status === 'finished')).toBe(true);
      // Only what the cancel left ran again; the runs kept are the very ones stored before.
      expect([...started].sort((a, b) => a - b)).toEqual(left);
      for (const r of kept) expect(whole.results[r.index].summary).toEqual(r.summary);
      // The comparison is whole: both schedulers with three seeds, no "runs left" button.
      await page.getByTestId('summary-table').waitFor({ timeout: 60_000 });
      await expect.poll(() => page.getByTestId('resume').count()).toBe(0);
      await expect.poll(() => page.getByText('6/6 runs finished').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 300_000);
});
