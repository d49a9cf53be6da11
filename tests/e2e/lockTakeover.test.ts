import { describe, expect, it } from 'vitest';
import { useBrowser, screenshot } from './studio';
import { importWhilePaused, pauseMidSave } from '../helpers/pauseServe';
import { startServeProcess } from '../helpers/processes';
import { useTempDirs } from '../helpers/tempDir';

const tempDir = useTempDirs();
const browser = useBrowser();

/**
 * What the user sees when the studio was suspended mid-save and another program (here the CLI)
 * took the data folder over: the page, open all along, tells them their changes were saved again.
 * serve runs as a process of its own, so that it can be paused as a laptop lid pauses it.
 */
describe('the studio paused while another program writes its data folder', () => {
  it('says, once resumed, that its pending changes were saved again on top of the other program’s', { timeout: 600_000 }, async () => {
    const dataDir = tempDir();
    const files = tempDir();
    const serve = await startServeProcess(dataDir);
    const page = await browser().newPage({ viewport: { width: 1280, height: 560 } });
    let paused = false;
    try {
      const sample = await serve.call<{ experimentId: string }>('studio:sample');
      await page.goto(serve.url);
      await page.locator('[data-nav="history"]').waitFor();

      await pauseMidSave(serve, dataDir, sample.data!.experimentId);
      paused = true;
      await importWhilePaused(serve, dataDir, files, Date.now());
      paused = false;

      const banner = page.getByTestId('takeover-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toMatch(
        /The studio was paused while another program used its data folder\.[\s\S]*saved its \d+ changes? again afterwards, on top of that program's\. Nothing was lost\./,
      );
      await screenshot(page, 'lock-takeover-banner');
      // The cluster the other program saved is there too.
      await page.locator('[data-nav="clusters"]').click();
      await page.locator('tr[data-cluster="imported meanwhile"]').waitFor();
      await page.getByTestId('takeover-banner').getByRole('button', { name: 'Dismiss' }).click();
      await banner.waitFor({ state: 'detached' });
    } finally {
      if (paused) serve.child.kill('SIGCONT');
      await page.close();
      await serve.stop();
    }
  });
});
