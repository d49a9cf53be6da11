import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/clusterGenerator';
import type { BatchSummary, DesignRecord } from '@shared/design';
import type { ProfileStore } from '@shared/templates';
import { useTempDirs } from '../helpers/tempDir';
import { ok, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

describe('the ARIA planner', () => {
  it('plans slots for a deadline, shows the failure what-if, saves a profile and checks points in the simulator', async () => {
    const studio = await startStudio(tempDir());
    await ok(studio.services, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 2, hostsPerRack: 16 } });
    const page = await browser().newPage({ viewport: { width: 1360, height: 1000 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.locator('[data-nav="planner"]').click();
      // The paper's WordCount at the sec. 5.3 set-up (425 maps, 64 reduces) with 64 + 64 slots.
      await expect.poll(() => page.getByTestId('bound-low').textContent()).toMatch(/^\d+ s/);
      const low = Number((await page.getByTestId('bound-low').textContent())!.split(' ')[0]);
      const up = Number((await page.getByTestId('bound-up').textContent())!.split(' ')[0]);
      expect(low).toBeLessThan(up);
      await expect.poll(() => page.getByTestId('planner-minimal').textContent()).toMatch(/\d+ map \+ \d+ reduce/);
      await page.getByTestId('planner-allocations').scrollIntoViewIfNeeded();
      await screenshot(page, 'planner-allocations');

      // A tighter deadline needs more slots; an impossible one says so.
      await page.locator('[data-field="deadlineS"]').fill('120');
      await expect.poll(() => page.getByTestId('planner-allocations').textContent()).toMatch(/No allocation within 64 \+ 64 slots meets the deadline/);
      await page.locator('[data-field="deadlineS"]').fill('480');

      // Bad input is named, and nothing is computed from it.
      await page.locator('[data-field="mapSlots"]').fill('0');
      await expect.poll(() => page.getByTestId('planner-errors').textContent()).toMatch(/map slots: must be at least 1/);
      expect(await page.getByTestId('planner-bounds').count()).toBe(0);
      await page.locator('[data-field="mapSlots"]').fill('64');
      await page.locator('[data-field="mMax"]').fill('1');
      await expect.poll(() => page.locator('.field.invalid').first().textContent()).toMatch(/mMax \(1\) must be at least mAvg \(34\)/);
      await page.locator('[data-field="mMax"]').fill('40');

      // Save the (edited) profile under a name; it becomes a choice of its own.
      await page.locator('[data-field="rAvg"]').fill('12');
      await page.getByTestId('profile-name').fill('my staging');
      await page.getByTestId('profile-save').click();
      await expect.poll(async () => (await page.getByTestId('planner-source').locator('option').allTextContents()).join('|')).toMatch(/WordCount — my staging/);
      // Saving under the same name asks before replacing it.
      await page.locator('[data-field="rAvg"]').fill('13');
      await page.getByTestId('profile-name').fill('my staging');
      await page.getByTestId('profile-save').click();
      await page.getByTestId('confirm').click();
      await expect.poll(() => page.locator('[data-field="rAvg"]').inputValue()).toBe('13');
      await expect.poll(async () => (await ok<ProfileStore>(studio.services, 'profiles:list', {})).aria.map((a) => `${a.name}:${a.profile.rAvg}`)).toEqual(['my staging:13']);

      await page.getByTestId('planner-failure').scrollIntoViewIfNeeded();
      await screenshot(page, 'planner-failure');

      // Simulate two points per curve on the saved cluster; the table shows predicted against simulated.
      await page.getByTestId('check-run').click();
      await expect.poll(() => page.getByTestId('check-table').locator('tbody tr').count(), { timeout: 60_000 }).toBe(6);
      expect(await page.getByTestId('check-table').textContent()).toMatch(/met|missed/);
      await page.getByTestId('check-table').scrollIntoViewIfNeeded();
      await screenshot(page, 'planner-check');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('scales a measured profile to a new input size from staging runs in the history (eq. 9-10)', async () => {
    const studio = await startStudio(tempDir());
    const cluster = await ok<{ id: string }>(studio.services, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
    // Two staging runs of WordCount, 1 GB and 4 GB with 4 reduces, as the Experiments page runs them.
    for (const [name, inputMb] of [['staging 1 GB', 1024], ['staging 4 GB', 4096]] as const) {
      const workload = await ok<{ id: string }>(studio.services, 'workloads:create', { spec: { name, jobs: [{ template: 'WordCount', submit: 0, inputMb, reduces: 4 }] } });
      const design = await ok<DesignRecord>(studio.services, 'experiments:create', { spec: { name, clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] } });
      const batch = await ok<BatchSummary>(studio.services, 'experiments:run', { id: design.id });
      await studio.services.runner.settled(batch.id);
    }
    const page = await browser().newPage({ viewport: { width: 1360, height: 1000 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.locator('[data-nav="planner"]').click();
      await page.getByTestId('planner-source').selectOption('measured:WordCount');
      const scaling = page.getByTestId('planner-scaling');
      await expect.poll(() => scaling.locator('[data-scaling-run]').count()).toBe(2);
      await page.locator('[data-field="reduces"]').fill('4');
      await page.locator('[data-field="inputMb"]').fill('16384');
      const before = await page.getByTestId('bound-avg').textContent();
      // One run is not a fit; the card says why.
      await scaling.getByLabel('Scale from staging 1 GB').check();
      await expect.poll(() => scaling.getByRole('alert').textContent()).toMatch(/scaling needs runs at two or more different data sizes per reduce/);
      await scaling.getByLabel('Scale from staging 4 GB').check();
      await expect.poll(() => page.getByTestId('planner-scaled').textContent()).toMatch(/Scaled to [\d,]+ MB per reduce/);
      await expect.poll(() => page.getByTestId('bound-avg').textContent()).not.toBe(before);
      await scaling.scrollIntoViewIfNeeded();
      await screenshot(page, 'planner-scaling');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
