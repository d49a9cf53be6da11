import { describe, expect, it } from 'vitest';
import type { BatchSummary } from '@shared/experiment/design';
import type { RunData } from '@shared/results/runData';
import { useTempDirs } from '../helpers/tempDir';
import { mixed } from './mixedCluster';
import { designerReady, editorReady, ok, openAt, painted, screenshot, startStudio, useBrowser, waitForBatchEnd, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

describe('the designer shows what each scheduler can run at once', () => {
  it('sizes slots per server type by default and warns when a setting handicaps one scheduler', async () => {
    const studio = await startStudio(tempDir());
    const cluster = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: mixed });
    const workload = await ok<{ id: string }>(studio.services, 'workloads:create', {
      spec: { name: 'mix', jobs: [{ template: 'Sort', submit: 0, inputMb: 512 }] },
    });
    await ok(studio.services, 'experiments:create', {
      spec: { name: 'parity', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }, { kind: 'capacity' }], seeds: [1] },
    });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.locator('[data-nav="experiments"]').click();
      await page.locator('tr[data-experiment="parity"] button.name').click();
      const parity = page.getByTestId('capacity-parity');
      await parity.waitFor();
      // 5 × 8 + 5 × 16 map slots; 120 vcores, and 1 GB containers as many as the cores.
      await expect.poll(() => parity.textContent()).toMatch(/1\. FIFO\s*120 map \+ 60 reduce slots/);
      expect(await parity.textContent()).toMatch(/2\. Capacity\s*120 vcores · 120 containers of 1 GB/);
      expect(await page.getByTestId('parity-warning').count()).toBe(0);

      // Hadoop's stock 2 + 2 slots: FIFO could run 20 maps where Capacity runs 120.
      const mapSlots = page.locator('[data-scheduler="0"] input[aria-label="Map slots / node"]');
      expect(await mapSlots.getAttribute('placeholder')).toBe('auto: 1 per core');
      await mapSlots.fill('2');
      await expect.poll(() => page.getByTestId('parity-warning').textContent()).toMatch(/1\. FIFO runs 20 map tasks at once, 2\. Capacity 120: 6\.0× apart/);
      // YARN's fair ordering inside a queue, in words, brings MapReduce's reduce ramp-up limit with it.
      const capacityCard = page.locator('[data-scheduler="1"]');
      await capacityCard.locator('label', { hasText: 'Order inside a queue' }).locator('select').selectOption({ label: 'Least memory held first (fair)' });
      const rampup = capacityCard.locator('input[aria-label="Reduce ramp-up limit (0–1)"]');
      expect(await rampup.getAttribute('placeholder')).toBe('auto: 0.5 fair, else none');
      await rampup.fill('1.5');
      await expect.poll(() => capacityCard.textContent()).toMatch(/Reduce ramp-up limit \(0–1\): must be at most 1/);
      await rampup.fill('');
      await parity.scrollIntoViewIfNeeded();
      await screenshot(page, 'designer-capacity-light');
      // Slots whose task memory no node holds when all are busy: said, with what to do.
      const slotMemory = page.locator('[data-scheduler="0"]').getByLabel('Slot memory MB');
      await mapSlots.fill('16');
      await slotMemory.fill('4096');
      await expect
        .poll(() => page.getByTestId('overcommit-warning').textContent())
        .toMatch(/^\s*1\. FIFO: with every slot busy, every node would hold more task memory than it has, and each task launched beyond it fails\./);
      await slotMemory.fill('200');
      await expect.poll(() => page.getByTestId('overcommit-warning').count()).toBe(0);
      // Emptied, the field goes back to per-server sizing and the warning goes away.
      await mapSlots.fill('');
      await expect.poll(() => page.getByTestId('parity-warning').count()).toBe(0);
      // A swept slot count is as many schedulers as values, each with what it can run at once.
      const sweepValues = page.getByTestId('sweep-values');
      await page.getByTestId('sweep-target').selectOption('scheduler');
      await page.getByTestId('sweep-parameter').selectOption('mapSlots');
      await sweepValues.fill('2, 12');
      await sweepValues.press('Tab');
      await expect
        .poll(() => parity.textContent())
        .toMatch(/1\. FIFO · Map slots \/ node = 2\s*20 map \+ 60 reduce slots\s*1\. FIFO · Map slots \/ node = 12\s*120 map \+ 60 reduce slots/);
      // Swept over the number of servers: the card says which counts the runs will have.
      await page.getByTestId('sweep-target').selectOption('servers');
      await sweepValues.fill('4, 10');
      await sweepValues.press('Tab');
      await expect
        .poll(() => page.getByTestId('parity-servers-note').textContent())
        .toBe("On its 10 servers as saved; the sweep runs it on 4 and 10 servers, and the comparison shows each run's.");
      await page.getByTestId('sweep-target').selectOption('');
      await expect.poll(() => page.getByTestId('parity-servers-note').count()).toBe(0);
      // A bad simulation option is named by its label, in words.
      const heartbeat = page.locator('.sim label', { hasText: 'Heartbeat s' }).locator('input');
      await heartbeat.fill('-3');
      await expect.poll(() => page.locator('.sim + .errors').textContent()).toBe('Heartbeat s: must be at least 0.001 s (a heartbeat every millisecond)');
      await heartbeat.fill('3');
      await expect.poll(() => page.locator('.sim + .errors li').count()).toBe(0);
      // Two cards whose runs would share a name: the comparison would mix them, so the design says so and will not run.
      await capacityCard.getByLabel('Kind of scheduler 2').selectOption('fifo');
      const clash = capacityCard.locator('[data-error-field="schedulers.1.label"]');
      await expect
        .poll(() => clash.textContent())
        .toBe(`Label: its runs and scheduler 1's would both be reported as "FIFO", so a comparison would mix them: give one of the two a label`);
      expect(await capacityCard.getByLabel('Label of scheduler 2').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByTestId('run').isDisabled()).toBe(true);
      await capacityCard.getByLabel('Label of scheduler 2').fill('FIFO, again');
      await expect.poll(() => clash.count()).toBe(0);
      // A card added starts as a kind whose runs no card is named as yet (Fair here).
      await page.getByTestId('add-scheduler').click();
      expect(await page.locator('[data-scheduler="2"]').getByLabel('Kind of scheduler 3').inputValue()).toBe('fair');
      await page.getByTestId('add-scheduler').click();
      expect(await page.locator('[data-scheduler="3"]').getByLabel('Kind of scheduler 4').inputValue()).toBe('capacity');
      expect(await page.locator('[data-error-field]').count()).toBe(0);
      await page.getByRole('button', { name: 'Remove scheduler 4' }).click();
      await page.getByRole('button', { name: 'Remove scheduler 3' }).click();
      await capacityCard.getByLabel('Kind of scheduler 2').selectOption('capacity');
      await capacityCard.getByLabel('Label of scheduler 2').fill('');
      // A number typed wrong is named on the card; the card's name for its runs and its queues stay shown meanwhile.
      const vcores = capacityCard.locator('label', { hasText: 'vcores / node' }).locator('input');
      await vcores.fill('-2');
      await expect.poll(() => capacityCard.locator('.errors').textContent()).toContain('vcores / node: must be at least');
      expect(await capacityCard.getByLabel('Label of scheduler 2').getAttribute('placeholder')).toBe('Capacity');
      expect(await capacityCard.getByTestId('queue-summary').textContent()).toBe('Queues: default 100 %');
      await vcores.fill('');
      await expect.poll(() => capacityCard.locator('.errors li').count()).toBe(0);
      await page.getByTestId('save').click();
      // Saved, as its notice says, before the clusters (leaving during the save is topologyEditor.test.ts's case).
      await page.getByText('Saved "parity"').waitFor();
      // In the cluster editor each server tile shows its type at a glance: a colour and "16c · 64G".
      await page.locator('[data-nav="clusters"]').click();
      await page.locator('tr[data-cluster="Two racks, 8 and 16 cores"]').getByTestId('open-cluster').click();
      await editorReady(page, 'cluster-editor');
      await expect.poll(() => page.getByTestId('type-legend').textContent()).toMatch(/8-core \(8c · 32G\)\s*16-core \(16c · 64G\)/);
      // evaluateAll reads what is drawn now: wait for the map's tiles (5 + 5 servers) before reading their colours.
      await expect.poll(() => page.locator('[data-host][data-host-type]').count()).toBe(10);
      const tiles = async (type: string) =>
        new Set(
          await page
            .locator(`[data-host-type="${type}"]`)
            .evaluateAll((els) => els.map((e) => (e as unknown as { style: { borderLeftColor: string } }).style.borderLeftColor)),
        );
      const [small, big] = [await tiles('small'), await tiles('big')];
      expect(small.size).toBe(1);
      expect(big.size).toBe(1);
      expect([...small][0]).not.toBe([...big][0]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

describe('the designer pins the profiles a design runs with', () => {
  it('shows where each pinned profile came from and refreshes only when asked', async () => {
    const studio = await startStudio(tempDir());
    const cluster = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: mixed });
    const workload = await ok<{ id: string }>(studio.services, 'workloads:create', {
      spec: { name: 'mix', jobs: [{ template: 'Sort', submit: 0, inputMb: 512 }] },
    });
    const rates = { durationS: 10, cpuCores: 0.8, memoryMb: 900, localDiskMBps: 20, hdfsMBps: 30, shuffleMBps: 0 };
    await ok(studio.services, 'profiles:save', { template: 'Sort', phases: { map: rates, merge: null, shuffle: null, sort: null, reduce: null } });
    await ok(studio.services, 'experiments:create', {
      spec: { name: 'profiled', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'prism' }], seeds: [1] },
    });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.locator('[data-nav="experiments"]').click();
      await page.locator('tr[data-experiment="profiled"] button.name').click();
      const card = page.getByTestId('pinned-profiles');
      await expect.poll(() => card.textContent()).toMatch(/Not pinned yet: the first run pins what the profile store knows then/);
      expect(await card.textContent()).toMatch(/PRISM \(phase-level\): phase-level profiles \(PRISM sec\. 4\)/);
      await page.getByTestId('refresh-profiles').click();
      const row = card.locator('tr[data-template="Sort"]');
      await expect.poll(() => row.textContent()).toMatch(/Sort\s*map\s*—\s*edited \d{4}-\d\d-\d\d \d\d:\d\d/);
      expect(await card.textContent()).toMatch(/Pinned \d{4}-\d\d-\d\d \d\d:\d\d: every run of this design uses these until you refresh them/);
      // Pinned and saved: nothing is left dirty, and the store's later edits stay out until refreshed.
      await expect.poll(() => page.getByTestId('save').isDisabled()).toBe(true);
      await ok(studio.services, 'profiles:save', { template: 'Grep', phases: { map: rates, merge: null, shuffle: null, sort: null, reduce: null } });
      await page.reload();
      await card.waitFor();
      expect(await card.locator('tr[data-template]').count()).toBe(1);
      await page.getByTestId('refresh-profiles').click();
      await expect.poll(() => card.locator('tr[data-template]').count()).toBe(2);
      // No run has measured an ARIA profile on the design's cluster yet: the card says what MinEDF does then.
      expect(await card.getByTestId('aria-none').textContent()).toMatch(
        /No finished run on Two racks, 8 and 16 cores measured a template: there MinEDF owes every job all the slots it can use/,
      );
      // A finished run on that cluster teaches the store Sort's ARIA profile (sec. 3.2); a refresh
      // pins it for that cluster, and the card shows what MinEDF would size by there.
      const design = (await ok<{ id: string; name: string }[]>(studio.services, 'experiments:list', {})).find((d) => d.name === 'profiled')!;
      const started = await ok<BatchSummary>(studio.services, 'experiments:run', { id: design.id });
      await studio.services.runner.settled(started.id);
      await page.getByTestId('refresh-profiles').click();
      const aria = card.getByTestId('pinned-aria-table').locator('tr[data-template="Sort"]');
      await expect.poll(() => aria.getByTestId('pinned-aria').textContent()).toMatch(/^map [\d.,]+ s · shuffle [\d.,]+ s · reduce [\d.,]+ s$/);
      expect(await aria.textContent()).toMatch(
        /^Two racks, 8 and 16 coresSort.*none: one data size measuredmeasured on Two racks, 8 and 16 cores over 1 run in 1 history entry, last \d{4}-\d\d-\d\d \d\d:\d\d$/,
      );
      expect(await card.getByTestId('aria-none').count()).toBe(0);
      expect(await card.getByTestId('aria-pooled').count()).toBe(0);
      const dismiss = page.locator('button[aria-label="Dismiss"]');
      for (let i = 0; i < 10 && (await dismiss.count()) > 0; i++) await dismiss.first().click();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'designer-profiles-light');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

describe('the Gantt chart shows the whole run', () => {
  it('reaches the makespan, names the bar under the pointer, explains its job on click, and keeps bars off the node labels', async () => {
    const studio = await startStudio(tempDir());
    const cluster = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: mixed });
    const workload = await ok<{ id: string }>(studio.services, 'workloads:create', {
      spec: {
        name: 'mix',
        generate: { count: 10, arrival: { kind: 'poisson', meanInterarrivalS: 5 }, mix: [{ template: 'WordCount', weight: 1, maps: [4, 12] }] },
      },
    });
    const design = await ok<{ id: string }>(studio.services, 'experiments:create', {
      spec: {
        name: 'gantt',
        clusterIds: [cluster.id],
        workloadIds: [workload.id],
        schedulers: [{ kind: 'fair' }],
        seeds: [1],
        simulation: { recordAttempts: true },
      },
    });
    const started = await ok<BatchSummary>(studio.services, 'experiments:run', { id: design.id });
    await studio.services.runner.settled(started.id);
    const data = await ok<RunData>(studio.services, 'batches:runData', { id: started.id, run: 0, gantt: true });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, `#/history/${started.id}`);
      const gantt = page.getByTestId('gantt');
      const canvas = gantt.locator('canvas');
      await canvas.waitFor({ timeout: 60_000 });
      await canvas.scrollIntoViewIfNeeded();
      // The axis runs to the last attempt's end: the run's makespan is inside it.
      const last = Math.max(...data.gantt!.end);
      expect(data.gantt!.spanS).toBe(last);
      expect(await gantt.textContent()).toMatch(
        new RegExp(`all ${data.gantt!.start.length} attempts on 10 nodes, 0–${Math.round(last).toLocaleString('en-US')} s`),
      );
      // Hover the middle of the longest bar: the tip names its job, task, node and phase.
      const box = (await canvas.boundingBox())!;
      const g = data.gantt!;
      const longest = g.start.map((s, i) => [g.end[i] - s, i]).sort((a, b) => b[0] - a[0])[0][1];
      const x = box.x + 90 + ((g.start[longest] + g.end[longest]) / 2 / g.spanS) * (box.width - 90);
      // Walk down the bar's time until the tip names it (its row depends on the lane layout).
      let tip = '';
      let y = box.y + 1;
      for (; y < box.y + box.height - 24; y += 2) {
        await page.mouse.move(x, y);
        const t = page.getByTestId('gantt-tip');
        if (
          (await t.count()) &&
          (await t.textContent())!.includes(`job ${data.jobs[g.job[longest]].id} · task ${g.reduce[longest] ? 'r' : 'm'}${g.task[longest]} ·`)
        ) {
          tip = (await t.textContent())!;
          break;
        }
      }
      expect(tip).toMatch(
        new RegExp(
          `job ${data.jobs[g.job[longest]].id} · task [mr]\\d+ · ${data.nodes[g.node[longest]]}\\s*(map|merge|shuffle|sort|reduce) phase from [\\d.]+ s · attempt [\\d.]+ s–[\\d.]+ s`,
        ),
      );
      await screenshot(page, 'gantt-hover-light');
      // A click on the bar explains its job in the why-panel.
      await page.mouse.click(x, y);
      await expect.poll(() => page.getByTestId('why-job').inputValue()).toBe(data.jobs[g.job[longest]].id);
      // Zoomed in and panned, no bar is drawn over the node labels (the 90 px left of the plot).
      await canvas.scrollIntoViewIfNeeded();
      const b2 = (await canvas.boundingBox())!;
      for (let k = 0; k < 6; k++) await page.mouse.wheel(0, -200);
      await page.mouse.move(b2.x + b2.width / 2, b2.y + 20);
      await page.mouse.down();
      await page.mouse.move(b2.x + b2.width / 2 - 300, b2.y + 20, { steps: 5 });
      await page.mouse.up();
      await painted(page);
      const barPixels = await canvas.evaluate((c) => {
        const el = c as unknown as {
          width: number;
          height: number;
          getContext(k: string): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
        };
        const ratio = el.width / (c as unknown as { clientWidth: number }).clientWidth;
        const img = el.getContext('2d').getImageData(0, 0, Math.floor(88 * ratio), el.height).data;
        let n = 0;
        // Map blue (#2f6fde) and reduce orange (#e0703a).
        for (let p = 0; p < img.length; p += 4)
          if ((img[p] === 0x2f && img[p + 1] === 0x6f && img[p + 2] === 0xde) || (img[p] === 0xe0 && img[p + 1] === 0x70 && img[p + 2] === 0x3a)) n++;
        return n;
      });
      expect(barPixels).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

describe('a guided first run for an empty studio', () => {
  it('sets up a sample cluster, workload and experiment, and the sample runs to a comparison', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.getByTestId('guided-first-run').waitFor();
      await screenshot(page, 'first-run-light');
      await page.getByTestId('sample-studio').click();
      await designerReady(page);
      expect(await page.locator('#experiment-name').inputValue()).toBe('Sample: FIFO, Fair and Capacity');
      // The question the sample asks is read whole, without dragging the box's corner, in the
      // window the app opens with (1,280 px wide: three lines there).
      await page.setViewportSize({ width: 1280, height: 900 });
      await painted(page);
      const question = page.locator('#experiment-description');
      expect(await question.inputValue()).toMatch(/^Which stock scheduler .+\?$/);
      expect(await question.evaluate((t) => t.scrollHeight - t.clientHeight)).toBeLessThanOrEqual(1);
      // Sized from the servers, the three schedulers can run about as much at once: no warning.
      await expect.poll(() => page.getByTestId('capacity-parity').textContent()).toMatch(/1\. FIFO\s*120 map \+ 60 reduce slots/);
      expect(await page.getByTestId('parity-warning').count()).toBe(0);
      await page.getByTestId('run').click();
      await page.getByTestId('summary-table').waitFor({ timeout: 120_000 });
      await waitForBatchEnd(page);
      expect(await page.getByTestId('seed-warning').count()).toBe(0);
      expect(await page.locator('[data-metric="meanJct"] td').count()).toBe(3);
      // Pressed again on a studio that has things, it adds under free names and overwrites nothing.
      const again = await ok<{ experimentId: string }>(studio.services, 'studio:sample', {});
      const names = (await ok<{ name: string; id: string }[]>(studio.services, 'experiments:list', {})).map((d) => d.name).sort();
      expect(names).toEqual(['Sample: FIFO, Fair and Capacity', 'Sample: FIFO, Fair and Capacity (2)']);
      expect(again.experimentId).toBeTruthy();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});

describe('a browser without the access token', () => {
  it('sees only how to get in, not a studio of failed requests', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1000, height: 700 } });
    const failed: string[] = [];
    page.on('response', (r) => r.status() === 401 && failed.push(r.url()));
    try {
      await page.goto(studio.server.url.replace(/#.*/, ''));
      await page.getByTestId('missing-token').waitFor();
      expect(await page.getByTestId('missing-token').textContent()).toMatch(/needs the studio's access token/);
      expect(await page.locator('nav, [data-nav]').count()).toBe(0);
      // It asked the server nothing it would refuse, once the page has stopped asking.
      await page.waitForLoadState('networkidle');
      expect(failed).toEqual([]);
      // The studio's URL pasted into the same tab (only the fragment changes): in, with that token.
      await page.evaluate(`location.hash = ${JSON.stringify(new URL(studio.server.url).hash)}`);
      await page.locator('[data-nav="history"]').waitFor();
      expect(await page.getByTestId('missing-token').count()).toBe(0);
      expect(failed).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
