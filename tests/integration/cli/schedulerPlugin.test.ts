import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultFile } from '@shared/experiment/experiment';
import Ajv2020 from 'ajv/dist/2020';
import { cli } from '../../helpers/cli';
import { runCliProcess } from '../../helpers/processes';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const ROOT = path.resolve(__dirname, '../../..');

/** What an editor does with a JavaScript scheduler file: TypeScript checks it against the published types, strictly. */
function typecheck(dir: string, file: string) {
  const args = ['--noEmit', '--allowJs', '--checkJs', '--strict', '--module', 'esnext', '--target', 'es2022', '--moduleResolution', 'bundler', file];
  return spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), ...args], { cwd: dir, encoding: 'utf8' });
}

/** docs/plugins.md: a scheduler the user brings as a file, from `scheduler new` to a run in worker threads. */
describe('a scheduler of your own from a file', () => {
  it('is written by scheduler new, runs from the CLI in one thread and in several with the same bytes, and behaves as the FIFO it copies', async () => {
    const dir = tempDir();
    const made = await cli(['scheduler', 'new', 'my-fifo', '--out', dir]);
    expect(made.code).toBe(0);
    const policy = path.join(dir, 'my-fifo.scheduler.js');
    const experiment = path.join(dir, 'my-fifo.experiment.json');
    expect(fs.existsSync(policy) && fs.existsSync(experiment)).toBe(true);
    // Never overwritten.
    expect(await cli(['scheduler', 'new', 'my-fifo', '--out', dir])).toMatchObject({
      code: 2,
      err: expect.stringMatching(
        /my-fifo\.scheduler\.js, \S*my-fifo\.experiment\.json and \S*my-fifo\.scheduler\.test\.mjs already exist: nothing was written/,
      ),
    });
    // A built-in's kind would be refused when the file is loaded: refused before it is written.
    expect(await cli(['scheduler', 'new', 'fifo', '--out', dir])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/"fifo" is the kind of a built-in scheduler \(FIFO \(Hadoop 1\)\): pick another name/),
    });
    expect(fs.existsSync(path.join(dir, 'fifo.scheduler.js'))).toBe(false);

    const one = path.join(dir, 'one.json');
    const two = path.join(dir, 'two.json');
    const first = await cli(['run', experiment, '--scheduler', policy, '--threads', '1', '--out', one]);
    expect(first.code, first.err).toBe(0);
    expect(first.err).toMatch(/loaded scheduler "my-fifo" \(my-fifo \(first come, first served\)\) from .*my-fifo\.scheduler\.js, sha256 [0-9a-f]{12}…/);
    expect((await cli(['run', experiment, '--scheduler', policy, '--threads', '2', '--out', two])).code).toBe(0);
    expect(fs.readFileSync(two)).toEqual(fs.readFileSync(one));

    const result = JSON.parse(fs.readFileSync(one, 'utf8')) as ResultFile;
    const summaries = (kind: string) => result.runs.filter((r) => r.kind === kind).map((r) => r.summary);
    expect(summaries('my-fifo')).toHaveLength(2);
    for (const s of summaries('my-fifo')) expect(s.succeeded).toBe(20);
    // What it counted (its report): every map of the twenty jobs, each launched once (no attempt failed).
    for (const r of result.runs.filter((x) => x.kind === 'my-fifo'))
      expect(r.summary.ownFigures).toEqual([{ name: 'maps launched', value: r.jobs.reduce((n, j) => n + (j.maps ?? 0), 0) }]);
    // It hands out slots as Hadoop's FIFO does, so it schedules exactly as FIFO.
    expect(summaries('my-fifo').map((s) => [s.meanJct, s.makespan])).toEqual(summaries('fifo').map((s) => [s.meanJct, s.makespan]));

    // The result names the file and the bytes it ran with; its experiment reruns from that list alone, to the same bytes.
    const sha256 = /sha256 ([0-9a-f]{12})…/.exec(first.err)![1];
    expect(result.inputs?.plugins).toEqual([
      {
        file: 'my-fifo.scheduler.js',
        sha256: expect.stringMatching(new RegExp(`^${sha256}[0-9a-f]{52}$`)),
        // What the designer showed of it, which names its runs where the file is not loaded.
        card: expect.objectContaining({ kind: 'my-fifo', capacity: 'slots', labels: expect.objectContaining({ mapsPerBeat: 'Maps per heartbeat' }) }),
      },
    ]);
    const again = path.join(dir, 'again.experiment.json');
    fs.writeFileSync(again, JSON.stringify(result.inputs));
    const rerun = path.join(dir, 'rerun.json');
    expect((await cli(['run', again, '--out', rerun])).code).toBe(0);
    expect(fs.readFileSync(rerun)).toEqual(fs.readFileSync(one));

    // Asked to, the result carries the file's text: it alone reruns to the same runs, and a text
    // that is not the one the hash names is refused.
    const embeddedOut = path.join(dir, 'embedded.json');
    expect((await cli(['run', experiment, '--scheduler', policy, '--embed-plugins', '--out', embeddedOut])).code).toBe(0);
    const embedded = JSON.parse(fs.readFileSync(embeddedOut, 'utf8')) as ResultFile;
    expect(embedded.inputs?.plugins).toEqual([
      {
        file: 'my-fifo.scheduler.js',
        sha256: result.inputs!.plugins![0].sha256,
        source: fs.readFileSync(policy, 'utf8'),
        card: result.inputs!.plugins![0].card,
      },
    ]);
    const alone = tempDir();
    fs.writeFileSync(path.join(alone, 'from-result.experiment.json'), JSON.stringify(embedded.inputs));
    const fromText = path.join(alone, 'again.json');
    expect((await cli(['run', path.join(alone, 'from-result.experiment.json'), '--out', fromText])).code).toBe(0);
    expect((JSON.parse(fs.readFileSync(fromText, 'utf8')) as ResultFile).runs).toEqual(result.runs);
    const tampered = { ...embedded.inputs, plugins: [{ ...embedded.inputs!.plugins![0], source: `${embedded.inputs!.plugins![0].source}// changed\n` }] };
    fs.writeFileSync(path.join(alone, 'tampered.experiment.json'), JSON.stringify(tampered));
    expect(await cli(['run', path.join(alone, 'tampered.experiment.json')])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/plugins\.0\.source: is not the text the result ran with: its SHA-256 is [0-9a-f]{12}…, the result names [0-9a-f]{12}…/),
    });

    // A changed file refuses to rerun it, naming both hashes.
    const elsewhere = tempDir();
    fs.writeFileSync(path.join(elsewhere, 'my-fifo.scheduler.js'), `${fs.readFileSync(policy, 'utf8')}// changed\n`);
    fs.writeFileSync(path.join(elsewhere, 'again.experiment.json'), JSON.stringify(result.inputs));
    expect(await cli(['run', path.join(elsewhere, 'again.experiment.json')])).toMatchObject({
      code: 2,
      err: expect.stringMatching(
        new RegExp(`my-fifo\\.scheduler\\.js has changed since this experiment ran with it: its SHA-256 was ${sha256}…, it is [0-9a-f]{12}… now`),
      ),
    });
  });

  it("reruns and explains a plug-in's result from the file it lists, and reads, reports and compares it without the file", async () => {
    const dir = tempDir();
    expect((await cli(['scheduler', 'new', 'mine', '--out', dir])).code).toBe(0);
    const result = path.join(dir, 'mine.json');
    const first = await runCliProcess([
      'run',
      path.join(dir, 'mine.experiment.json'),
      '--scheduler',
      path.join(dir, 'mine.scheduler.js'),
      '--threads',
      '1',
      '--out',
      result,
    ]);
    expect(first.code, first.err).toBe(0);
    // The result alone reruns: it lists its file, found beside it, to the same bytes.
    const again = path.join(dir, 'again.json');
    const rerun = await runCliProcess(['run', result, '--threads', '1', '--out', again]);
    expect(rerun.code, rerun.err).toBe(0);
    expect(fs.readFileSync(again)).toEqual(fs.readFileSync(result));
    const json0 = () => JSON.parse(fs.readFileSync(result, 'utf8')) as ResultFile;
    // Written into another folder, it names the file from there, and reruns from there.
    const other = tempDir();
    const there = path.join(other, 'mine.json');
    expect(
      (await runCliProcess(['run', path.join(dir, 'mine.experiment.json'), '--scheduler', path.join(dir, 'mine.scheduler.js'), '--out', there])).code,
    ).toBe(0);
    const listed = (JSON.parse(fs.readFileSync(there, 'utf8')) as ResultFile).inputs!.plugins!;
    expect(listed.map((p) => p.file)).toEqual([path.relative(other, path.join(dir, 'mine.scheduler.js')).split(path.sep).join('/')]);
    const fromThere = await runCliProcess(['run', there, '--out', path.join(other, 'again.json')]);
    expect(fromThere.code, fromThere.err).toBe(0);
    expect((JSON.parse(fs.readFileSync(path.join(other, 'again.json'), 'utf8')) as ResultFile).runs).toEqual(json0().runs);
    // Its schema takes the card of a file of one's own, and still holds a built-in's card to its options.
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const valid = ajv.compile(JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/result.schema.json'), 'utf8')));
    const json = JSON.parse(fs.readFileSync(result, 'utf8')) as ResultFile;
    expect(valid(json), JSON.stringify(valid.errors?.slice(0, 3))).toBe(true);
    const fifoCard = json.inputs!.schedulers.findIndex((c) => c.kind === 'fifo');
    const broken = structuredClone(json) as unknown as { inputs: { schedulers: Record<string, unknown>[] } };
    broken.inputs.schedulers[fifoCard].mapSlots = -1;
    expect(valid(broken)).toBe(false);

    // Elsewhere, without the file: a process that never loaded it reads, compares and reports the result.
    const away = tempDir();
    const moved = path.join(away, 'mine.json');
    fs.copyFileSync(result, moved);
    // Its runs go by the file's title, as the designer shows it, not by its kind.
    const mine = 'mine (first come, first served)';
    const speedup = await runCliProcess(['speedup', moved, '--of', mine]);
    expect(speedup.code, speedup.err).toBe(0);
    expect(speedup.out).toMatch(/^FIFO\s+40\s+1\.00x/m);
    expect((await runCliProcess(['locality', moved])).code).toBe(0);
    const report = await runCliProcess(['report', moved, '--format', 'json', '--out', away]);
    expect(report.code, report.err).toBe(0);
    // The report names its settings in the card's words, which the result recorded, not in the file's option keys.
    expect((await runCliProcess(['report', moved, '--format', 'html', '--out', away])).code).toBe(0);
    const html = fs.readFileSync(path.join(away, 'mine.report.html'), 'utf8');
    expect(html).toContain(`<li><strong>${mine}</strong> — ${mine}: Slot memory 200 MB · Maps per heartbeat 64</li>`);
    // And says what it could run at once, as for the built-ins beside it.
    expect(html).toContain('<td>Could run at once</td><td class="num wrap">64 map + 32 reduce slots</td>');
    // Explaining a run replays it: a built-in's runs replay, the plug-in's say which file it needs.
    const why = (run: string, ...more: string[]) => runCliProcess(['why', moved, '--job', 'g1', '--at', '10', '--run', run, ...more]);
    expect(await why('FIFO')).toMatchObject({ code: 0, out: expect.stringMatching(/^Why g1 got nothing around 10\.0 s — FIFO, seed 1/) });
    expect(await why(mine)).toMatchObject({
      code: 2,
      err: expect.stringContaining(
        `${path.join(away, 'mine.scheduler.js')}: no such file: the run "${mine}" replays with it; give the file with --scheduler FILE`,
      ),
    });
    expect(await why(mine, '--scheduler', path.join(dir, 'mine.scheduler.js'))).toMatchObject({
      code: 0,
      out: expect.stringContaining(`— ${mine}, seed 1`),
    });
    // Not with other code under its name: that would explain another run.
    fs.writeFileSync(path.join(away, 'mine.scheduler.js'), `${fs.readFileSync(path.join(dir, 'mine.scheduler.js'), 'utf8')}// changed\n`);
    expect(await why(mine, '--scheduler', path.join(away, 'mine.scheduler.js'))).toMatchObject({
      code: 2,
      err: expect.stringMatching(/mine\.scheduler\.js is not the file .*mine\.json ran with: its SHA-256 was [0-9a-f]{12}…, it is [0-9a-f]{12}… now/),
    });
    expect(await why(mine)).toMatchObject({ code: 2, err: expect.stringMatching(/has changed since this experiment ran with it/) });
  });

  it('gives the file written by scheduler new its published types, which check it, and refuses a file importing anything but the studio', async () => {
    const dir = tempDir();
    expect((await cli(['scheduler', 'new', 'typed-fifo', '--out', dir])).code).toBe(0);
    const policy = fs.readFileSync(path.join(dir, 'typed-fifo.scheduler.js'), 'utf8');
    expect(policy).toMatch(/^\/\/ @ts-check\n\/\/\/ <reference path="\.\/workload-studio-scheduler\.d\.ts" \/>/);
    expect(policy).toMatch(/import \{ defineScheduler \} from 'workload-studio\/scheduler';/);
    expect(fs.readFileSync(path.join(dir, 'workload-studio-scheduler.d.ts'), 'utf8')).toBe(
      fs.readFileSync(path.join(ROOT, 'resources/scheduler-api/workload-studio-scheduler.d.ts'), 'utf8'),
    );
    const checked = typecheck(dir, 'typed-fifo.scheduler.js');
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
    // A misspelt member of the view is what the types are for.
    fs.writeFileSync(path.join(dir, 'typed-fifo.scheduler.js'), policy.replaceAll('view.mapPendingJobs()', 'view.mapPendingJob()'));
    const wrong = typecheck(dir, 'typed-fifo.scheduler.js');
    expect(wrong.stdout).toMatch(/Property 'mapPendingJob' does not exist on type 'View'/);

    // The test it writes beside the policy passes on the policy as written, through the studio's command line.
    fs.writeFileSync(path.join(dir, 'typed-fifo.scheduler.js'), policy);
    const ran = spawnSync(process.execPath, ['--test', 'typed-fifo.scheduler.test.mjs'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, WORKLOAD_STUDIO: path.join(ROOT, 'bin/workload-studio.js') },
    });
    expect(ran.stdout).toMatch(/# pass 2\n/);
    expect(ran.status, ran.stdout + ran.stderr).toBe(0);
    // Without the studio where it looks, it says where to put it, not "spawnSync … ENOENT".
    for (const [studio, said] of [
      ['no-such-studio-command', 'cannot start "no-such-studio-command"'],
      [path.join(dir, 'missing/bin/workload-studio.js'), `there is no ${path.join(dir, 'missing/bin/workload-studio.js')}`],
    ]) {
      const lost = spawnSync(process.execPath, ['--test', 'typed-fifo.scheduler.test.mjs'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, WORKLOAD_STUDIO: studio },
      });
      expect(lost.status).not.toBe(0);
      expect(lost.stdout).toContain(
        `${said}: put workload-studio on the PATH, or set WORKLOAD_STUDIO to its command or to the path of its bin/workload-studio.js`,
      );
      expect(lost.stdout).not.toMatch(/ENOENT|Cannot find module/);
    }

    // The file is what runs: one that imports another module is refused, saying what it may import.
    const importing = path.join(dir, 'importing.scheduler.js');
    fs.writeFileSync(
      importing,
      `import { defineScheduler } from 'workload-studio/scheduler';\nimport helper from './helper.js';\nexport default defineScheduler(helper);\n`,
    );
    const refused = await cli(['scheduler', 'check', importing]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/imports "\.\/helper\.js": a scheduler file imports only workload-studio\/scheduler and Node's own modules/);
  });

  it("takes a TypeScript file, compiled by esbuild, its hash the source's", async () => {
    const dir = tempDir();
    const file = path.join(dir, 'typed.scheduler.ts');
    fs.writeFileSync(
      file,
      `interface View { mapPendingJobs(): readonly number[]; reduceReadyJobs(): readonly number[] }
interface Studio {
  freeMapSlots(v: View, n: number): number;
  freeReduceSlots(v: View, n: number): number;
  launchMap(v: View, j: number, n: number, rule: string): boolean;
  launchReduce(v: View, j: number, n: number, rule: string): boolean;
}
const rule: string = 'takes the newest job first';
export default {
  kind: 'typed-newest',
  title: 'Newest first (TypeScript)',
  capacity: 'slots' as const,
  create(_spec: Record<string, unknown>, studio: Studio) {
    return {
      name: 'typed-newest',
      onHeartbeat(node: number, view: View): void {
        let maps: number = studio.freeMapSlots(view, node);
        for (const job of [...view.mapPendingJobs()].reverse()) {
          while (maps > 0 && studio.launchMap(view, job, node, rule)) maps--;
        }
        let reduces: number = studio.freeReduceSlots(view, node);
        for (const job of [...view.reduceReadyJobs()]) {
          while (reduces > 0 && studio.launchReduce(view, job, node, rule)) reduces--;
        }
      },
    };
  },
};
`,
    );
    const experiment = path.join(dir, 'e.json');
    const design = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../docs/examples/baselines.experiment.json'), 'utf8')) as Record<string, unknown>;
    fs.copyFileSync(path.resolve(__dirname, '../../../docs/examples/small.cluster.json'), path.join(dir, 'small.cluster.json'));
    fs.writeFileSync(experiment, JSON.stringify({ ...design, schedulers: [{ kind: 'typed-newest' }], seeds: [1], plugins: [{ file: 'typed.scheduler.ts' }] }));
    const out = path.join(dir, 'r.json');
    const ran = await cli(['run', experiment, '--out', out]);
    expect(ran.code, ran.err).toBe(0);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as ResultFile;
    expect(result.runs[0].summary.succeeded).toBe(result.runs[0].summary.jobs);
    const sha = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    expect(result.inputs?.plugins).toEqual([{ file: 'typed.scheduler.ts', sha256: sha, card: expect.objectContaining({ kind: 'typed-newest' }) }]);
  });

  it("checks that a file's engine hints change nothing, and names the first job a wrong hint moves", async () => {
    const example = path.resolve(__dirname, '../../../docs/examples/schedulers/locality-greedy.scheduler.js');
    expect(await cli(['scheduler', 'check', example])).toMatchObject({
      code: 0,
      out: expect.stringMatching(/the same schedule in both runs with every heartbeat simulated/),
    });
    // A hint that claims every node can place nothing: the engine passes over beats that would place maps.
    const dir = tempDir();
    const wrong = path.join(dir, 'wrong.scheduler.js');
    fs.writeFileSync(
      wrong,
      fs
        .readFileSync(example, 'utf8')
        .replace("kind: 'locality-greedy'", "kind: 'wrong-hint'")
        .replace("name: 'locality-greedy',", "name: 'wrong-hint',\n      nodePlacesNothing: (node, view) => view.now > 30,"),
    );
    const checked = await cli(['scheduler', 'check', wrong]);
    expect(checked.code).toBe(1);
    expect(checked.out).toMatch(
      /the engine hints of .*wrong\.scheduler\.js change its results: Locality first, no waiting \(example\), seed 1: job "g\d+" is .* with the hints but .* with every heartbeat simulated/,
    );
  });

  it("loads a file of ES module syntax beside a package.json that declares no type without Node's advice to edit it, in the main thread and the runs' threads", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'lab-tools', private: true }));
    const file = path.join(dir, 'shortest.scheduler.js');
    fs.copyFileSync(path.join(ROOT, 'docs/examples/schedulers/shortest-job-first.scheduler.js'), file);
    expect(await cli(['scheduler', 'new', 'mine', '--out', dir])).toMatchObject({ code: 0 });
    const experiment = path.join(dir, 'mine.experiment.json');
    const design = JSON.parse(fs.readFileSync(experiment, 'utf8')) as { schedulers: { kind: string }[] };
    fs.writeFileSync(experiment, JSON.stringify({ ...design, schedulers: [{ kind: 'shortest-job-first' }, { kind: 'fifo' }] }));
    const warned = /MODULE_TYPELESS_PACKAGE_JSON|package\.json|Warning/;
    const checked = await runCliProcess(['scheduler', 'check', file]);
    expect(checked.code, checked.err).toBe(0);
    expect(checked.err).not.toMatch(warned);
    const ran = await runCliProcess(['run', experiment, '--scheduler', file, '--threads', '2', '--out', path.join(dir, 'out.json')]);
    expect(ran.code, ran.err).toBe(0);
    expect(ran.err).toMatch(/loaded scheduler "shortest-job-first"/);
    expect(ran.err).not.toMatch(warned);
  });

  it('refuses a file it cannot use, naming the file and the field', async () => {
    const dir = tempDir();
    const experiment = path.join(dir, 'e.json');
    fs.writeFileSync(experiment, '{}');
    const write = (name: string, text: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    };
    const noLabel = write(
      'a.scheduler.js',
      "export default { kind: 'a-b', title: 'A', capacity: 'slots', options: (z) => ({ n: z.number().default(1) }), create() { return { name: 'a', onHeartbeat() {} }; } };",
    );
    expect(await cli(['run', experiment, '--scheduler', noLabel])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/a\.scheduler\.js: labels\.n: every option needs a label/),
    });
    const badKind = write('b.scheduler.js', "export default { kind: 'Fair!', title: 'B', capacity: 'slots', create() {} };");
    expect(await cli(['run', experiment, '--scheduler', badKind])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/b\.scheduler\.js: kind: must be 2-40 lower-case letters/),
    });
    const builtIn = write('c.scheduler.js', "export default { kind: 'fair', title: 'C', capacity: 'slots', create() {} };");
    expect(await cli(['run', experiment, '--scheduler', builtIn])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/c\.scheduler\.js: a scheduler of kind "fair" is already in the studio/),
    });
    const broken = write('d.scheduler.js', 'export default {');
    expect(await cli(['run', experiment, '--scheduler', broken])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/d\.scheduler\.js: not valid JavaScript at line 1, column 17: Expected identifier but found end of file/),
    });
    // Compiled (TypeScript): the same, from esbuild's first error.
    const brokenTs = write('t.scheduler.ts', 'const slots: number = ;\n');
    expect(await cli(['run', experiment, '--scheduler', brokenTs])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/t\.scheduler\.ts: not valid TypeScript at line 1, column 23: Unexpected ";"/),
    });
    // Its top level throwing: said as thrown there, at the file's line.
    const throwing = write('e.scheduler.js', "export default {};\nconst limit = 2;\nthrow new Error('no GPU here');\n");
    expect(await cli(['run', experiment, '--scheduler', throwing])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/e\.scheduler\.js: its top level threw while loading \(line 3\): no GPU here/),
    });
    const nothing = write('n.scheduler.js', 'export const policy = {};\n');
    expect((await cli(['run', experiment, '--scheduler', nothing])).err).toMatch(
      /n\.scheduler\.js: exports no default scheduler: a scheduler file ends with export default defineScheduler\(\{ … \}\)/,
    );
    // A default export with nothing of a scheduler is said as that, not as every field it lacks.
    for (const [name, text] of [
      ['o.scheduler.js', 'export default { hello: 1 };\n'],
      ['f.scheduler.js', 'export default function policy() {}\n'],
    ])
      expect((await cli(['run', experiment, '--scheduler', write(name, text)])).err).toMatch(
        new RegExp(
          `${name.replace('.', '\\.')}: its default export is not a scheduler \\(it has no kind, title or create\\): a scheduler file ends with export default defineScheduler`,
        ),
      );
  });
});
