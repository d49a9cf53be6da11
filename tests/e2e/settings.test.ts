import { describe, expect, it } from 'vitest';
import type { SettingsView } from '@shared/api/settings';
import { useTempDirs } from '../helpers/tempDir';
import { ok, screenshot, startStudio, useBrowser, watchErrors } from './studio';

const tempDir = useTempDirs();
const browser = useBrowser();

/** A fresh studio in the window the app opens with, its Settings dialog open on the Runs tab. */
async function settingsOpen() {
  const studio = await startStudio(tempDir());
  const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(studio.server.url);
  await page.getByTestId('open-settings').click();
  const form = page.getByTestId('settings');
  await form.waitFor();
  return { studio, page, errors, form };
}

describe('settings: how many runs simulate at once', () => {
  it('starts automatic, saves a chosen number for the next batch, and shows it when reopened', async () => {
    const { studio, page, errors, form } = await settingsOpen();
    try {
      const select = form.getByLabel('Simulations at once');
      expect(await select.inputValue()).toBe('auto');
      const before = await ok<SettingsView>(studio.services, 'settings:get', {});
      expect(await form.textContent()).toContain(`Automatic: ${before.automaticThreads} (one core left free)`);
      expect(await form.textContent()).toContain(`This machine has ${before.cores} core`);
      await screenshot(page, 'settings-light');
      await select.selectOption('1');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
      // Saved where the next batch's pool reads it.
      await expect.poll(async () => (await ok<SettingsView>(studio.services, 'settings:get', {})).settings.runThreads).toBe(1);
      await page.getByTestId('open-settings').click();
      await page.getByTestId('settings').waitFor();
      expect(await page.getByTestId('settings').getByLabel('Simulations at once').inputValue()).toBe('1');
      await page.keyboard.press('Escape');
      await page.getByTestId('settings').waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });

  it('keeps Save with the settings it saves: the scheduler files, which apply at once, are a tab of their own that closes without losing Runs edits unnoticed', async () => {
    const { studio, page, errors, form } = await settingsOpen();
    try {
      // Save is the Runs tab's last control, and the scheduler files are not under it.
      expect(await form.locator('button, input, select').last().textContent()).toBe('Save');
      expect(await page.getByTestId('plugin-settings').isVisible()).toBe(false);
      await form.getByLabel('Simulations at once').selectOption('1');
      const runsTab = page.getByRole('tab', { name: /^Runs/ });
      expect(await runsTab.textContent()).toBe('Runs');
      await page.getByRole('tab', { name: 'Schedulers of your own' }).click();
      await page.getByTestId('plugin-settings').waitFor();
      expect(await form.isVisible()).toBe(false);
      // The edit on the other tab is named there, and on the way out.
      expect(await runsTab.textContent()).toBe('Runs (not saved)');
      expect(await page.getByTestId('settings-close').textContent()).toBe('Close without saving Runs');
      // Looking at the other tab keeps the edit.
      await runsTab.click();
      expect(await form.getByLabel('Simulations at once').inputValue()).toBe('1');
      expect(await runsTab.textContent()).toBe('Runs');
      await form.getByLabel('Simulations at once').selectOption('auto');
      await page.getByRole('tab', { name: 'Schedulers of your own' }).click();
      expect(await page.getByTestId('settings-close').textContent()).toBe('Close');
      await page.getByTestId('settings-close').click();
      await form.waitFor({ state: 'detached' });
      expect((await ok<SettingsView>(studio.services, 'settings:get', {})).settings.runThreads).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await studio.stop();
    }
  });
});
