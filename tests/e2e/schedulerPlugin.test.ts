import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary } from '@shared/experiment/design';
import type { ResultFile } from '@shared/experiment/experiment';
import { cli } from '../helpers/cli';
import { useTempDirs } from '../helpers/tempDir';
import { startServeProcess } from '../helpers/processes';
import { askWhy, downloadOf, openAt, screenshot, useBrowser, waitForBatchEnd, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();
const PLUGIN = path.resolve(__dirname, '../../docs/examples/schedulers/shortest-job-first.scheduler.js');
const TITLE = 'Shortest job first (example)';

/** docs/plugins.md: a researcher's scheduler file through serve (designer, run, why panel, report) and the CLI, with the same numbers. */
describe('a scheduler of your own, in the browser', () => {
  it('is offered by serve --scheduler, runs in its threads, explains itself, is reported, and gives what the CLI gives', async () => {
    const dir = tempDir();
    const serve = await startServeProcess(dir, ['--scheduler', PLUGIN]);
    const page = await browser().newPage({ viewport: { width: 1360, height: 900 } });
    const errors = watchErrors(page);
    const call = async <T>(channel: string, payload: Record<string, unknown> = {}) => {
      const r = await serve.call<T>(channel, payload);
      if (r.error) throw new Error(`${channel}: ${JSON.stringify(r.error)}`);
      return r.data!;
    };
    try {
      const cluster = await call<{ id: string }>('clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
      const workload = await call<{ id: string }>('workloads:create', {
        spec: {
          name: 'mixed',
          generate: {
            count: 12,
            arrival: { kind: 'poisson', meanInterarrivalS: 8 },
            mix: [
              { template: 'WordCount', weight: 1, maps: [2, 30], reduces: 2 },
              { template: 'Sort', weight: 1, maps: [4, 12] },
            ],
          },
        },
      });
      const design = await call<{ id: string }>('experiments:create', {
        spec: {
          name: 'shortest first',
          clusterIds: [cluster.id],
          workloadIds: [workload.id],
          schedulers: [{ kind: 'shortest-job-first' }, { kind: 'fifo' }],
          seeds: [1, 2],
        },
      });
      await openAt(page, serve.url, `#/experiments/${design.id}`);
      const card = page.locator('[data-scheduler="0"]');
      const kind = page.getByLabel('Kind of scheduler 1');
      await expect.poll(() => kind.inputValue()).toBe('shortest-job-first');
      expect(await kind.locator('option:checked').textContent()).toBe(TITLE);
      expect(await card.locator('.params label > span').allTextContents()).toEqual([
        'Map slots / node',
        'Reduce slots / node',
        'Slot memory MB',
        'Between equals',
      ]);
      // The file's notes, under its options as a built-in's are.
      expect(await card.getByTestId('scheduler-note').allTextContents()).toEqual([
        'A free map slot goes to the job with the fewest maps left to place.',
        'Reduces go in submission order.',
      ]);
      await screenshot(page, 'plugin-scheduler-card');
      await page.getByTestId('run').click();
      await page.getByTestId('comparison').waitFor();
      await waitForBatchEnd(page);
      await page.getByTestId('summary-table').waitFor();
      expect(await page.getByTestId('summary-table').textContent()).toContain(TITLE);
      // What its runs counted (its report), beside the runs: the mean over its two seeds.
      const figures = page.getByTestId('own-figures');
      await figures.waitFor();
      expect(await figures.locator('tbody td').first().textContent()).toBe('maps placed ahead of an older job');
      await figures.scrollIntoViewIfNeeded();
      await screenshot(page, 'plugin-scheduler-figures');

      const [batch] = await call<BatchSummary[]>('batches:list');
      const detail = await call<BatchDetail>('batches:get', { id: batch.id });
      expect(detail.results.map((r) => r.status)).toEqual(['finished', 'finished', 'finished', 'finished']);
      // Its runs go by the file's title, as the designer's menu shows it, never by its kind.
      expect([...new Set(detail.results.map((r) => r.label))]).toEqual([TITLE, 'FIFO']);

      // The why panel: its launches carry the file's own words.
      await openAt(page, serve.url, `#/history/${batch.id}`);
      await page.getByTestId('why-panel').waitFor();
      await askWhy(page, 'g1');
      await expect.poll(() => page.getByTestId('why-attempts').count(), { timeout: 60_000 }).toBe(4);
      await expect.poll(() => page.getByTestId('why-panel').textContent()).toMatch(/Shortest job first \(example\).*has the fewest maps left to place/);
      await page.getByTestId('why-panel').scrollIntoViewIfNeeded();
      await screenshot(page, 'plugin-scheduler-why');
      // The why-not panel: what the file's policy weighed at a heartbeat, its scores per job (its own `scores`).
      await page.getByTestId('why-not-job').fill('g12');
      await page.getByTestId('why-not-run').selectOption({ index: 0 });
      await page.getByTestId('why-not-at').fill('100');
      await page.getByTestId('why-not-ask').click();
      const scores = page.getByTestId('why-not-scores');
      await scores.waitFor({ timeout: 60_000 });
      expect(await scores.locator('th').allTextContents()).toEqual(['Candidate', 'Job', 'maps left to place', 'submitted at (s)']);
      await expect.poll(() => scores.locator('tbody tr').count()).toBeGreaterThan(0);
      await scores.scrollIntoViewIfNeeded();
      await screenshot(page, 'plugin-scheduler-scores');

      // The report names it and counts its decisions under its own rule.
      const report = await call<{ files: { content: string }[] }>('batches:report', { id: batch.id, format: 'html' });
      const text = report.files[0].content.replace(/<[^>]+>/g, ' ');
      expect(text).toContain(TITLE);
      expect(text).toMatch(/By an added scheduler’s own rule\s+\d/);
      expect(text).toMatch(/What the schedulers counted.*maps placed ahead of an older job/s);

      // The same experiment through the CLI with the same file beside it (the export names it and its hash): the same numbers.
      const exported = await call<{ files: { fileName: string; content: string }[] }>('experiments:export', { id: design.id });
      const experimentFile = path.join(dir, exported.files[0].fileName);
      fs.writeFileSync(experimentFile, exported.files[0].content);
      fs.copyFileSync(PLUGIN, path.join(dir, path.basename(PLUGIN)));
      const out = path.join(dir, 'cli.json');
      const ran = await cli(['run', experimentFile, '--out', out]);
      expect(ran.code, ran.err).toBe(0);
      const fromCli = JSON.parse(fs.readFileSync(out, 'utf8')) as ResultFile;
      const fromServe = JSON.parse((await call<{ content: string }>('batches:exportResult', { id: batch.id })).content) as ResultFile;
      const numbers = (r: ResultFile) => r.runs.map((x) => [x.scheduler, x.seed, x.summary.meanJct, x.summary.makespan, x.summary.events]);
      expect(numbers(fromCli)).toEqual(numbers(fromServe));
      expect(fromServe.inputs?.plugins).toEqual([
        { file: path.basename(PLUGIN), sha256: fromCli.inputs!.plugins![0].sha256, version: '1.0', card: fromCli.inputs!.plugins![0].card },
      ]);
      expect(fromServe.inputs!.plugins![0].card).toBeDefined();

      // Asked from the comparison's export menu, the result file carries the file's text: it alone reruns to the same numbers.
      await openAt(page, serve.url, `#/history/${batch.id}`);
      await page.getByTestId('export-menu').locator('summary').click();
      const withText = await downloadOf(page, () => page.locator('[data-export="result-with-schedulers"]').click());
      const carried = JSON.parse(withText.bytes.toString('utf8')) as ResultFile;
      expect(carried.inputs?.plugins?.[0].source).toBe(fs.readFileSync(PLUGIN, 'utf8'));
      const alone = tempDir();
      fs.writeFileSync(path.join(alone, 'again.experiment.json'), JSON.stringify(carried.inputs));
      const again = path.join(alone, 'again.json');
      expect((await cli(['run', path.join(alone, 'again.experiment.json'), '--out', again])).code).toBe(0);
      expect(numbers(JSON.parse(fs.readFileSync(again, 'utf8')) as ResultFile)).toEqual(numbers(fromServe));
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await serve.stop();
    }
  });
});
