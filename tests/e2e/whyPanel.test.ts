import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary } from '@shared/experiment/design';
import type { RunData, WhyAnswer } from '@shared/results/runData';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { beatWords, whyNotText, type WhyNotAnswer } from '@shared/results/whyNot';
import { cli } from '../helpers/cli';
import { useTempDirs } from '../helpers/tempDir';
import type { Services } from '../../src-main/services';
import { askWhy, ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/** A generated cluster of `racks` × `hostsPerRack` nodes, saved. */
function generatedCluster(s: Services, name: string, racks: number, hostsPerRack: number): Promise<{ id: string }> {
  return ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name, racks, hostsPerRack } });
}

/** A design of one cluster and one workload, saved and run to its end as the app runs it: its batch. */
async function ranBatch(s: Services, name: string, cluster: { id: string }, workload: { id: string }, rest: Record<string, unknown>): Promise<BatchSummary> {
  const design = await ok<{ id: string }>(s, 'experiments:create', { spec: { name, clusterIds: [cluster.id], workloadIds: [workload.id], ...rest } });
  const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
  await s.runner.settled(batch.id);
  return batch;
}

/** A big job and, 20 s later, a small one on 8 nodes, run once under `scheduler`: the small one waits. */
async function bigThenSmall(s: Services, name: string, scheduler: Record<string, unknown>): Promise<BatchSummary> {
  const cluster = await generatedCluster(s, 'lab', 2, 4);
  const jobs = [
    { id: 'big', template: 'WordCount', submit: 0, maps: 64, reduces: 2 },
    { id: 'small', template: 'WordCount', submit: 20, maps: 2, reduces: 1 },
  ];
  const workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name: 'big then small', jobs } });
  return ranBatch(s, name, cluster, workload, { schedulers: [scheduler], seeds: [1] });
}

/**
 * The why-panel on a job of the size real traces have (issue 31: a job of 2,544 maps froze the page
 * 8.7 s, 11,468 rows at once). Only the rows in view may be in the page: a count, not a timing.
 */
