import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchSummary, DesignRecord } from '@shared/experiment/design';
import type { ProfileStore } from '@shared/workload/templates';
import type { ClusterSpec } from '@shared/cluster/cluster';
import { clusterSlots } from '@shared/schedulers/concurrency';
import { useTempDirs } from '../helpers/tempDir';
import { ok, openAt, screenshot, startStudio, useBrowser, watchErrors } from './studio';

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
      // No staging run in the history: the scaling card says so, without counting "0 of 0 chosen".
      await expect.poll(() => page.getByTestId('planner-scaling').textContent()).toMatch(/No run in the history measured a WordCount job/);
      expect(await page.getByTestId('planner-scaling').textContent()).not.toContain('chosen');

      // A tighter deadline needs more slots; an impossible one says so.
      await page.locator('[data-field="deadlineS"]').fill('120');
      await expect.poll(() => page.getByTestId('planner-allocations').textContent()).toMatch(/No allocation within 64 \+ 64 slots meets the deadline/);
      // No curve under any bound: said in words instead of empty axes.
      await expect.poll(() => page.getByTestId('planner-no-curve').textContent()).toMatch(/With all of them the job takes at\s+least 245 s/);
      expect(await page.locator('[data-testid="planner-allocations"] canvas').count()).toBe(0);
      await page.locator('[data-field="deadlineS"]').fill('480');
      await expect.poll(() => page.locator('[data-testid="planner-allocations"] canvas').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('planner-no-curve').count()).toBe(0);

      // Bad input is named, and nothing is computed from it.
      await page.locator('[data-field="mapSlots"]').fill('0');
      // At the field it names, as every editor shows a problem, and not in a list below the card.
      await expect.poll(() => page.locator('[data-error-field="mapSlots"]').textContent()).toBe('must be at least 1');
      expect(await page.locator('[data-field="mapSlots"]').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('[data-field="reduceSlots"]').getAttribute('aria-invalid')).toBe('false');
      expect(await page.getByTestId('planner-errors').count()).toBe(0);
      expect(await page.getByTestId('planner-bounds').count()).toBe(0);
      // A large cluster's slots read with their thousands separated.
      await page.locator('[data-field="mapSlots"]').fill('1000000');
      await expect.poll(() => page.getByTestId('planner-bounds').locator('h3').textContent()).toBe('Completion time with all 1,000,000 + 64 slots');
      await page.locator('[data-field="mapSlots"]').fill('64');
      const mMax = await page.locator('[data-field="mMax"]').inputValue();
      expect(await page.getByTestId('planner-edited').count()).toBe(0);
      await page.locator('[data-field="mMax"]').fill('1');
      await expect.poll(() => page.locator('.field.invalid').first().textContent()).toMatch(/must be at least the map avg \(34 s\)/);
      expect(await page.getByTestId('planner-edited').textContent()).toBe('edited — not saved');
      // Typed back to the paper's own value, the profile is the paper's again.
      await page.locator('[data-field="mMax"]').fill(mMax);
      await expect.poll(() => page.getByTestId('planner-edited').count()).toBe(0);
      await page.locator('[data-field="mMax"]').fill('40');

      // Save the (edited) profile under a name; it becomes a choice of its own.
      await page.locator('[data-field="rAvg"]').fill('12');
      await page.getByTestId('profile-name').fill('my staging');
      await page.getByTestId('profile-save').click();
      await expect.poll(async () => (await page.getByTestId('planner-source').locator('option').allTextContents()).join('|')).toMatch(/WordCount — my staging/);
      // The save ends by picking what it saved; the option can appear earlier (the live list), so
      // wait for the pick, or it would overwrite what is typed next.
      await expect.poll(() => page.getByTestId('planner-source').inputValue()).toBe('named:WordCount:my staging');
      // Saving under the same name asks before replacing it.
      await page.locator('[data-field="rAvg"]').fill('13');
      await page.getByTestId('profile-name').fill('my staging');
      await page.getByTestId('profile-save').click();
      await page.getByTestId('confirm').click();
      await expect.poll(() => page.locator('[data-field="rAvg"]').inputValue()).toBe('13');
      await expect
        .poll(async () => (await ok<ProfileStore>(studio.services, 'profiles:list', {})).aria.map((a) => `${a.name}:${a.profile.rAvg}`))
        .toEqual(['my staging:13']);

      await page.getByTestId('planner-failure').scrollIntoViewIfNeeded();
      await screenshot(page, 'planner-failure');
      // The failure what-if names only the field that is wrong.
      await page.locator('#fail-detect').fill('-5');
      await expect.poll(() => page.getByTestId('failure-problem').textContent()).toBe('Detected after must be a number of seconds, at least 0.');
      await page.locator('#fail-detect').fill('600');
      await expect.poll(() => page.getByTestId('failure-problem').count()).toBe(0);

      // No points per curve is said as such, not as an impossible deadline.
      await page.getByTestId('check-points').fill('0');
      await expect.poll(() => page.getByTestId('check-why').textContent()).toBe('Points per curve must be a whole number from 1 to 8.');
      expect(await page.getByTestId('check-run').isDisabled()).toBe(true);
      await page.getByTestId('check-points').fill('2');
      await expect.poll(() => page.getByTestId('check-why').count()).toBe(0);

      // Simulate two points per curve on the saved cluster; the table shows predicted against simulated.
      await page.getByTestId('check-run').click();
      await expect.poll(() => page.getByTestId('check-table').locator('tbody tr').count(), { timeout: 60_000 }).toBe(6);
      expect(await page.getByTestId('check-table').textContent()).toMatch(/met|missed/);
      // Each point says how far the simulation is from each bound, and whether it fell outside them.
      const rows = await page
        .getByTestId('check-table')
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => ({ side: tr.getAttribute('data-side'), cells: [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '') })),
        );
      for (const { side, cells } of rows) {
        const [low, avg, up] = cells[3].replace(' s', '').split(' · ').map(Number);
        const sim = parseFloat(cells[4]);
        const shown = cells.slice(5, 8).map((c) => Number(c.replace('−', '-').replace(/[+ %]/g, '')));
        [low, avg, up].forEach((bound, i) => expect(Math.abs(shown[i] - ((sim - bound) / bound) * 100)).toBeLessThan(3));
        if (Math.abs(sim - low) > 1 && Math.abs(sim - up) > 1) expect(side).toBe(sim < low ? 'below' : sim > up ? 'above' : 'within');
      }
      const sides = rows.map((r) => r.side);
      expect(await page.getByTestId('check-below').count()).toBe(sides.includes('below') ? 1 : 0);
      expect(await page.getByTestId('check-above').count()).toBe(sides.includes('above') ? 1 : 0);
      expect(await page.getByTestId('check-within').count()).toBe(sides.every((x) => x === 'within') ? 1 : 0);
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
    const cluster = await ok<{ id: string }>(studio.services, 'clusters:generate', {
      params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 },
    });
    // Two staging runs of WordCount, 1 GB and 4 GB with 4 reduces, as the Experiments page runs them.
    for (const [name, inputMb] of [
      ['staging 1 GB', 1024],
      ['staging 4 GB', 4096],
    ] as const) {
      const workload = await ok<{ id: string }>(studio.services, 'workloads:create', {
        spec: { name, jobs: [{ template: 'WordCount', submit: 0, inputMb, reduces: 4 }] },
      });
      const design = await ok<DesignRecord>(studio.services, 'experiments:create', {
        spec: { name, clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
      });
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

  it("a measured profile sets the slots to its cluster's, and warns when its jobs are too unlike in size for one profile", async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    const lab = await ok<{ id: string; spec: ClusterSpec }>(s, 'clusters:generate', {
      params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 6 },
    });
    // One-block jobs and 40-block jobs of the same template: a "generic" profile of both.
    const workload = await ok<{ id: string }>(s, 'workloads:create', {
      spec: {
        name: 'small and large',
        jobs: [
          { template: 'WordCount', submit: 0, inputMb: 64, reduces: 1 },
          { template: 'WordCount', submit: 5, inputMb: 40 * 128, reduces: 4 },
        ],
      },
    });
    const design = await ok<DesignRecord>(s, 'experiments:create', {
      spec: { name: 'mixed sizes', clusterIds: [lab.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
    });
    await s.runner.settled((await ok<BatchSummary>(s, 'experiments:run', { id: design.id })).id);
    const slots = clusterSlots(lab.spec);
    const page = await browser().newPage({ viewport: { width: 1360, height: 1000 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, '#/planner');
      // The paper's profile keeps the paper's set-up.
      await expect.poll(() => page.locator('[data-field="mapSlots"]').inputValue()).toBe('64');
      await page.getByTestId('planner-source').selectOption('measured:WordCount');
      await expect.poll(() => page.locator('[data-field="mapSlots"]').inputValue()).toBe(String(slots.maps));
      expect(await page.locator('[data-field="reduceSlots"]').inputValue()).toBe(String(slots.reduces));
      expect(await page.getByTestId('slots-from-cluster').textContent()).toContain(
        `those of lab, where the ticked runs ran (${slots.maps} map + ${slots.reduces} reduce`,
      );
      await expect
        .poll(() => page.getByTestId('profile-warning').allTextContents())
        .toContainEqual(expect.stringMatching(/^The 2 measured jobs range from 1 to 40 maps \(40× apart\): one profile of such unlike jobs/));
      await screenshot(page, 'planner-size-warning');
      // Slots typed by the user stay theirs, and the note that they are the cluster's goes.
      await page.locator('[data-field="mapSlots"]').fill('8');
      await expect.poll(() => page.getByTestId('slots-from-cluster').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('builds a measured profile only from the history entries picked, on the chosen cluster by default, and shows their spread', async () => {
    const studio = await startStudio(tempDir());
    const s = studio.services;
    const lab = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
    const slow = await ok<{ id: string }>(s, 'clusters:generate', {
      params: { ...defaultUniformCluster, name: 'slow disks', racks: 1, hostsPerRack: 4, diskMBps: 30 },
    });
    const workload = await ok<{ id: string }>(s, 'workloads:create', {
      spec: { name: 'wc', jobs: [{ template: 'WordCount', submit: 0, inputMb: 2048, reduces: 4 }] },
    });
    for (const [name, cluster] of [
      ['March on lab', lab.id],
      ['April on slow disks', slow.id],
    ] as const) {
      const design = await ok<DesignRecord>(s, 'experiments:create', {
        spec: { name, clusterIds: [cluster], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1, 2] },
      });
      const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
      await s.runner.settled(batch.id);
    }
    const page = await browser().newPage({ viewport: { width: 1360, height: 1000 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, '#/planner');
      await page.getByTestId('planner-source').selectOption('measured:WordCount');
      const card = page.getByTestId('planner-measured');
      await expect.poll(() => card.locator('[data-measured]').count()).toBe(2);
      const ticked = () =>
        card
          .locator('[data-measured]')
          .evaluateAll((rows) =>
            rows
              .filter((r) => (r.querySelector('input') as unknown as { checked: boolean }).checked)
              .map((r) => r.getAttribute('data-measured')?.replace(/ — .*/, '')),
          );
      const mAvg = () => page.locator('input[data-field="mAvg"]').inputValue().then(Number);
      // The newest entry's cluster is picked, and only its entry goes in.
      expect(await ticked()).toEqual(['April on slow disks']);
      expect(await page.getByTestId('measured-cluster').locator('option:checked').textContent()).toBe('slow disks');
      expect(await page.getByTestId('measured-summary').textContent()).toMatch(/2 runs in 1 entry, on slow disks\./);
      const onSlow = await mAvg();
      // The other cluster's entry instead: its faster disks give shorter maps.
      await page.getByTestId('measured-cluster').selectOption({ label: 'lab' });
      await expect.poll(ticked).toEqual(['March on lab']);
      await expect.poll(mAvg).toBeLessThan(onSlow);
      const onLab = await mAvg();
      // Both ticked: pooled, said so, and the spread between them is shown field by field.
      await card.getByLabel(/^Use April on slow disks .* on slow disks$/).check();
      await expect
        .poll(() => page.getByTestId('measured-summary').textContent())
        .toMatch(/4 runs in 2 entries, on (slow disks, lab|lab, slow disks)\.\s+Entries from several clusters are pooled/);
      const spread = page.getByTestId('measured-spread');
      expect(await spread.locator('tbody tr').count()).toBe(12);
      const [low, high] = (await spread.locator('tr[data-field="mAvg"] td').nth(2).textContent())!.split(' – ').map(parseFloat);
      expect(low).toBeCloseTo(onLab, 0);
      expect(high).toBeCloseTo(onSlow, 0);
      expect(await spread.locator('tr[data-field="mAvg"]').textContent()).toMatch(/entries differ by over 10 %/);
      const pooled = await mAvg();
      expect(pooled).toBeGreaterThan(onLab);
      expect(pooled).toBeLessThan(onSlow);
      expect(await page.locator('[aria-labelledby="profile-title"] header .muted').textContent()).toMatch(
        /measured over 4 runs on (slow disks, lab|lab, slow disks)/,
      );
      // None ticked: said beside the list, and the numbers in the editor stay as they were.
      await card.getByLabel(/^Use April on slow disks .* on slow disks$/).uncheck();
      await card.getByLabel(/^Use March on lab .* on lab$/).uncheck();
      expect(await page.getByTestId('measured-none').textContent()).toMatch(/Tick at least one entry/);
      expect(await mAvg()).toBeCloseTo(onLab, 3);
      await card.getByLabel(/^Use March on lab .* on lab$/).check();
      await card.getByLabel(/^Use April on slow disks .* on slow disks$/).check();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'planner-measured');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
