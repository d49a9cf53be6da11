import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { Store } from '../../src-main/store/database';
import { clustersRepo } from '../../src-main/store/clustersRepo';
import { useBrowser, screenshot, startStudio } from './studio';
import { smallCluster } from '../helpers/clusterFixtures';
import { useTempDirs } from '../helpers/tempDir';
import { writeBackup } from '../../src-main/store/backups';

const tempDir = useTempDirs();
const browser = useBrowser();

describe('a damaged database in the browser', () => {
  it('is reported with where it went, and the newest backup restores the clusters', async () => {
    const dir = tempDir();
    const store = await Store.open({ dataDir: dir });
    await clustersRepo(store).create(ClusterSpecSchema.parse(smallCluster({ name: 'from the backup' })));
    store.close();
    const file = path.join(dir, 'studio.sqlite');
    const good = fs.readFileSync(file);
    writeBackup(dir, good, 1, 'manual', new Date('2026-11-20T09:30:00.000Z'));
    fs.writeFileSync(file, good.subarray(0, 5000)); // truncated, as by a full disk or a bad copy

    const studio = await startStudio(dir);
    const page = await browser().newPage({ viewport: { width: 1280, height: 560 } });
    try {
      await page.goto(studio.server.url);
      const banner = page.getByTestId('recovery-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toMatch(/could not be opened[\s\S]*studio\.sqlite\.unreadable-/);
      expect(fs.readdirSync(dir).some((f) => f.startsWith('studio.sqlite.unreadable-'))).toBe(true);
      await page.getByText('No clusters yet').waitFor();
      await screenshot(page, 'recovery-banner');

      await page.getByRole('button', { name: 'Restore backup…' }).click();
      await page.getByTestId('confirm').click();
      await page.locator('tr[data-cluster="from the backup"]').waitFor();
      await banner.waitFor({ state: 'detached' });
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