describe('the why-panel on a job of thousands of tasks', () => {
  it('explains a 2,544-map job in every run with only the visible rows in the page, and scrolls to its last attempt', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const s = studio.services;
      const cluster = await generatedCluster(s, 'forty nodes', 2, 20);
      const workload = await ok<{ id: string }>(s, 'workloads:create', {
        spec: {
          name: 'one huge job',
          jobs: [
            { id: 'huge', template: 'WordCount', submit: 0, maps: 2544, reduces: 16 },
            { id: 'small', template: 'Sort', submit: 5, maps: 8, reduces: 2 },
          ],
        },
      });
      const batch = await ranBatch(s, 'huge job', cluster, workload, { schedulers: [{ kind: 'fifo' }, { kind: 'fair' }], seeds: [1, 2] });

      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      await page.getByTestId('why-panel').waitFor();
      // An id no run has: said with the ids there are.
      await page.getByTestId('why-job').fill('hug');
      await page.getByTestId('why-ask').click();
      await expect.poll(() => page.getByTestId('why-error').textContent()).toBe('No run has a job "hug" (its jobs: "huge", "small")');
      // Typed in other capitals, it is the job that reads so.
      await page.getByTestId('why-job').fill('HUGE');
      await page.getByTestId('why-ask').click();
      await expect.poll(() => page.getByTestId('why-job').inputValue()).toBe('huge');
      await askWhy(page, 'huge');
      await expect.poll(() => page.locator('[data-why-run]').count(), { timeout: 60_000 }).toBe(4);
      const tables = page.getByTestId('why-attempts');
      await expect.poll(() => tables.count()).toBe(4);
      for (let i = 0; i < 4; i++) {
        const table = tables.nth(i);
        // Every attempt is there to scroll to; a screenful of them is in the page.
        expect(Number(await table.getAttribute('data-rows'))).toBeGreaterThanOrEqual(2560);
        expect(await table.locator('tr[data-attempt]').count()).toBeLessThan(40);
      }
      // Counts of thousands are grouped as the job's shape above them is ("2,544 maps").
      expect(await page.getByTestId('why-kinds').first().textContent()).toMatch(/First in submission order\s*\d{1,3}(,\d{3})+\s*$/);
      // A run drawn one line per attempt takes the panel's whole width, so its columns are not cut to "succee…".
      const cards = page.locator('[data-why-run]');
      const [card, all] = await Promise.all([cards.first().boundingBox(), page.locator('.runs').boundingBox()]);
      expect(card!.width).toBeGreaterThan(all!.width * 0.95);
      // Scrolled to the end, the last attempt is drawn (and the first is gone from the page).
      const first = tables.first();
      const rows = Number(await first.getAttribute('data-rows'));
      await first.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await first.locator(`tr[data-attempt="${rows - 1}"]`).waitFor();
      expect(await first.locator('tr[data-attempt="0"]').count()).toBe(0);
      await page.getByTestId('why-panel').scrollIntoViewIfNeeded();
      await screenshot(page, 'why-panel-huge-job');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 300_000);

  it("counts a job's attempts by why they started, and shows one kind at a click", async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const s = studio.services;
      // The ILA paper's cluster and its first 12 jobs under LATE: copies of slow tasks start beside LATE's own choices.
      const preset = loadExperiment(path.resolve(__dirname, '../../resources/presets/ila-facebook.experiment.json'));
      const late = preset.experiment.schedulers.find((x) => x.kind === 'late')!;
      const cluster = await ok<{ id: string }>(s, 'clusters:create', { spec: preset.cluster });
      const workload = await ok<{ id: string }>(s, 'workloads:create', {
        spec: { ...preset.workload, name: 'twelve jobs', jobs: preset.workload.jobs.slice(0, 12).map((j) => ({ ...j, dependsOn: [] })) },
      });
      const batch = await ranBatch(s, 'late copies', cluster, workload, { schedulers: [late], seeds: [1], simulation: preset.experiment.simulation });

      // A job with a speculative copy, found from the same service the panel asks.
      let picked: { id: string; attempts: WhyAnswer['runs'][number]['attempts'] } | undefined;
      const { jobs } = await ok<RunData>(s, 'batches:runData', { id: batch.id, run: 0 });
      for (const j of jobs) {
        const answer = await ok<WhyAnswer>(s, 'batches:why', { id: batch.id, job: j.id });
        const attempts = answer.runs[0].attempts;
        if (attempts.some((a) => a.kind === 'speculation') && attempts.some((a) => a.kind !== 'speculation')) {
          picked = { id: j.id, attempts };
          break;
        }
      }
      expect(picked).toBeDefined();
      const copies = picked!.attempts.filter((a) => a.speculative).length;
      expect(picked!.attempts.filter((a) => a.kind === 'speculation').length).toBe(copies);

      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      // Under the Gantt: the whole run's attempts by kind, as the report counts them.
      const run = await ok<RunData>(s, 'batches:runData', { id: batch.id, run: 0, gantt: true });
      const line = page.getByTestId('run-decisions');
      await line.waitFor();
      expect(await line.locator('[data-kind]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(run.decisions!.map((d) => d.kind));
      expect(await line.locator('[data-kind="speculation"] strong').textContent()).toBe(
        run.decisions!.find((d) => d.kind === 'speculation')!.count.toLocaleString('en-US'),
      );
      await askWhy(page, picked!.id);
      const table = page.getByTestId('why-attempts');
      await expect.poll(async () => Number(await table.getAttribute('data-rows')), { timeout: 60_000 }).toBe(picked!.attempts.length);
      const chip = page.locator('[data-testid="why-kinds"] [data-kind="speculation"]');
      expect(await chip.textContent()).toBe(`Speculative copy of a slow task ${copies}`);
      expect(await page.locator('[data-testid="why-kinds"] [data-kind]').count()).toBe(new Set(picked!.attempts.map((a) => a.kind)).size);
      await chip.click();
      await expect.poll(async () => Number(await table.getAttribute('data-rows'))).toBe(copies);
      expect(await table.locator('tr[data-attempt]').count()).toBe(copies);
      expect(await table.locator('tr[data-attempt] td:first-child').allTextContents()).toEqual(
        picked!.attempts.filter((a) => a.speculative).map((a) => `${a.task} (spec.)`),
      );
      await page.getByTestId('why-panel').scrollIntoViewIfNeeded();
      await screenshot(page, 'why-panel-kinds');
      await chip.click();
      await expect.poll(async () => Number(await table.getAttribute('data-rows'))).toBe(picked!.attempts.length);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 300_000);

  it('answers why a waiting job got nothing: a click on a gap of the Gantt, node by node, as the CLI says it', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const s = studio.services;
      const batch = await bigThenSmall(s, 'delay scheduling', { kind: 'fair', nodeLocalityWaitS: 5, rackLocalityWaitS: 5 });
      const run = (await ok<BatchDetail>(s, 'batches:get', { id: batch.id })).results[0].index;
      const { gantt } = await ok<RunData>(s, 'batches:runData', { id: batch.id, run, gantt: true });

      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      await page.getByTestId('why-not-panel').waitFor();
      await page.getByTestId('why-not-job').fill('small');
      // A gap at 21 s (small arrived at 20 s and waits for node-local maps): the first height along
      // that instant where no bar is under the pointer.
      const canvas = page.locator('canvas[role="img"]');
      await canvas.scrollIntoViewIfNeeded();
      const box = (await canvas.boundingBox())!;
      // The plot starts right of the node names: the chart says where.
      const LEFT = Number(await canvas.getAttribute('data-plot-left'));
      const x = LEFT + (21 / gantt!.spanS) * (box.width - LEFT);
      let clicked = false;
      for (let y = 4; y < box.height && !clicked; y += 3) {
        await page.mouse.move(box.x + x, box.y + y);
        if ((await page.getByTestId('gantt-tip').count()) === 0) {
          await page.mouse.click(box.x + x, box.y + y);
          clicked = true;
        }
      }
      expect(clicked).toBe(true);
      await page.getByTestId('why-not-summary').waitFor();
      const at = Number(await page.getByTestId('why-not-at').inputValue());
      expect(at).toBeGreaterThan(20.5);
      expect(at).toBeLessThan(21.5);
      const rows = page.locator('tr[data-why-not-node]');
      await expect.poll(() => rows.count()).toBeGreaterThan(6);
      const words = await rows.locator('.words').allTextContents();
      expect(
        words.some((w) =>
          /waiting for a node-local slot: the best map here is rack-local; \d\.\d s of 5\.0 s waited, \d\.\d s left before it may go rack-local/.test(w),
        ),
      ).toBe(true);
      expect(words.some((w) => /no free map slot: 4 of 4 in use \(held by big ×4\)/.test(w))).toBe(true);
      await page.getByTestId('why-not-panel').scrollIntoViewIfNeeded();
      await screenshot(page, 'why-not-panel');

      // The CLI says the same of the same moment, from the run's result file.
      const answer = await ok<WhyNotAnswer>(s, 'batches:whyNot', { id: batch.id, run, job: 'small', at });
      const shown = (await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')))).map(
        ([node, time, text]) => `${node}|${time}|${text}`,
      );
      // Every heartbeat the CLI prints, but those from before the job arrived (counted above the table).
      const notYet = answer.nodes.flatMap((n) => n.beats).filter((b) => b.reasons.length === 1 && b.reasons[0].kind === 'notSubmitted');
      expect(await page.getByTestId('why-not-outside').textContent()).toBe(`${notYet.length} heartbeats not listed: not submitted yet (it arrives at 20.0 s).`);
      expect(shown).toEqual(
        answer.nodes.flatMap((n) => n.beats.filter((b) => !notYet.includes(b)).map((b) => `${n.node}|${b.time.toFixed(2)} s|${beatWords(b)}`)),
      );
      const dir = tempDir();
      const exported = await ok<{ fileName: string; content: string }>(s, 'batches:exportResult', { id: batch.id });
      const file = path.join(dir, exported.fileName);
      fs.writeFileSync(file, exported.content);
      const printed = await cli(['why', file, '--job', 'small', '--at', String(at)]);
      expect(printed.out).toBe(whyNotText(answer));

      // A filter that matches no row says so, rather than showing an empty table.
      await page.getByLabel('Filter the nodes').fill('no such node');
      expect(await page.getByTestId('why-not-no-match').textContent()).toBe('No node or reason matches “no such node”.');
      expect(await page.getByTestId('why-not-rows').count()).toBe(0);
      // A moment after the job finished (near the run's end, while big still runs) lists no
      // heartbeat: the panel says when it was in the cluster instead.
      const late = Math.floor((await ok<BatchDetail>(s, 'batches:get', { id: batch.id })).results[0].summary!.makespan - 5);
      const small = await ok<WhyNotAnswer>(s, 'batches:whyNot', { id: batch.id, run, job: 'small', at: late });
      const ended = small.nodes.flatMap((n) => n.beats.flatMap((b) => b.reasons)).find((r) => r.kind === 'finished');
      if (ended?.kind !== 'finished') throw new Error('small has not finished 5 s before the run ends');
      await page.getByTestId('why-not-at').fill(String(late));
      await page.getByTestId('why-not-ask').click();
      await expect
        .poll(() =>
          page
            .getByTestId('why-not-nothing-listed')
            .textContent()
            .catch(() => ''),
        )
        .toBe(
          `small had finished at ${ended.at.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s, before this window: ask about an earlier moment.`,
        );
      expect(await page.getByTestId('why-not-rows').count()).toBe(0);
      // One click asks again when it arrived (20 s), and the nodes' heartbeats are listed then.
      // The filter typed before still holds, in view though nothing is listed, until it is cleared.
      expect(await page.getByLabel('Filter the nodes').inputValue()).toBe('no such node');
      await page.getByTestId('why-not-at-arrival').click();
      await page.getByTestId('why-not-no-match').waitFor({ timeout: 60_000 });
      await page.getByLabel('Filter the nodes').fill('');
      await page.getByTestId('why-not-rows').waitFor();
      expect(await page.getByTestId('why-not-at').inputValue()).toBe('20');
      expect(await page.getByTestId('why-not-at-arrival').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('stops a long why-not replay at a click, and answers the next question', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const s = studio.services;
      // 96,000 maps on 200 nodes: replaying to the end takes about as long as the run (1.6 s on an
      // idle machine, where 32,000 maps took 1.1 s), some thirty times the click's few tens of ms.
      const cluster = await generatedCluster(s, 'two hundred nodes', 4, 50);
      const workload = await ok<{ id: string }>(s, 'workloads:create', {
        spec: {
          name: 'long replay',
          jobs: Array.from({ length: 120 }, (_, i) => ({ id: `j${i}`, template: 'WordCount', submit: i * 5, maps: 800, reduces: 8 })),
        },
      });
      const batch = await ranBatch(s, 'long replay', cluster, workload, { schedulers: [{ kind: 'fair' }], seeds: [1] });
      const detail = await ok<BatchDetail>(s, 'batches:get', { id: batch.id });

      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      // The run menu names the run a question goes to before the user picks one.
      expect(await page.getByTestId('why-not-run').inputValue()).toBe(String(detail.results[0].index));
      expect(await page.getByTestId('why-not-run').locator('option:checked').textContent()).toBe('Fair (delay) · seed 1');
      await page.getByTestId('why-not-job').fill('j119');
      await page.getByTestId('why-not-at').fill(String(Math.ceil(detail.results[0].summary!.makespan)));
      await page.getByTestId('why-not-ask').click();
      await page.getByTestId('why-not-stop').click();
      await page.getByTestId('why-not-stopped').waitFor();
      expect(await page.getByTestId('why-not-summary').count()).toBe(0);
      expect(await page.getByTestId('why-not-error').count()).toBe(0);
      expect(await page.getByTestId('why-not-ask').isEnabled()).toBe(true);
      // Asked again about an early moment, it answers, and the stop notice goes.
      await page.getByTestId('why-not-at').fill('3');
      await page.getByTestId('why-not-ask').click();
      await page.getByTestId('why-not-summary').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('why-not-stopped').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 300_000);

  it('keeps only the rows in view in the page when a large cluster answers why not', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const s = studio.services;
      const cluster = await generatedCluster(s, 'three hundred', 3, 100);
      const workload = await ok<{ id: string }>(s, 'workloads:create', {
        spec: {
          name: 'big then small',
          jobs: [
            { id: 'big', template: 'WordCount', submit: 0, maps: 2400, reduces: 4 },
            { id: 'small', template: 'WordCount', submit: 20, maps: 4, reduces: 1 },
          ],
        },
      });
      const batch = await ranBatch(s, 'large', cluster, workload, { schedulers: [{ kind: 'fair', nodeLocalityWaitS: 5, rackLocalityWaitS: 5 }], seeds: [1] });

      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      await page.getByTestId('why-not-panel').waitFor();
      await page.getByTestId('why-not-job').fill('small');
      await page.getByTestId('why-not-at').fill('21');
      await page.getByTestId('why-not-ask').click();
      const table = page.getByTestId('why-not-rows');
      await table.waitFor();
      // Every heartbeat is there to scroll to; a screenful of them is in the page.
      expect(Number(await table.getAttribute('data-rows'))).toBeGreaterThan(300);
      expect(await table.locator('tr[data-why-not-node]').count()).toBeLessThan(60);
      await table.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await expect.poll(() => table.locator('tr[data-why-not-node="r03-h100"]').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 300_000);

  it("names the task of each of PRISM's candidates, and keeps its criteria's symbols as written", async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      const batch = await bigThenSmall(studio.services, 'prism', { kind: 'prism' });
      await openAt(page, studio.server.url, `#/history/${batch.id}`);
      await page.getByTestId('why-not-panel').waitFor();
      // Asked without a job, then without a moment: said in words, before any replay.
      await page.getByTestId('why-not-ask').click();
      await expect.poll(() => page.getByTestId('why-not-error').textContent()).toBe("Type a job's id, or pick one from the list");
      await page.getByTestId('why-not-job').fill('small');
      await page.getByTestId('why-not-at').fill('');
      await page.getByTestId('why-not-ask').click();
      await expect.poll(() => page.getByTestId('why-not-error').textContent()).toBe('Give the moment to ask about, in simulated seconds');
      await page.getByTestId('why-not-at').fill('21');
      await page.getByTestId('why-not-ask').click();
      const scores = page.getByTestId('why-not-scores');
      await scores.waitFor({ timeout: 60_000 });
      const heads = scores.locator('th');
      expect(await heads.allTextContents()).toEqual(['Candidate', 'Job', 'Task', 'fairness gain (eq. 2)', 'α · performance (eq. 5, 6)', 'utility U (eq. 1)']);
      // Capitals would show "α · performance" as "A · PERFORMANCE".
      expect(await heads.nth(4).evaluate((th) => th.ownerDocument.defaultView!.getComputedStyle(th).textTransform)).toBe('none');
      const tasks = await scores.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2].textContent));
      expect(tasks.length).toBeGreaterThan(0);
      for (const t of tasks) expect(t).toMatch(/^[mr]\d+$/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  }, 300_000);
});
