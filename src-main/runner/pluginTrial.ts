import { Worker } from 'node:worker_threads';
import { TYPELESS_PACKAGE_WARNING } from './quietImport';

/**
 * How long a scheduler file's top level may run before the studio gives up on it: importing a
 * module runs its top level in the importing thread, and one that loops for ever would freeze
 * the app's main process (no click, no Ctrl+C answered). A real plug-in loads in milliseconds.
 */
export const PLUGIN_LOAD_LIMIT_MS = 10_000;

// A CommonJS script (eval: true): it imports the module by URL and says whether that ended,
// without the one warning importQuietly leaves out too (the thread ends after this import).
const TRIAL = `
const { parentPort, workerData } = require('node:worker_threads');
const emit = process.emitWarning;
process.emitWarning = (warning, ...rest) =>
  ((rest[0] && typeof rest[0] === 'object' ? rest[0].code : rest[1]) === '${TYPELESS_PACKAGE_WARNING}' ? undefined : emit.call(process, warning, ...rest));
import(workerData.url).then(
  () => parentPort.postMessage({ ok: true }),
  (err) => parentPort.postMessage({ ok: false, message: err && err.message ? err.message : String(err) }),
);
`;

export type TrialOutcome = { kind: 'loaded' } | { kind: 'failed'; message: string } | { kind: 'timedOut' };

/**
 * Import the module at `url` in a worker thread first, which is stopped after `limitMs`: only a
 * file whose top level ends is then imported where it is used. Its top level therefore runs
 * twice (docs/plugins.md says so).
 */
export function trialImport(url: string, limitMs: number = PLUGIN_LOAD_LIMIT_MS): Promise<TrialOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(TRIAL, { eval: true, workerData: { url } });
    let settled = false;
    const settle = (outcome: TrialOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ kind: 'timedOut' }), limitMs);
    worker.on('message', (m: { ok: boolean; message?: string }) =>
      settle(m.ok ? { kind: 'loaded' } : { kind: 'failed', message: m.message ?? 'it could not be imported' }),
    );
    worker.on('error', (err) => settle({ kind: 'failed', message: err.message }));
    worker.on('exit', (code) =>
      settle(code === 0 ? { kind: 'loaded' } : { kind: 'failed', message: `its top level ended the thread it ran in (exit code ${code})` }),
    );
  });
}
