import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { DesignRecord } from '@shared/experiment/design';
import { optionLabel, schedulerDescriptions, SchedulerSpecSchema } from '@shared/schedulers';
import { sweepableParameters } from '@shared/experiment/sweepCheck';
import { useTempDirs } from '../helpers/tempDir';
import { designerReady, ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/**
 * A studio with a four-server cluster, a one-job workload and a design of `schedulers` (and
 * `sweep`) on them, open in the designer in Chromium; `close` ends both.
 */
async function designerOf(name: string, schedulers: object[], sweep?: object) {
  const studio = await startStudio(tempDir());
  const s = studio.services;
  const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
  const errors = watchErrors(page);
  const close = async () => {
    await page.close();
    await studio.stop();
  };
  try {
    const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
    const workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name: 'w', jobs: [{ template: 'Sort', submit: 0, maps: 4 }] } });
    const design = await ok<DesignRecord>(s, 'experiments:create', {
      spec: { name, clusterIds: [cluster.id], workloadIds: [workload.id], schedulers, seeds: [1, 2], ...(sweep ? { sweep } : {}) },
    });
    await openAt(page, studio.server.url, `#/experiments/${design.id}`);
    await designerReady(page);
  } catch (err) {
    await close();
    throw err;
  }
  return { studio, page, errors, close };
}

