import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { serializeClusterFile } from '@shared/cluster/clusterFile';
import { Store } from '../../src-main/store/database';
import { CLI_ENTRY } from '../helpers/processes';
import { useTempDirs } from '../helpers/tempDir';

/**
 * Writers killed without warning at random moments while another writer works on the same folder.
 * After every kill the store must open cleanly with every acknowledged import in it, and no temp
 * file or lock of the dead writer may stay in the way. CI runs a reduced loop; `npm run
 * test:stress` runs the full one (STRESS_FULL=1, 120 cycles).
 */
const CYCLES = process.env.STRESS_FULL === '1' ? 120 : 30;
const tempDir = useTempDirs();

/** A deterministic schedule of kill delays (ms), so a failing cycle can be run again as it was. */
function* delays(seed: number): Generator<number> {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    yield 150 + (x % 900);
  }
}

function importProcess(dataDir: string, file: string) {
  const child = spawn(process.execPath, [CLI_ENTRY, 'clusters', 'import', file, '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, out })),
  );
  return { child, done };
}

describe('writers killed mid-save', () => {
  it(`keep the store whole and every acknowledged write in it (${CYCLES} kills)`, { timeout: CYCLES * 20_000 }, async () => {
    const dataDir = tempDir();
    const files = tempDir();
    // ~1,000 hosts make each save a few hundred kB, so kills land inside writes.
    const file = path.join(files, 'big.cluster.json');
    const params = UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'big', racks: 10, hostsPerRack: 100 });
    fs.writeFileSync(file, serializeClusterFile(ClusterSpecSchema.parse(generateUniformCluster(params)), new Date(0).toISOString()));

    const acknowledged: string[] = [];
    const schedule = delays(42);
    let killedMidWay = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const victim = importProcess(dataDir, file);
      const survivor = importProcess(dataDir, file);
      await new Promise((r) => setTimeout(r, schedule.next().value));
      victim.child.kill('SIGKILL');
      const [v, s] = await Promise.all([victim.done, survivor.done]);
      expect(s.code, `cycle ${cycle}: the survivor`).toBe(0);
      for (const r of [v, s]) {
        const id = /\(([0-9a-f-]{36})\)\s*$/.exec(r.out.trim())?.[1];
        if (id) acknowledged.push(id);
      }
      if (v.signal === 'SIGKILL' && !v.out) killedMidWay++;

      const store = await Store.open({ dataDir });
      try {
        expect(store.status().state, `cycle ${cycle}`).toBe('ok');
        const ids = new Set(store.read((db) => db.exec('SELECT id FROM clusters')[0]?.values.map((row) => String(row[0])) ?? []));
        expect(
          acknowledged.filter((id) => !ids.has(id)),
          `cycle ${cycle}: lost`,
        ).toEqual([]);
      } finally {
        store.close();
      }
    }
    // The schedule must actually interrupt writers, or this test proves nothing.
    expect(killedMidWay).toBeGreaterThan(CYCLES / 4);
    // A killed save's temp file stays until the next write, which removes it under the lock.
    const last = await importProcess(dataDir, file).done;
    expect(last.code).toBe(0);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(fs.readdirSync(dataDir).filter((f) => f.endsWith('.lock') || f.endsWith('.lock-owner'))).toEqual([]);
  });
});
