import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Download, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { codeMessages, watchMessages } from './messageWatch';
import { startServices, type Services } from '../../src-main/services';
import { startLoopbackServer, type LoopbackServer } from '../../src-main/server/loopbackServer';
import { pdfBytes } from '../../src-main/reports/pdfFromHtml';
import type { SimulationPool } from '../../src-main/runner/runPool';

export const ROOT = path.resolve(__dirname, '../..');
export const RENDERER_DIR = path.join(ROOT, 'out/renderer');
export const ARTIFACTS = path.join(ROOT, 'artifacts/screenshots');

/** The studio as a user of serve mode gets it: real services and the built renderer over loopback. */
export interface RunningStudio {
  services: Services;
  server: LoopbackServer;
  stop(): Promise<void>;
}

/** `makePool`: where runs go (default: worker threads, as the app runs them). */
export async function startStudio(dataDir: string, options: { makePool?: () => SimulationPool } = {}): Promise<RunningStudio> {
  if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) throw new Error('the renderer is not built: run `npm run build` before the e2e tests');
  // As `serve` starts them: PDF reports are printed by the Chromium the tests run in.
  const services = await startServices({ dataDir, printPdf: (html) => pdfBytes(html, chromiumPath()), makePool: options.makePool });
  const server = await startLoopbackServer({ dispatch: services.dispatch, events: services.events, imports: services.imports, rendererDir: RENDERER_DIR });
  return {
    services,
    server,
    async stop() {
      await server.close();
      await services.close();
    },
  };
}

/** Call a service as the renderer would (one definition for every test: helpers/services.ts). */
export { ok } from '../helpers/services';

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: install it with `apt-get install -y chromium` (or set CHROMIUM_PATH)');
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Collects console errors and page errors (a CSP violation shows up here) for a final check. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The studio's page (its URL carries the token in the fragment), then one of its places. */
export async function openAt(page: Page, url: string, hash: string): Promise<void> {
  // From one of the studio's own places, its URL differs only in the fragment: the browser would
  // keep the page and its open view, and that view could answer the test's next step. A new page every time.
  await page.goto('about:blank');
  await page.goto(url);
  await page.locator('[data-nav="history"]').waitFor();
  await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
}

/** A new experiment's designer, opened as a user does: Experiments, then "New experiment" (the page already open when `url` is left out). */
export async function openNewExperiment(page: Page, url?: string): Promise<void> {
  if (url) await page.goto(url);
  await page.locator('[data-nav="experiments"]').click();
  await page.getByTestId('new-experiment').click();
  await designerReady(page);
}

/** An editor shows its frame at once and its document once read: aria-busy says which (reading it sooner sees nothing to edit). */
export async function editorReady(page: Page, testId: 'experiment-designer' | 'cluster-editor' | 'workload-editor' | 'comparison'): Promise<void> {
  await page.locator(`[data-testid="${testId}"][aria-busy="false"]`).waitFor();
}

/** Whether the element is on screen with nothing over it: what a click at its centre reaches (not scrolled out of its box, not covered). */
export function inSight(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const doc = el.ownerDocument;
    return r.right <= (doc.defaultView?.innerWidth ?? 0) && doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
  });
}

export const designerReady = (page: Page): Promise<void> => editorReady(page, 'experiment-designer');

/**
 * Waits until the open batch has ended: its head then counts the runs finished (it does not while the batch runs).
 * Waiting for the progress table to vanish is not enough alone: it is also absent before the batch is first read.
 */
export async function waitForBatchEnd(page: Page, timeout = 120_000): Promise<void> {
  await expect.poll(() => page.getByTestId('batch-head').textContent(), { timeout }).toMatch(/\d+\/\d+ runs finished/);
  expect(await page.getByTestId('run-progress').count()).toBe(0);
}

/**
 * Asks the why panel about a job, as a user does, and waits for its answer to that job. A panel that
 * answers with an error fails here in its own words, and so does one that never answers: a wait that
 * only counted attempt tables said nothing of why they did not come.
 */
export async function askWhy(page: Page, job: string, timeout = 60_000): Promise<void> {
  const panel = page.getByTestId('why-panel');
  const input = panel.getByTestId('why-job');
  await input.fill(job);
  await expect.poll(() => input.inputValue()).toBe(job);
  await panel.getByTestId('why-ask').click();
  // The sentence over the runs starts with the job the answer is about; an earlier answer names another.
  const about = panel.locator('[data-testid="why-same-job"], [data-testid="why-different-jobs"]');
  const answered = async () =>
    (await panel.getByRole('alert').count()) > 0 || ((await about.count()) > 0 && (await about.first().textContent())!.trim().startsWith(`${job} is `));
  try {
    await expect.poll(answered, { timeout }).toBe(true);
  } catch {
    throw new Error(
      `the why panel gave no answer about ${job} within ${timeout / 1000} s; it holds "${await input.inputValue()}" and reads: ${(await panel.textContent())?.slice(0, 600)}`,
    );
  }
  const alert = panel.getByRole('alert');
  if (await alert.count()) throw new Error(`the why panel answered about ${job} with an error: ${await alert.textContent()}`);
}

/** What a click downloads: the file name the page suggested and its bytes. */
export async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await (download as Download).path())!) };
}

/** What has been drawn is on the screen: two animation frames have passed (the first may be the one already under way). */
export async function painted(page: Page): Promise<void> {
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
}

/** How many times each chart on the page has drawn itself (EChart.vue's data-draws), in page order. */
const chartDraws = (page: Page): Promise<number[]> => page.locator('[data-draws]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-draws'))));

/**
 * Set the OS colour scheme and wait until the page is in it: every chart redrawn in the new theme
 * (charts draw without animation) and painted. Setting the scheme it is already in redraws nothing.
 */
export async function colourScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const already = await page.evaluate(`matchMedia('(prefers-color-scheme: dark)').matches === ${scheme === 'dark'}`);
  const before = await chartDraws(page);
  await page.emulateMedia({ colorScheme: scheme });
  if (!already) await expect.poll(async () => (await chartDraws(page)).every((n, i) => n > (before[i] ?? -1))).toBe(true);
  await painted(page);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** One Chromium for the whole test file; the getter returns it once started. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  const messages: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    // Every page any test opens reports the messages it shows.
    const open = browser.newPage.bind(browser);
    browser.newPage = async (options) => {
      const page = await open(options);
      await watchMessages(page, messages);
      return page;
    };
  });
  afterEach(() => {
    const code = codeMessages(messages);
    messages.length = 0;
    expect(code, 'messages shown to the user that speak code').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser has not started');
    return browser;
  };
}
