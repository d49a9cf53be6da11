import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../../../src-main/store/database';
import { smallCluster } from '../../helpers/clusterFixtures';
import { runCliProcess, startServeProcess, type Finished } from '../../helpers/processes';
import { useTempDirs } from '../../helpers/tempDir';
import { TRACES_DIR } from '../../helpers/traceFixtures';

/**
 * Several processes writing one data folder at once — two CLI imports, serve and the CLI, a batch
 * in serve and CLI imports — as real processes on real files. Every id a writer acknowledged must
 * be in the store afterwards. Before the write lock, the last writer's whole-file save won.
 */
const tempDir = useTempDirs();
/**
 * Rounds of each race: 8 in every `npm test`, 20 in `npm run test:stress` (STRESS_FULL=1), as the
 * kill-during-save loop. Each round is a fresh race of real processes; 20 cost 3.6 minutes of a
 * clean CI run.
 */
const TRIALS = process.env.STRESS_FULL === '1' ? 20 : 8;
const traces = TRACES_DIR;

/** The id a successful `clusters import` / `workloads import` printed. */
function acknowledgedId(run: Finished): string {
  expect(run.code, run.err).toBe(0);
  const id = /\(([0-9a-f-]{36})\)\s*$/.exec(run.out.trim())?.[1];
  expect(id, run.out).toBeDefined();
  return id!;
}

async function savedIds(dataDir: string): Promise<Set<string>> {
  const store = await Store.open({ dataDir });
  try {
    return new Set(store.read((db) => db.exec('SELECT id FROM clusters UNION ALL SELECT id FROM workloads')[0]?.values.map((v) => String(v[0])) ?? []));
  } finally {
    store.close();
  }
}

function clusterFile(dir: string, name: string): string {
  const file = path.join(dir, `${name}.cluster.json`);
  fs.writeFileSync(file, JSON.stringify(smallCluster({ name })));
  return file;
}

const missing = (acknowledged: string[], saved: Set<string>) => acknowledged.filter((id) => !saved.has(id));

describe('several writers on one data folder lose nothing they acknowledged', () => {
  it('two clusters imports and a workloads import at the same time', { timeout: 240_000 }, async () => {
    const dataDir = tempDir();
    const files = tempDir();
    const acknowledged: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const runs = await Promise.all([
        runCliProcess(['clusters', 'import', clusterFile(files, `a${trial}`), '--data-dir', dataDir]),
        runCliProcess(['clusters', 'import', clusterFile(files, `b${trial}`), '--data-dir', dataDir]),
        runCliProcess(['workloads', 'import', path.join(traces, 'rumen/wordcount.json'), '--name', `w${trial}`, '--data-dir', dataDir]),
      ]);
      acknowledged.push(...runs.map(acknowledgedId));
      expect(missing(acknowledged, await savedIds(dataDir)), `trial ${trial}`).toEqual([]);
    }
    expect(new Set(acknowledged).size).toBe(TRIALS * 3);
  });

  it('serve answering creations while the CLI imports', { timeout: 240_000 }, async () => {
    const dataDir = tempDir();
    const files = tempDir();
    const serve = await startServeProcess(dataDir);
    try {
      const acknowledged: string[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        const overHttp = Array.from({ length: 10 }, (_, i) =>
          serve.call<{ id: string }>('clusters:create', { spec: smallCluster({ name: `http-${trial}-${i}` }) }),
        );
        const fromCli = [
          runCliProcess(['clusters', 'import', clusterFile(files, `cli-${trial}-a`), '--data-dir', dataDir]),
          runCliProcess(['clusters', 'import', clusterFile(files, `cli-${trial}-b`), '--data-dir', dataDir]),
        ];
        for (const answer of await Promise.all(overHttp)) {
          expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
          acknowledged.push(answer.data!.id);
        }
        acknowledged.push(...(await Promise.all(fromCli)).map(acknowledgedId));
        expect(missing(acknowledged, await savedIds(dataDir)), `trial ${trial}`).toEqual([]);
      }
      // serve itself sees everything the CLI wrote.
      const listed = await serve.call<{ id: string }[]>('clusters:list');
      expect(missing(acknowledged, new Set(listed.data!.map((c) => c.id)))).toEqual([]);
    } finally {
      await serve.stop();
    }
  });

  it('CLI imports while serve runs a batch and saves its results', { timeout: 400_000 }, async () => {
    const dataDir = tempDir();
    const files = tempDir();
    const serve = await startServeProcess(dataDir);
    try {
      const sample = await serve.call<{ experimentId: string }>('studio:sample');
      expect(sample.ok).toBe(true);
      const acknowledged: string[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        const started = await serve.call<{ id: string }>('experiments:run', { id: sample.data!.experimentId });
        expect(started.ok, JSON.stringify(started.error)).toBe(true);
        for (let round = 0; round < 2; round++) {
          const imports = await Promise.all(
            Array.from({ length: 4 }, (_, i) => runCliProcess(['clusters', 'import', clusterFile(files, `t${trial}-${round}-${i}`), '--data-dir', dataDir])),
          );
          acknowledged.push(...imports.map(acknowledgedId));
        }
        // Wait for the batch to save its last run, then look for every import.
        for (;;) {
          const batch = await serve.call<{ status: string; finished: number; runs: number }>('batches:get', { id: started.data!.id });
          if (batch.data!.status !== 'running') {
            expect(batch.data).toMatchObject({ status: 'finished' });
            expect(batch.data!.finished).toBe(batch.data!.runs);
            break;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(missing(acknowledged, await savedIds(dataDir)), `trial ${trial}`).toEqual([]);
      }
    } finally {
      await serve.stop();
    }
  });
});
