import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import type { WhyAnswer } from '@shared/results/runData';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { useTempDirs } from '../helpers/tempDir';
import { ok, openAt, ROOT, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/**
 * "What happens when a node dies?" asked in the designer: the Node failures card sets when servers
 * are lost, how long the master takes to notice and whether they come back, names a server the
 * cluster lacks before anything runs, and the runs lose and redo the work the node held.
 */
describe('node failures in the designer', () => {
  it('loses a server at a set time, names one the cluster lacks at its field, and the run redoes the lost work', async () => {
    const studio = await startStudio(tempDir());
    const { cluster } = loadExperiment(path.join(ROOT, 'docs/examples/baselines.experiment.json'));
    const saved = await ok<{ id: string }>(studio.services, 'clusters:create', { spec: cluster });
    const workload = await ok<{ id: string }>(studio.services, 'workloads:create', {
      spec: { name: 'sorts', jobs: [0, 5, 10].map((submit, i) => ({ id: `s${i}`, template: 'Sort', submit, maps: 40, reduces: 4 })) },
    });
    const design = await ok<DesignRecord>(studio.services, 'experiments:create', {
      spec: { name: 'a node dies', clusterIds: [saved.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
    });
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    try {
      await openAt(page, studio.server.url, `#/experiments/${design.id}`);
      const card = page.getByTestId('failures-card');
      await card.waitFor();
      // A new failure names a server the chosen cluster has, a minute in.
      await card.getByTestId('add-failure').click();
      await expect.poll(() => card.getByLabel('Server or VM of failure 1').inputValue()).toBe('r1-h1');
      expect(await card.getByLabel('Time of failure 1 (s)').inputValue()).toBe('60');
      // A server the cluster lacks is named at its field, in words, and the design will not run.
      await card.getByLabel('Server or VM of failure 1').fill('r9-h9');
      await expect.poll(() => card.locator('.errors').textContent()).toBe('Failure 1 › node: cluster "small" has no server or VM named "r9-h9"');
      expect(await page.getByTestId('run').isDisabled()).toBe(true);
      // Too-frequent random failures are said at their field too.
      await card.getByTestId('mtbfS').fill('30');
      await expect.poll(() => card.locator('.errors').textContent()).toContain('Mean time between failures s: must be at least 60 s');
      expect(await card.getByTestId('failure-outlook').count()).toBe(0);
      // Valid, the card says what they will cost before anything runs.
      await card.getByTestId('mtbfS').fill('900');
      await card.getByTestId('replenishAfterS').fill('120');
      await expect
        .poll(() => card.getByTestId('failure-outlook').textContent())
        .toBe(
          'Each node runs about 15 min between random failures on average, then is down for 12 min (10 min until the master notices, 2 min until its replacement joins): about 44 % of node time is lost.',
        );
      await card.getByTestId('replenishAfterS').fill('');
      await card.getByTestId('mtbfS').fill('');
      await expect.poll(() => card.getByTestId('failure-outlook').count()).toBe(0);
      await card.getByLabel('Server or VM of failure 1').fill('r1-h2');
      await card.getByLabel('Time of failure 1 (s)').fill('20');
      await card.getByLabel('Node timeout s').fill('30');
      await expect.poll(() => card.locator('.errors li').count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'designer-node-failures-light');
      await page.getByTestId('save').click();
      await expect
        .poll(async () => (await ok<DesignRecord>(studio.services, 'experiments:get', { id: design.id })).spec.simulation)
        .toMatchObject({ failures: [{ node: 'r1-h2', atS: 20 }], nodeTimeoutS: 30 });

      // Run: the server dies 20 s in with maps on it; its attempts are ended once the master notices, and done again elsewhere.
      const started = await ok<BatchSummary>(studio.services, 'experiments:run', { id: design.id });
      await studio.services.runner.settled(started.id);
      const batch = await ok<BatchDetail>(studio.services, 'batches:get', { id: started.id });
      const summary = batch.results[0].summary!;
      expect(summary.succeeded).toBe(3);
      expect(summary.killedAttempts).toBeGreaterThan(0);
      // The run says which server it lost and what that cost, through the worker and the store.
      expect(summary.nodeLosses).toEqual([
        expect.objectContaining({ node: 'r1-h2', cause: 'named', lostAtS: 20, noticedAtS: 50, attemptsKilled: summary.killedAttempts }),
      ]);
      // The why-panel says which of a job's attempts the loss ended: the scheduler did not kill them.
      const killedBy = await Promise.all(
        ['s0', 's1', 's2'].map(async (job) => (await ok<WhyAnswer>(studio.services, 'batches:why', { id: started.id, job })).runs[0].attempts),
      );
      const ended = killedBy.flat().filter((a) => a.outcome.startsWith('killed'));
      expect(ended.length).toBe(summary.killedAttempts);
      for (const a of ended) expect(a).toMatchObject({ node: 'r1-h2', end: 50, outcome: 'killed: its node died at 20 s' });
      // Removed, the failure leaves the design.
      await card.getByRole('button', { name: 'Remove failure 1' }).click();
      await expect.poll(() => card.getByTestId('failure-list').count()).toBe(0);
      await page.getByTestId('save').click();
      await expect.poll(async () => (await ok<DesignRecord>(studio.services, 'experiments:get', { id: design.id })).spec.simulation.failures).toEqual([]);

      // The comparison lists the loss run by run: when it died, when it was noticed, what it killed.
      await openAt(page, studio.server.url, `#/history/${started.id}`);
      const losses = page.getByTestId('node-losses');
      await expect.poll(() => losses.locator('tbody tr').count()).toBe(1);
      expect(await losses.locator('h3 .muted').textContent()).toMatch(/^1 node loss in 1 of 1 run;/);
      const row = losses.locator('tbody tr[data-node="r1-h2"]');
      expect(await row.locator('th').textContent()).toBe('FIFO, seed 1');
      expect(await row.locator('[data-col="lostAtS"]').textContent()).toBe('20 s');
      expect(await row.locator('[data-col="noticedAtS"]').textContent()).toBe('50 s');
      expect(await row.locator('[data-col="attemptsKilled"]').textContent()).toBe(String(summary.killedAttempts));
      expect(await row.locator('[data-col="replacedAtS"]').textContent()).toBe('—');
      // The batch says how it ran, from its own copy: the design has lost the failure since.
      await page.getByTestId('run-setup').locator('summary').click();
      const setup = await page.getByTestId('run-setup-simulation').textContent();
      expect(setup).toContain('Node timeout 30 s');
      expect(setup).toContain('Node failures r1-h2 at 20 s');
      // Its Gantt shades the lost server from its death: the legend says what the shades mean.
      await expect.poll(() => page.getByTestId('gantt').locator('.legend').textContent()).toContain('node dead, not yet noticed');
      await losses.scrollIntoViewIfNeeded();
      await screenshot(page, 'comparison-node-losses-light');
      // The run history's line for the batch says it had a failure.
      await openAt(page, studio.server.url, '#/history');
      await expect.poll(() => page.getByTestId('history-rows').textContent()).toContain('node failures: r1-h2 at 20 s');
      // And the filter finds it by those words.
      await page.getByTestId('history-filter').fill('node failures');
      await expect.poll(() => page.getByTestId('history-rows').getAttribute('data-rows')).toBe('1');
      await page.getByTestId('history-filter').fill('no such words');
      await expect.poll(() => page.getByTestId('history-rows').getAttribute('data-rows')).toBe('0');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