/** The designer's and the Planner's lists and messages in the cards' words, never option keys or zod's. */
describe("the designer's lists and messages in Chromium", () => {
  it('lists every parameter by its label, names the schedulers, and says why a value is refused in words', async () => {
    const { page, errors, close } = await designerOf('sweep words', [{ kind: 'prism' }, { kind: 'fair' }]);
    try {
      await page.getByTestId('sweep-target').selectOption('scheduler');
      const parameter = page.getByTestId('sweep-parameter');
      await parameter.waitFor();
      const keys = sweepableParameters(SchedulerSpecSchema.parse({ kind: 'prism' }));
      await expect.poll(() => parameter.locator('option').allTextContents()).toEqual(keys.map((k) => optionLabel('prism', k)));
      expect(await page.getByTestId('sweep-scheduler').locator('option').allTextContents()).toEqual([
        '1. PRISM (phase-level)',
        '2. Fair Scheduler (delay or greedy)',
      ]);
      // PRISM's α at −1: refused, in words, at the value.
      await parameter.selectOption('alpha');
      await page.getByTestId('sweep-values').fill('1, -1');
      await page.getByTestId('sweep-values').press('Tab');
      const problem = page.locator('.design-card', { hasText: 'Sweep' }).locator('.errors li');
      await expect
        .poll(() => problem.allTextContents())
        .toEqual([expect.stringMatching(/^Value 2: α \(eq\. 1\) = -1 for scheduler 1 \(PRISM \(phase-level\)\): must be at least 0$/)]);
      // Text that is no number is named as typed.
      await page.getByTestId('sweep-values').fill('1, 0.5-3');
      await page.getByTestId('sweep-values').press('Tab');
      await expect
        .poll(() => problem.allTextContents())
        .toEqual(['Value 2: "0.5-3" is not a number: give numbers like 0.5, 1, 2 or a range of whole numbers like 1-5']);
      await page.getByTestId('sweep-target').selectOption('simulation');
      const labels = await parameter.locator('option').allTextContents();
      expect(labels).toContain('Heartbeat s');
      expect(labels.filter((l) => /^[a-z]+[A-Z]\w*$/.test(l))).toEqual([]);
      await screenshot(page, 'sweep-words');
      // Pinned with an empty profile store: PRISM says which of the workload's templates it has no phase profile for.
      await page.getByTestId('refresh-profiles').click();
      await expect
        .poll(() => page.getByTestId('prism-without-profiles').textContent())
        .toMatch(/PRISM has no phase-level profile for Sort: those jobs run at task level/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it('walks every scheduler card: each option by its label, each refused value said in words, the sweep lists and the Planner in words', async () => {
    const { studio, page, errors, close } = await designerOf('every card', [{ kind: 'fifo' }]);
    /** What code looks like on a screen: an option key (camelCase), a field path, or zod's own words. */
    const code = /\b[a-z]+[A-Z][A-Za-z]*\b|\b\w+\.\d+\.\w+|Too (small|big)|expected (number|string)|Invalid (input|option)|[<>]=/;
    const speaksCode = (texts: string[]) =>
      texts.filter((t) => code.test(t.replace(/MR-cluster|PRISM|YARN|DRF|ARIA|MinEDF|FIFO|LATE|ILA|IAO|vCPUs?|ms\b/g, '')));
    try {
      const card = page.locator('[data-scheduler="0"]');
      const seen: string[] = [];
      for (const { kind } of schedulerDescriptions()) {
        await card.getByLabel('Kind of scheduler 1').selectOption(kind);
        const params = card.locator('.params > label');
        await expect.poll(() => card.getByLabel('Kind of scheduler 1').inputValue()).toBe(kind);
        const labels = (await params.locator(':scope > span').allTextContents()).map((t) => t.trim());
        expect(speaksCode(labels), `${kind}: labels`).toEqual([]);
        seen.push(...labels);
        // Every number refused in words, at its field: a negative one, then back to what it was.
        const numbers = params.locator('input[type="number"]');
        for (let i = 0; i < (await numbers.count()); i++) {
          const field = numbers.nth(i);
          const before = await field.inputValue();
          // A FAWKES card also shows what its runs would fail on here (no MR-clusters), checked apart: only the field's own problems count.
          const own = card.locator('.errors li:not([data-error-field$=".design"])');
          await field.fill('-5');
          await expect.poll(() => own.count(), { timeout: 10_000 }).toBeGreaterThan(0);
          const said = await own.allTextContents();
          expect(speaksCode(said), `${kind}: ${said.join(' | ')}`).toEqual([]);
          await field.fill(before);
          await expect.poll(() => own.allTextContents(), { timeout: 10_000, message: `${kind}: field ${i + 1} back to "${before}"` }).toEqual([]);
        }
        const design = await card.locator('.errors li[data-error-field$=".design"]').allTextContents();
        expect(speaksCode(design), `${kind}: ${design.join(' | ')}`).toEqual([]);
        // The sweep's list for this card: every parameter by the card's label.
        await page.getByTestId('sweep-target').selectOption('scheduler');
        const sweepable = sweepableParameters(SchedulerSpecSchema.parse({ kind }));
        await expect.poll(() => page.getByTestId('sweep-parameter').locator('option').allTextContents()).toEqual(sweepable.map((k) => optionLabel(kind, k)));
        expect(speaksCode(await page.getByTestId('sweep-parameter').locator('option').allTextContents()), `${kind}: sweep`).toEqual([]);
        await page.getByTestId('sweep-target').selectOption('');
      }
      expect(seen.length).toBeGreaterThan(40);
      for (const target of ['simulation', 'servers']) {
        await page.getByTestId('sweep-target').selectOption(target);
        expect(speaksCode(await page.getByTestId('sweep-parameter').locator('option').allTextContents()), target).toEqual([]);
      }

      // The Planner: every label, column and message in words.
      await openAt(page, studio.server.url, '#/planner');
      await page.getByTestId('bound-low').waitFor();
      const plannerText = await page.locator('.planner').locator('label, th, .warning-note, .muted, h3').allTextContents();
      expect(speaksCode(plannerText.map((t) => t.trim()).filter(Boolean))).toEqual([]);
      await page.locator('[data-field="mapSlots"]').fill('-1');
      await expect.poll(() => page.locator('[data-error-field]').allTextContents()).toEqual(['must be at least 1']);
      expect(await page.locator('.field.invalid label').allTextContents()).toEqual(['Map slots (cluster)']);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 300_000);

  it('keeps the sweep on the card it varies when another card is removed, and takes it away with its own card', async () => {
    const fair = (label: string) => ({ kind: 'fair', label });
    const { page, errors, close } = await designerOf('sweep follows', [{ kind: 'fifo' }, fair('Fair A'), fair('Fair B')], {
      target: 'scheduler',
      scheduler: 2,
      parameter: 'nodeLocalityWaitS',
      values: [0, 5],
    });
    try {
      const swept = page.getByTestId('sweep-scheduler');
      await expect.poll(() => swept.locator('option:checked').textContent()).toBe('3. Fair B');
      // FIFO goes: Fair B is card 2 now, and still the one swept (not its neighbour Fair A, nor nothing).
      await page.getByRole('button', { name: 'Remove scheduler 1' }).click();
      await expect.poll(() => swept.locator('option:checked').textContent()).toBe('2. Fair B');
      await page.getByRole('button', { name: 'Remove scheduler 2' }).click();
      await expect.poll(() => page.getByTestId('sweep-target').inputValue()).toBe('');
      await expect.poll(() => page.locator('[data-scheduler]').count()).toBe(1);
      // One undo brings back both the card and its sweep.
      await page.keyboard.press('Control+Z');
      await expect.poll(() => swept.locator('option:checked').textContent()).toBe('2. Fair B');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);
});
