import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addedSchedulerCards, choiceLabel, descriptionOf, hiddenOptions, schedulerLabel, SchedulerSpecSchema } from '@shared/schedulers';
import { loadSchedulerFile } from '../../../src-main/runner/pluginFile';
import { PluginRunError } from '../../../src-main/runner/pluginGuard';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { Simulation } from '../../../src-main/engine/run/kernel';
import { cluster, cpuOnly, job, options, run } from '../../helpers/engineFixtures';

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

describe("a scheduler file's notes and its explain answers", () => {
  const write = (name: string, text: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, text);
    return at;
  };
  const withNotes = (kind: string, notes: string) =>
    `export default { kind: '${kind}', title: '${kind}', capacity: 'slots', labels: {}, notes: ${notes}, create() { return { name: 'x', onHeartbeat() {} }; } };\n`;

  it('refuses notes that are not short lines, naming the line and the problem', async () => {
    await expect(loadSchedulerFile(write('notes-long.scheduler.js', withNotes('notes-long', `['fine', '${'n'.repeat(301)}']`)))).rejects.toThrow(
      /notes-long\.scheduler\.js: notes\.1: must be at most 300 characters/,
    );
    await expect(loadSchedulerFile(write('notes-many.scheduler.js', withNotes('notes-many', JSON.stringify(Array(9).fill('a line')))))).rejects.toThrow(
      /notes-many\.scheduler\.js: notes: must be at most 8 lines/,
    );
    await expect(loadSchedulerFile(write('notes-break.scheduler.js', withNotes('notes-break', `['one\\ntwo']`)))).rejects.toThrow(
      /notes-break\.scheduler\.js: notes\.0: must not hold control characters/,
    );
    await expect(loadSchedulerFile(write('notes-text.scheduler.js', withNotes('notes-text', `'one line'`)))).rejects.toThrow(
      /notes-text\.scheduler\.js: notes: must be a list/,
    );
    const loaded = await loadSchedulerFile(write('notes-ok.scheduler.js', withNotes('notes-ok', `['  Takes jobs in turn.  ']`)));
    expect(addedSchedulerCards().find((c) => c.kind === loaded.kind)?.notes).toEqual(['Takes jobs in turn.']);
  });

  const withShownWhen = (kind: string, shownWhen: string) =>
    `export default { kind: '${kind}', title: '${kind}', capacity: 'slots',
      options: (z) => ({ policy: z.enum(['plain', 'sliding']).default('plain'), window: z.number().min(1).default(10) }),
      labels: { policy: 'Policy', window: 'Window s' }, shownWhen: ${shownWhen}, create() { return { name: 'x', onHeartbeat() {} }; } };\n`;

  it('shows an option only under the settings the file names, and refuses a value its option can never hold, naming the field', async () => {
    await expect(loadSchedulerFile(write('shown-typo.scheduler.js', withShownWhen('shown-typo', `{ window: { policy: ['Sliding'] } }`)))).rejects.toThrow(
      /shown-typo\.scheduler\.js: .*shownWhen\.window\.policy: "Sliding" is not one of its choices \("plain", "sliding"\)/,
    );
    await expect(loadSchedulerFile(write('shown-none.scheduler.js', withShownWhen('shown-none', `{ width: { policy: ['sliding'] } }`)))).rejects.toThrow(
      /shown-none\.scheduler\.js: .*shownWhen\.width: names no option of this scheduler/,
    );
    await expect(loadSchedulerFile(write('shown-list.scheduler.js', withShownWhen('shown-list', `{ window: 'sliding' }`)))).rejects.toThrow(
      /shown-list\.scheduler\.js: shownWhen\.window: /,
    );
    const loaded = await loadSchedulerFile(write('shown-ok.scheduler.js', withShownWhen('shown-ok', `{ window: { policy: ['sliding'] } }`)));
    const d = descriptionOf(loaded.kind);
    expect(hiddenOptions(d.shownWhen, SchedulerSpecSchema.parse({ kind: 'shown-ok' }))).toEqual(['window']);
    expect(hiddenOptions(d.shownWhen, SchedulerSpecSchema.parse({ kind: 'shown-ok', policy: 'sliding' }))).toEqual([]);
  });

  const withWords = (kind: string, words: string) =>
    `export default { kind: '${kind}', title: 'Worded', capacity: 'slots',
      options: (z) => ({ policy: z.enum(['plain', 'sliding']).default('plain') }),
      labels: { policy: 'Policy' }, ${words}, create() { return { name: 'x', onHeartbeat() {} }; } };\n`;

  it('shows choices in the words the file gives and names runs by the options it lists, refusing words for what it has not', async () => {
    await expect(
      loadSchedulerFile(write('words-typo.scheduler.js', withWords('words-typo', `choiceLabels: { policy: { slidng: 'A sliding window' } }`))),
    ).rejects.toThrow(/words-typo\.scheduler\.js: .*choiceLabels\.policy\.slidng: is not one of its choices/);
    await expect(loadSchedulerFile(write('words-none.scheduler.js', withWords('words-none', `labelOptions: ['window']`)))).rejects.toThrow(
      /words-none\.scheduler\.js: .*labelOptions\.0: "window" names no option of this scheduler/,
    );
    const loaded = await loadSchedulerFile(
      write(
        'words-ok.scheduler.js',
        withWords('words-ok', `choiceLabels: { policy: { plain: 'Every job alike', sliding: 'A sliding window' } }, labelOptions: ['policy']`),
      ),
    );
    expect(choiceLabel(loaded.kind, 'policy', 'sliding')).toBe('A sliding window');
    expect(schedulerLabel(SchedulerSpecSchema.parse({ kind: 'words-ok', policy: 'sliding' }))).toBe('Worded (policy: a sliding window)');
  });

  it("makes a file's explain sentences the why-not reasons under its title, and names a wrong answer's problem", async () => {
    const explaining = (kind: string, answer: string) =>
      `export default { kind: '${kind}', title: 'Says why', capacity: 'slots', labels: {}, create() { return { name: 'x', onHeartbeat() {}, explain(job) { return ${answer}; } }; } };\n`;
    await loadSchedulerFile(write('says.scheduler.js', explaining('says-why', "['it waits for its turn', ' job ' + job + ' ']")));
    const policy = createScheduler(SchedulerSpecSchema.parse({ kind: 'says-why', mapSlots: 1, reduceSlots: 1 }));
    // The engine's own view of four jobs on two idle servers: the studio sees room on every node, so only the file's words are said.
    const jobs = ['a', 'b', 'c', 'd'].map((id) => job(id, cpuOnly(10), { maps: 2 }));
    const view = new Simulation({ topology: cluster(1, 2, { cores: 2 }), jobs, options: options(), seed: 1, scheduler: policy }).view;
    expect(policy.explain!(3, 0, view)).toEqual([
      { kind: 'ownWords', scheduler: 'Says why', text: 'it waits for its turn' },
      { kind: 'ownWords', scheduler: 'Says why', text: 'job 3' },
    ]);
    for (const [kind, answer, problem] of [
      ['says-text', "'a sentence'", 'must return a list of sentences (strings), not string'],
      ['says-number', '[1]', 'sentence 1 must be a string, not number'],
      ['says-empty', "['ok', '  ']", 'sentence 2 is empty'],
      ['says-long', `['${'w'.repeat(301)}']`, 'sentence 1 must be at most 300 characters, not 301'],
    ] as const) {
      await loadSchedulerFile(write(`${kind}.scheduler.js`, explaining(kind, answer)));
      const wrong = createScheduler(SchedulerSpecSchema.parse({ kind, mapSlots: 1, reduceSlots: 1 }));
      expect(() => wrong.explain!(0, 0, view)).toThrow(new PluginRunError(`scheduler "${kind}" (${kind}.scheduler.js) explain: ${problem}`));
    }
  });
});
