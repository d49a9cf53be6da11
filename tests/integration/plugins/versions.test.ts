import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchedulerFile } from '../../../src-main/runner/pluginFile';
import { RunPool } from '../../../src-main/runner/runPool';
import { useTempDirs } from '../../helpers/tempDir';
import { runsOfKind } from '../../helpers/pluginRuns';

const tempDir = useTempDirs();

/**
 * One kind in two versions: the first places maps in order once `gate` exists (so a run of it ends
 * only after the test has loaded the second); the second (its policy only changed) refuses to run.
 */
const versionText = (second: boolean, gate: string) => `import * as fs from 'node:fs';
export default {
  kind: 'two-versions',
  title: 'Two versions',
  capacity: 'slots',
  create() {
    ${second ? "throw new Error('the second version ran');" : ''}
    return {
      name: 'two-versions',
      onHeartbeat(node, view) {
        while (!fs.existsSync(${JSON.stringify(gate)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        for (const j of view.activeJobs) {
          const t = view.findMap(j, node, 3, { level: 0 }, false);
          if (t >= 0) view.launch(t, node, { kind: 'profiling' });
        }
      },
    };
  },
};
`;

/** The two versions' files, each in a folder of its own under `dir` (the same file name, as a user's new version has). */
function versionFiles(dir: string, gate: string): [string, string] {
  const [first, second] = ['first', 'second'].map((name, k) => {
    const file = path.join(dir, name, 'two.scheduler.js');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, versionText(k === 1, gate));
    return file;
  });
  return [first, second];
}

/** docs/plugins.md "Where it runs": a new version of a scheduler file added while a batch runs waits for the next batch. */
describe('a scheduler file replaced while a batch runs', () => {
  it('leaves the batch on the version it began with, in every run', async () => {
    const dir = tempDir();
    const gate = path.join(dir, 'second-loaded');
    const [first, second] = versionFiles(dir, gate);
    await loadSchedulerFile(first);
    const runs = runsOfKind('two-versions', 8, [1, 2, 3]);
    // One thread: the second and third runs go to it only after the first has ended, which waits for the second version.
    const pool = new RunPool({ threads: 1 });
    const done: number[] = [];
    const errors: string[] = [];
    try {
      await pool.runAll(
        runs,
        { withAttempts: false },
        {
          onStart: (k) => void (k === 0 && loadSchedulerFile(second).then(() => fs.writeFileSync(gate, 'loaded'))),
          onDone: (k) => void done.push(k),
          onError: (_k, err) => void errors.push(err.message),
        },
      );
    } finally {
      await pool.close();
    }
    expect(errors).toEqual([]);
    expect(done).toEqual([0, 1, 2]);
  });

  it('leaves a batch run in this thread (no worker bundle) on the version it began with too', async () => {
    const dir = tempDir();
    const gate = path.join(dir, 'open');
    fs.writeFileSync(gate, 'no wait here');
    const [first, second] = versionFiles(dir, gate);
    await loadSchedulerFile(first);
    const pool = new RunPool({ workerFile: null });
    expect(pool.inProcess).toBe(true);
    const done: number[] = [];
    const errors: string[] = [];
    // The second version arrives while the first run's outcome is being saved, between two runs.
    await pool.runAll(
      runsOfKind('two-versions', 8, [1, 2, 3]),
      { withAttempts: false },
      {
        onDone: async (k) => {
          done.push(k);
          if (k === 0) await loadSchedulerFile(second);
        },
        onError: (_k, err) => void errors.push(err.message),
      },
    );
    expect(errors).toEqual([]);
    expect(done).toEqual([0, 1, 2]);
  });
});
