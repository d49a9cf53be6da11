import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/tempDir';
import { ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/** The desktop window opens down to 900 × 600 (src-main/app/window.ts): the lists must still show every row's actions. */
const NARROWEST = { width: 900, height: 600 };

describe('the lists in the narrowest window the app allows', () => {
  it('fit every column and each row’s actions without scrolling sideways', async () => {
    const studio = await startStudio(tempDir());
    const sample = await ok<{ experimentId: string }>(studio.services, 'studio:sample', {});
    const batch = await ok<{ id: string }>(studio.services, 'experiments:run', { id: sample.experimentId });
    await studio.services.runner.settled(batch.id);
    const page = await browser().newPage({ viewport: NARROWEST });
    const errors = watchErrors(page);
    try {
      for (const [area, lastAction] of [
        ['clusters', 'Delete'],
        ['workloads', 'Delete'],
        ['experiments', 'Delete'],
        ['history', 'Delete'],
      ] as const) {
        await openAt(page, studio.server.url, `#/${area}`);
        const row = page.locator('tbody tr').first();
        await row.waitFor();
        const wrap = page.locator('.table-wrap');
        expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth), area).toBeLessThanOrEqual(0);
        // The row's last action is on screen and nothing covers it.
        const action = row.getByRole('button', { name: lastAction, exact: true });
        expect(
          await action.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.right <= window.innerWidth && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
          }),
          area,
        ).toBe(true);
        await screenshot(page, `narrow-${area}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
