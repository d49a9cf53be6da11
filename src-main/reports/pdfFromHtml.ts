import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Browsers that print HTML to PDF from the command line, looked for in this order. */
const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

export class NoBrowserError extends Error {}

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const own = env.CHROMIUM_PATH;
  if (own) return fs.existsSync(own) ? own : undefined;
  return CANDIDATES.find((p) => fs.existsSync(p));
}

/**
 * The PDF of an HTML page, printed by headless Chromium in a folder of its own that is removed after
 * (the CLI's and serve's way; the desktop app prints from a hidden window of its own). The report
 * has no script and no external file, so nothing is fetched.
 */
export async function pdfBytes(html: string, browser = findChromium()): Promise<Uint8Array> {
  if (!browser)
    throw new NoBrowserError(
      'a PDF needs Chromium or Google Chrome, and none was found (set CHROMIUM_PATH to one); the HTML report prints to PDF from any browser',
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-report-'));
  try {
    const page = path.join(dir, 'report.html');
    fs.writeFileSync(page, html);
    const out = path.join(dir, 'report.pdf');
    // Chromium's sandbox stays on unless this runs as root, where Chromium will not start with it.
    // (Switching scripts off with --blink-settings stops headless Chromium printing at all; the
    // report has no script, and its Content-Security-Policy allows none.)
    const sandbox = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
    const args = [
      '--headless',
      ...sandbox,
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${path.join(dir, 'profile')}`,
      '--no-pdf-header-footer',
      `--print-to-pdf=${path.resolve(out)}`,
      `file://${page}`,
    ];
    await new Promise<void>((resolve, reject) =>
      execFile(browser, args, { timeout: 120_000 }, (err, _stdout, stderr) =>
        err ? reject(new Error(`${path.basename(browser)} could not print the report: ${stderr.trim().split('\n').pop() ?? err.message}`)) : resolve(),
      ),
    );
    if (!fs.existsSync(out) || fs.statSync(out).size === 0) throw new Error(`${path.basename(browser)} wrote no PDF`);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
