import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/tempDir';
import { editorReady, inSight, ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/** The desktop window opens down to 900 × 600 (src-main/app/window.ts): the lists must still show every row's actions. */
const NARROWEST = { width: 900, height: 600 };

describe('the narrowest window the app allows', () => {
  it('the lists fit every column and each row’s actions without scrolling sideways, up to the window the app opens with; the designer’s scheduler cards keep their parts inside; the comparison wraps names, not numbers, and keeps its metric names in view beside seven schedulers; the cluster map’s tools stay in their pane', async () => {
    const studio = await startStudio(tempDir());
    const sample = await ok<{ experimentId: string }>(studio.services, 'studio:sample', {});
    const batch = await ok<{ id: string }>(studio.services, 'experiments:run', { id: sample.experimentId });
    await studio.services.runner.settled(batch.id);
    const page = await browser().newPage({ viewport: NARROWEST });
    const errors = watchErrors(page);
    try {
      // The narrowest window, one just wider than where the lists leave a column out, and the window the app opens with.
      for (const width of [NARROWEST.width, 1201, 1280]) {
        await page.setViewportSize({ ...NARROWEST, width });
        for (const area of ['clusters', 'workloads', 'experiments', 'history']) {
          await openAt(page, studio.server.url, `#/${area}`);
          const row = page.locator('tbody tr').first();
          await row.waitFor();
          const wrap = page.locator('.table-wrap');
          expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth), `${area} at ${width} px`).toBeLessThanOrEqual(0);
          // The row's last action is on screen and nothing covers it.
          const action = row.getByRole('button', { name: 'Delete', exact: true });
          expect(await inSight(action), `${area} at ${width} px`).toBe(true);
          if (width === NARROWEST.width) await screenshot(page, `narrow-${area}`);
        }
      }
      // The designer: each scheduler card's menu, run name and remove button stay inside the card, the
      // name wide enough to read; also in a browser window narrower than the app's (serve, half a laptop screen).
      for (const width of [760, NARROWEST.width]) {
        await page.setViewportSize({ ...NARROWEST, width });
        await openAt(page, studio.server.url, `#/experiments/${sample.experimentId}`);
        await editorReady(page, 'experiment-designer');
        const headers = await page.locator('article.scheduler header').evaluateAll((all) =>
          all.map((h) => {
            const card = h.closest('article')!.getBoundingClientRect();
            return [...h.children].map((e) => {
              const b = e.getBoundingClientRect();
              return { tag: e.tagName, width: Math.round(b.width), inside: b.left >= card.left && b.right <= card.right };
            });
          }),
        );
        expect(headers).toHaveLength(3);
        // Nothing of a card is wider than the card: its fields are not squeezed past its edge.
        const overflow = await page.locator('article.scheduler').evaluateAll((all) => all.map((a) => a.scrollWidth - a.clientWidth));
        expect(overflow, `at ${width} px`).toEqual([0, 0, 0]);
        for (const parts of headers) {
          expect(
            parts.every((p) => p.inside),
            `at ${width} px`,
          ).toBe(true);
          expect(parts.find((p) => p.tag === 'INPUT')!.width, `at ${width} px`).toBeGreaterThanOrEqual(100);
        }
      }
      // The name and the question stand apart, as every card's fields do.
      const nameBottom = (await page.locator('#experiment-name').boundingBox())!;
      const questionLabel = (await page.locator('label[for="experiment-description"]').boundingBox())!;
      expect(questionLabel.y - (nameBottom.y + nameBottom.height)).toBeGreaterThanOrEqual(8);
      await screenshot(page, 'narrow-designer');

      // The comparison: a metric's name wraps, not its numbers ("138.5 ± 134.6", "−2.8 % · 1.03×" each on one line).
      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      await editorReady(page, 'comparison');
      const summary = page.getByTestId('summary-table');
      await summary.locator('td .delta').first().waitFor();
      const broken = await summary
        .locator('td .ci, td .delta')
        .evaluateAll((all) => all.filter((e) => e.getClientRects().length > 1).map((e) => e.textContent));
      expect(broken).toEqual([]);
      await screenshot(page, 'narrow-comparison');

      // A new workload: each tab's name on one line, and the problem that stops the save read whole beside them.
      await openAt(page, studio.server.url, '#/workloads');
      await page.getByTestId('new-workload').click();
      await editorReady(page, 'workload-editor');
      const problem = page.getByTestId('problems');
      expect(await problem.textContent()).toBe('1 problem: jobs: a workload needs jobs or a generator');
      expect(await problem.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      // A tab broken onto two lines is taller than the others.
      const tabHeights = await page.locator('[role="tab"]').evaluateAll((all) => all.map((t) => Math.round(t.getBoundingClientRect().height)));
      expect(tabHeights).toHaveLength(3);
      expect(new Set(tabHeights).size).toBe(1);
      await screenshot(page, 'narrow-workload-editor');

      // Seven schedulers: all in view in the window the app opens with; in the narrowest one the
      // table scrolls sideways under its metric names, which stay in place.
      const [sampleCluster] = await ok<{ id: string }[]>(studio.services, 'clusters:list', {});
      const [sampleWorkload] = await ok<{ id: string }[]>(studio.services, 'workloads:list', {});
      const seven = await ok<{ id: string }>(studio.services, 'experiments:create', {
        spec: {
          name: 'seven',
          clusterIds: [sampleCluster.id],
          workloadIds: [sampleWorkload.id],
          seeds: [1, 2],
          schedulers: ['fifo', 'fair', 'capacity', 'drf', 'prism', 'late', 'minedf'].map((kind) => ({ kind })),
        },
      });
      const sevenBatch = await ok<{ id: string }>(studio.services, 'experiments:run', { id: seven.id });
      await studio.services.runner.settled(sevenBatch.id);
      for (const width of [1280, NARROWEST.width]) {
        await page.setViewportSize({ ...NARROWEST, width });
        await openAt(page, studio.server.url, `#/history/${sevenBatch.id}`);
        await editorReady(page, 'comparison');
        const table = page.getByTestId('summary-table').locator('.comparison-scroll');
        await table.locator('td .delta').first().waitFor();
        const hidden = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
        if (width === 1280) expect(hidden, 'seven columns at 1,280 px').toBeLessThanOrEqual(0);
        else {
          expect(hidden).toBeGreaterThan(0);
          await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
          const metric = table.locator('tbody th').first();
          await expect
            .poll(() => metric.evaluate((th) => Math.round(th.getBoundingClientRect().left - th.closest('.comparison-scroll')!.getBoundingClientRect().left)))
            .toBe(0);
          expect(await inSight(metric)).toBe(true);
          await screenshot(page, 'narrow-comparison-seven');
        }
      }

      // The cluster editor's map tools: each inside the map's pane (none under the inspector), each button's words on one line.
      for (const width of [NARROWEST.width, 1280]) {
        await page.setViewportSize({ ...NARROWEST, width });
        await openAt(page, studio.server.url, `#/clusters/${sampleCluster.id}`);
        await editorReady(page, 'cluster-editor');
        const tools = await page.locator('.map-tools').evaluate((bar) => {
          const pane = bar.closest('.map-pane')!.getBoundingClientRect();
          return [...bar.children].map((e) => {
            const b = e.getBoundingClientRect();
            const line = parseFloat(e.ownerDocument.defaultView!.getComputedStyle(e).lineHeight);
            return {
              what: e.textContent?.trim() || e.tagName,
              inside: b.left >= pane.left && b.right <= pane.right + 0.5,
              lines: e.tagName === 'BUTTON' ? Math.round((b.height - 14) / line) : 1,
            };
          });
        });
        expect(
          tools.filter((t) => !t.inside),
          `${width} px`,
        ).toEqual([]);
        expect(
          tools.filter((t) => t.lines !== 1),
          `${width} px`,
        ).toEqual([]);
        if (width === NARROWEST.width) await screenshot(page, 'narrow-cluster-editor');
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
