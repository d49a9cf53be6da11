import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';
import { smallCluster } from './clusterFixtures';
import { runCliProcess } from './processes';
import type { BatchSummary } from '@shared/experiment/design';
import { DATABASE_FILE } from '../../src-main/store/paths';
import type { ServeProcess } from './processes';

/** Longer than the write lock's stale time (30 s): another process takes the lock over meanwhile. */
export const PAUSE_MS = 45_000;

const tick = () => new Promise((r) => setImmediate(r));

/** serve is between writing its save's temp file and renaming it: it holds the lock, mid-save. */
export const savingNow = (dataDir: string, pid: number) => fs.readdirSync(dataDir).some((n) => n.startsWith(`${DATABASE_FILE}.tmp-${pid}-`));

/** Stop serve at an instant it is mid-save; start batches of the sample experiment until one such instant is caught. */
export async function pauseMidSave(serve: ServeProcess, dataDir: string, experimentId: string): Promise<string[]> {
  const pid = serve.child.pid!;
  const batches: string[] = [];
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const started = await serve.call<BatchSummary>('experiments:run', { id: experimentId });
    expect(started.ok, JSON.stringify(started.error)).toBe(true);
    batches.push(started.data!.id);
    for (;;) {
      if (savingNow(dataDir, pid)) {
        serve.child.kill('SIGSTOP');
        // Stopped: it can no longer rename. Still before the rename, its temp file is there.
        if (savingNow(dataDir, pid)) return batches;
        serve.child.kill('SIGCONT');
      }
      const batch = await serve.call<{ status: string }>('batches:get', { id: started.data!.id });
      if (batch.data!.status !== 'running') break;
      await tick();
    }
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
