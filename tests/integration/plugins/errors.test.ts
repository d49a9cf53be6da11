import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addedSchedulerCards, SchedulerSpecSchema } from '@shared/schedulers';
import { loadSchedulerFile } from '../../../src-main/runner/pluginFile';
import { PluginRunError } from '../../../src-main/runner/pluginGuard';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

/** A FIFO-like policy whose heartbeat reads a job that does not exist once the clock passes 5 s (line 6 of the file as first written). */
const body = (kind: string) => `
  kind: '${kind}', title: 'Breaks at 5 s', capacity: 'slots', labels: {},
  create(spec, studio) {
    return { name: 'Breaks at 5 s', onHeartbeat(node, view) {
      if (view.now > 5) {
        return view.job(99999).id;
      }
      for (const j of [...view.mapPendingJobs()]) while (studio.freeMapSlots(view, node) > 0 && studio.launchMap(view, j, node, 'first come')) {}
    } };
  },`;
const PLAIN = `export default {${body('breaks-plain')}\n};\n`;
/** The same through the studio's module, which the studio compiles with esbuild: its line is told in this file, not esbuild's output. */
const THROUGH_API = `import { defineScheduler } from 'workload-studio/scheduler';\n\n\nexport default defineScheduler({${body('breaks-api')}\n});\n`;

let dir = '';
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-errors-'));
  fs.writeFileSync(path.join(dir, 'plain.scheduler.js'), PLAIN);
  fs.writeFileSync(path.join(dir, 'api.scheduler.js'), THROUGH_API);
  await loadSchedulerFile(path.join(dir, 'plain.scheduler.js'));
  await loadSchedulerFile(path.join(dir, 'api.scheduler.js'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a scheduler file's own error during a run", () => {
  const topo = cluster(1, 2, { cores: 2 });
  const jobs = [job('a', cpuOnly(20), { maps: 40 })];
  for (const [kind, file, line] of [
    ['breaks-plain', 'plain.scheduler.js', 6],
    ['breaks-api', 'api.scheduler.js', 9],
  ] as const) {
    it(`names the file, the hook, the moment, the node and the line of ${file}`, () => {
      const policy = createScheduler(SchedulerSpecSchema.parse({ kind, mapSlots: 2, reduceSlots: 1 }));
      let thrown: unknown;
      try {
        run(topo, jobs, policy, { heartbeatS: 1 });
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(PluginRunError);
      const message = (thrown as Error).message;
      expect(message).toMatch(
        new RegExp(
          `^scheduler "${kind}" \\(${file.replace('.', '\\.')}\\) failed in onHeartbeat at \\d+\\.\\d s, node \\S+, line ${line}: Cannot read properties of undefined`,
        ),
      );
      // The moment is after the clock passed 5 s, as the file's condition says.
      expect(Number(/at (\d+\.\d) s/.exec(message)![1])).toBeGreaterThan(5);
    });
  }
});

describe('the longest kind and title a scheduler file may have', () => {
  it('loads a file at both limits (40 characters of kind, 80 of title) and refuses one past them, naming the field', async () => {
    const kind = `k${'-x'.repeat(19)}x`;
    const title = 'T'.repeat(80);
    expect(kind).toHaveLength(40);
    const file = (name: string, k: string, t: string) => {
      const at = path.join(dir, name);
      fs.writeFileSync(
        at,
        `export default { kind: '${k}', title: '${t}', capacity: 'slots', labels: {}, create() { return { name: 'x', onHeartbeat() {} }; } };\n`,
      );
      return at;
    };
    const loaded = await loadSchedulerFile(file('longest.scheduler.js', kind, title));
    expect(loaded).toMatchObject({ kind, title });
    expect(addedSchedulerCards().find((c) => c.kind === kind)?.title).toBe(title);
    await expect(loadSchedulerFile(file('kind41.scheduler.js', `${kind}y`, 'T'))).rejects.toThrow(
      /kind41\.scheduler\.js: kind: must be 2-40 lower-case letters/,
    );
    await expect(loadSchedulerFile(file('title81.scheduler.js', 'title-81', `${title}T`))).rejects.toThrow(
      /title81\.scheduler\.js: title: must be at most 80 characters/,
    );
  });
});
