import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { colourScheme, useBrowser, ROOT, screenshot, startStudio, watchErrors, type RunningStudio } from './studio';
import { useTempDirs } from '../helpers/tempDir';

const tempDir = useTempDirs();
const browser = useBrowser();

const row = (page: Page, name: string) => page.locator(`tr[data-cluster="${name}"]`);

async function createCluster(page: Page, name: string, racks: number, perRack: number) {
  await page.getByTestId('new-cluster').click();
  await page.locator('#name').fill(name);
  await page.locator('#racks').fill(String(racks));
  await page.locator('#hostsPerRack').fill(String(perRack));
  await page.getByRole('button', { name: 'Create cluster' }).click();
  await row(page, name).waitFor();
}

describe('clusters in the browser, against the real services', () => {
  it('creates a cluster that survives a reload and a restart, and the CLI lists it', async () => {
    const dataDir = tempDir();
    let studio: RunningStudio = await startStudio(dataDir);
    const page = await browser().newPage({ viewport: { width: 1280, height: 760 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await page.getByText('No clusters yet').waitFor();
      expect(page.url()).not.toContain('token=');

      // Live validation: the problem shows next to the field and nothing is saved.
      await page.getByTestId('new-cluster').click();
      await page.locator('#name').fill('PRISM testbed');
      await page.locator('#racks').fill('0');
      await expect.poll(() => page.locator('[data-field-error="racks"]').textContent()).toBe('at least 1 rack');
      await page.locator('#racks').fill('');
      await expect.poll(() => page.locator('[data-field-error="racks"]').textContent()).toBe('must be a number');
      // A slipped digit would make millions of nodes: refused by the product, before anything is generated.
      await page.locator('#racks').fill('1000');
      await page.locator('#hostsPerRack').fill('2000');
      await expect
        .poll(() => page.locator('[data-field-error="hostsPerRack"]').textContent())
        .toBe('makes 2,000,000 worker nodes (1,000 racks × 2,000 servers); at most 100,000');
      await page.locator('#racks').fill('2');
      await page.locator('#hostsPerRack').fill('5');
      await expect.poll(() => page.getByTestId('totals').textContent()).toMatch(/2 racks · 10 servers · 10 worker nodes · 40 cores · 80 GB memory/);
      await page.getByRole('button', { name: 'Create cluster' }).click();
      await row(page, 'PRISM testbed').waitFor();
      expect(await row(page, 'PRISM testbed').locator('td').allTextContents()).toEqual(expect.arrayContaining(['2', '10', '40', '80 GB']));

      await page.reload();
      await row(page, 'PRISM testbed').waitFor();

      // Close the studio and start it again on the same data folder: a new launch, a new token. The
      // window goes first, as when the app quits (an open page would try to reach the stopped server).
      await page.goto('about:blank');
      await studio.stop();
      studio = await startStudio(dataDir);
      await page.goto(studio.server.url);
      await row(page, 'PRISM testbed').waitFor();

      const cli = execFileSync(process.execPath, [path.join(ROOT, 'bin/workload-studio.js'), 'clusters', 'list', '--data-dir', dataDir], { encoding: 'utf8' });
      expect(cli).toMatch(/PRISM testbed\s+2\s+10\s+10\s+40\s+80/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('renames with the error next to the field, duplicates, and deletes only after confirmation', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1280, height: 760 } });
    const errors = watchErrors(page);
    try {
      await page.goto(studio.server.url);
      await createCluster(page, 'alpha', 1, 4);
      await createCluster(page, 'beta', 2, 3);

      await row(page, 'beta').getByRole('button', { name: 'Rename' }).click();
      await page.locator('#rename').fill('ALPHA');
      await page.getByRole('button', { name: 'Rename', exact: true }).last().click();
      await expect.poll(() => page.locator('[data-field-error="rename"]').textContent()).toBe('a cluster named "ALPHA" already exists');
      await page.locator('#rename').fill('gamma');
      await page.getByRole('button', { name: 'Rename', exact: true }).last().click();
      await row(page, 'gamma').waitFor();

      await row(page, 'alpha').getByRole('button', { name: 'Duplicate' }).click();
      await row(page, 'alpha copy').waitFor();

      await row(page, 'alpha copy').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await row(page, 'alpha copy').count()).toBe(1);

      // Asked to delete a cluster an experiment uses, the dialog names that experiment first.
      const clusters = (await studio.services.dispatch('clusters:list', {})) as { data: { id: string; name: string }[] };
      const alpha = clusters.data.find((c) => c.name === 'alpha')!;
      const workload = (await studio.services.dispatch('workloads:create', { spec: { name: 'w', jobs: [{ template: 'Sort', submit: 0 }] } })) as {
        data: { id: string };
      };
      await studio.services.dispatch('experiments:create', {
        spec: { name: 'uses alpha', clusterIds: [alpha.id], workloadIds: [workload.data.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
      });
      await row(page, 'alpha').getByRole('button', { name: 'Delete' }).click();
      await expect
        .poll(() => page.getByTestId('confirm-message').textContent())
        .toBe(
          'Delete "alpha"? This cannot be undone. Export it first if you may need it again. It is in the experiment "uses alpha", which will need another cluster before it runs again; where it has run, "Restore it" in its designer puts this one back from the run history\'s copy.',
        );
      await page.getByRole('button', { name: 'Cancel' }).click();
      await row(page, 'alpha copy').getByRole('button', { name: 'Delete' }).click();
      expect(await page.getByTestId('confirm-message').textContent()).toBe(
        'Delete "alpha copy"? This cannot be undone. Export it first if you may need it again.',
      );
      await page.getByRole('button', { name: 'Cancel' }).click();
      await row(page, 'alpha copy').getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId('confirm').click();
      await row(page, 'alpha copy').waitFor({ state: 'detached' });
      expect(await page.locator('tbody tr').count()).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it("imports a cluster file and shows a bad one's error with its field", async () => {
    const dir = tempDir();
    const studio = await startStudio(dir);
    const page = await browser().newPage({ viewport: { width: 1280, height: 760 } });
    try {
      await page.goto(studio.server.url);
      await createCluster(page, 'source', 1, 2);
      const exported = await studio.services.dispatch('clusters:export', {
        id: ((await studio.services.dispatch('clusters:list', {})) as { data: { id: string }[] }).data[0].id,
      });
      const good = path.join(dir, 'good.json');
      fs.writeFileSync(good, (exported as { data: { content: string } }).data.content);
      await page.getByTestId('import-input').setInputFiles(good);
      await row(page, 'source (2)').waitFor();

      const bad = path.join(dir, 'bad.json');
      fs.writeFileSync(bad, fs.readFileSync(good, 'utf8').replace('"nicMBps": 125', '"nicMBps": 0'));
      await page.getByTestId('import-input').setInputFiles(bad);
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toMatch(/bad\.json: cluster › server type 1 › NIC \(MB\/s\): must be greater than 0/);
      expect(await page.locator('tbody tr').count()).toBe(2);
      // The error is about this page: it leaves when its cause is fixed (a good import) ...
      await page.getByTestId('import-input').setInputFiles(good);
      await row(page, 'source (3)').waitFor();
      await expect.poll(() => page.locator('.notice.error').count()).toBe(0);
      // ... or when the user leaves the page; it never follows them across the studio.
      await page.getByTestId('import-input').setInputFiles(bad);
      await page.locator('.notice.error').waitFor();
      await page.locator('[data-nav="workloads"]').click();
      await expect.poll(() => page.locator('.notice.error').count()).toBe(0);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('follows the OS theme: screenshots of the list in light and dark', async () => {
    const studio = await startStudio(tempDir());
    const page = await browser().newPage({ viewport: { width: 1280, height: 640 } });
    try {
      await page.goto(studio.server.url);
      await createCluster(page, 'PRISM testbed', 1, 10);
      await createCluster(page, 'ILA virtual cluster', 2, 6);
      await createCluster(page, 'Liu 8-node cluster', 1, 8);
      // The "Created" notices go by themselves: picture the list without them.
      await expect.poll(() => page.locator('.notice').count(), { timeout: 30_000 }).toBe(0);
      for (const scheme of ['light', 'dark'] as const) {
        await colourScheme(page, scheme);
        const bg = await page.evaluate('getComputedStyle(document.body).backgroundColor');
        expect(bg).toBe(scheme === 'light' ? 'rgb(246, 247, 249)' : 'rgb(22, 24, 29)');
        expect(fs.statSync(await screenshot(page, `clusters-${scheme}`)).size).toBeGreaterThan(10000);
      }
      await page.getByTestId('new-cluster').click();
      await page.locator('#name').fill('new one');
      await page.locator('#vmsPerHost').fill('6');
      await page.locator('#cores').fill('');
      await page.locator('#name').click();
      await screenshot(page, 'cluster-new-dark');
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
