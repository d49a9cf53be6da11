import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadedPlugins, loadSchedulerFile, PluginFileError } from '../../../src-main/runner/pluginFile';
import { RunPool } from '../../../src-main/runner/runPool';
import { useTempDirs } from '../../helpers/tempDir';
import { runsOfKind } from '../../helpers/pluginRuns';

const tempDir = useTempDirs();

/** A FIFO-like plug-in whose heartbeat, past 30 s of simulated time, writes `marker` and never returns. */
const runawayText = (marker: string) => `import * as fs from 'node:fs';
export default {
  kind: 'runaway',
  title: 'Runaway',
  capacity: 'slots',
  create() {
    return {
      name: 'runaway',
      onHeartbeat(node, view) {
        if (view.now > 30) {
          fs.writeFileSync(${JSON.stringify(marker)}, 'looping');
          for (;;) {}
        }
        for (const j of view.activeJobs) {
          const t = view.findMap(j, node, 3, { level: 0 }, false);
          if (t >= 0) view.launch(t, node, { kind: 'profiling' });
        }
      },
    };
  },
};
`;

/** A scheduler file is code that runs with the user's rights: one that never returns must not take the studio with it. */
describe('a scheduler file that never returns', () => {
  it('is not loaded when its top level never ends, saying so, and the studio goes on', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'stuck.scheduler.js');
    fs.writeFileSync(file, "for (;;) {}\nexport default { kind: 'stuck', title: 'Stuck', capacity: 'slots', create() {} };\n");
    const refused = await loadSchedulerFile(file, { loadLimitMs: 300 }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PluginFileError);
    expect((refused as Error).message).toBe(
      `${file}: its top level was still running after 0.3 s (a loop that never ends?), so it was not loaded: a scheduler file defines its scheduler and returns`,
    );
    expect(loadedPlugins().some((p) => p.kind === 'stuck')).toBe(false);
  });

  it('has its run ended when a cancel finds it looping: the run fails saying why, and the batch ends', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'runaway.scheduler.js');
    const marker = path.join(dir, 'looping');
    fs.writeFileSync(file, runawayText(marker));
    await loadSchedulerFile(file);
    const runs = runsOfKind('runaway', 40, [1]);
    const pool = new RunPool({ threads: 1 });
    const cancel = new AbortController();
    const errors: string[] = [];
    const done: number[] = [];
    try {
      const running = pool.runAll(
        runs,
        { withAttempts: false, signal: cancel.signal, stopGraceMs: 500 },
        { onDone: (k) => void done.push(k), onError: (_k, err) => void errors.push(err.message) },
      );
      // Cancelled once the policy says it is in its loop, where the stop flag can no longer reach it.
      await expect.poll(() => fs.existsSync(marker), { timeout: 60_000, interval: 20 }).toBe(true);
      cancel.abort();
      expect(await running).toEqual({ cancelled: true });
    } finally {
      await pool.close();
    }
    expect(done).toEqual([]);
    expect(errors).toEqual([
      'its scheduler did not stop within 0.5 s of the cancel (it never returned), so its thread was ended and nothing of the run was kept',
    ]);
  });
});
