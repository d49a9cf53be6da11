import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';
import { smallCluster } from './clusterFixtures';
import { runCliProcess } from './processes';
import type { BatchSummary } from '@shared/experiment/design';
import { DATABASE_FILE } from '../../src-main/store/paths';
import { TEMP_MARKER } from '../../src-main/store/atomicWrite';
import type { ServeProcess } from './processes';

/** Longer than the write lock's stale time (30 s): another process takes the lock over meanwhile. */
export const PAUSE_MS = 45_000;

const tick = () => new Promise((r) => setImmediate(r));

/** serve is between writing its save's temp file and renaming it: it holds the lock, mid-save. */
export const savingNow = (dataDir: string, pid: number) => fs.readdirSync(dataDir).some((n) => n.startsWith(tempPrefix(pid)));

const tempPrefix = (pid: number) => `${DATABASE_FILE}${TEMP_MARKER}${pid}-`;

/** Linux says when a signalled process has really stopped; kill() only queues the signal. */
async function untilStopped(pid: number): Promise<void> {
  const stat = `/proc/${pid}/stat`;
  if (!fs.existsSync(stat)) return;
  // The state follows the command name in parentheses: "T" is stopped by a signal.
  while (!/\)\s+T\s/.test(fs.readFileSync(stat, 'utf8'))) await tick();
}

/**
 * Stop serve at an instant it is mid-save; start batches of the sample experiment until one such
 * instant is caught. The folder is watched (inotify on Linux) rather than polled: a save's temp
 * file lives for milliseconds, and polling between HTTP calls caught one only every 15 to 56
 * batches on a 2-core machine.
 */
export async function pauseMidSave(serve: ServeProcess, dataDir: string, experimentId: string): Promise<string[]> {
  const pid = serve.child.pid!;
  // Once serve is caught, a request in flight never answers: every wait below races this.
  let onCaught!: () => void;
  const caught = new Promise<'caught'>((resolve) => (onCaught = () => resolve('caught')));
  let trying = false;
  let done = false;
  // Armed once a batch is acknowledged: the save caught is one of its runs', and its id is known.
  let armed = false;
  const watcher = fs.watch(dataDir, (_event, name) => {
    if (!armed || done || trying || !name?.startsWith(tempPrefix(pid))) return;
    trying = true;
    serve.child.kill('SIGSTOP');
    void untilStopped(pid).then(() => {
      trying = false;
      // Stopped: it can no longer rename. Still before the rename, its temp file is there.
      if (savingNow(dataDir, pid)) {
        done = true;
        onCaught();
      } else serve.child.kill('SIGCONT');
    });
  });
  const batches: string[] = [];
  try {
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      armed = false;
      // A check begun in the last batch may still catch serve while this request is in flight.
      const started = await Promise.race([serve.call<BatchSummary>('experiments:run', { id: experimentId }), caught]);
      if (started === 'caught') return batches;
      expect(started.ok, JSON.stringify(started.error)).toBe(true);
      batches.push(started.data!.id);
      armed = true;
      for (;;) {
        const batch = await Promise.race([serve.call<{ status: string }>('batches:get', { id: started.data!.id }), caught]);
        if (batch === 'caught') return batches;
        if (batch.data!.status !== 'running') break;
        if ((await Promise.race([caught, new Promise((r) => setTimeout(r, 20))])) === 'caught') return batches;
      }
    }
  } finally {
    watcher.close();
  }
  throw new Error('never caught serve in the middle of a save');
}

/**
 * While serve is stopped (since `pausedAt`): the CLI imports a cluster, waiting for the lock until
 * it is stale and taking it over; then, once serve has been stopped PAUSE_MS, it is resumed.
 * Resolves to the id the import acknowledged.
 */
export async function importWhilePaused(serve: ServeProcess, dataDir: string, filesDir: string, pausedAt: number): Promise<string> {
  const file = path.join(filesDir, 'meanwhile.cluster.json');
  fs.writeFileSync(file, JSON.stringify(smallCluster({ name: 'imported meanwhile' })));
  const imported = await runCliProcess(['clusters', 'import', file, '--data-dir', dataDir]);
  expect(imported.code, imported.err).toBe(0);
  await new Promise((r) => setTimeout(r, Math.max(0, PAUSE_MS - (Date.now() - pausedAt))));
  serve.child.kill('SIGCONT');
  return /\(([0-9a-f-]{36})\)\s*$/.exec(imported.out.trim())![1];
}
