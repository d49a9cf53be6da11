import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/clusterGenerator';
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
      await expect.poll(() => page.getByTestId('planner-errors').textContent()).toMatch(/mapSlots: must be at least 1/);
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
});
