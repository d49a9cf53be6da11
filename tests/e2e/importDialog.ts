import type { Page } from 'playwright-core';

/** Choose `file` in the open import dialog (its "Choose file…" button opens the browser's chooser). */
export async function chooseFile(page: Page, file: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('choose-file').click()]);
  await chooser.setFiles(file);
}

/** Open the studio at its Workloads page and choose `file` in the import dialog. */
export async function importFile(page: Page, url: string, file: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-nav="workloads"]').click();
  await page.getByTestId('import-workload').click();
  await chooseFile(page, file);
}
