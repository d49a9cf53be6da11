import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { docSchemaValidator } from '../../helpers/experimentFiles';
import { useTempDirs } from '../../helpers/tempDir';
import { Store } from '../../../src-main/store/database';
import type { ExperimentDesign } from '@shared/experiment/design';
import { clustersRepo } from '../../../src-main/store/clustersRepo';
import { namedSpecs } from '../../../src-main/store/namedSpecs';
import { batchesRepo } from '../../../src-main/store/batchesRepo';
import { unpackColumns } from '../../../src-main/formats/columns';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { experimentInputs } from '../../../src-main/runner/runExperiment';
import { resolveRun } from '../../../src-main/runner/matrix';
import { planBatch } from '@shared/experiment/batchPlan';
import { runTask } from '../../../src-main/runner/runTask';
import type { EngineRunResult } from '../../../src-main/engine/measure/engineResult';
import { SWIM_DAY, traceFixture } from '../../helpers/traceFixtures';

const tempDir = useTempDirs();
const root = path.resolve(__dirname, '../../..');

describe('workload-studio run', () => {
  it('runs the example experiment, twice byte-identically, and the result validates against the published schema', async () => {
    const dir = tempDir();
    const example = path.join(root, 'docs/examples/baselines.experiment.json');
    const validExperiment = docSchemaValidator('experiment.schema.json');
    expect(validExperiment(JSON.parse(fs.readFileSync(example, 'utf8'))), JSON.stringify(validExperiment.errors)).toBe(true);
    const a = path.join(dir, 'a.json');
    const b = path.join(dir, 'b.json');
    expect((await cli(['run', example, '--out', a])).code).toBe(0);
    expect((await cli(['run', example, '--out', b])).code).toBe(0);
    expect(fs.readFileSync(a)).toEqual(fs.readFileSync(b));
    // The result reruns the experiment it recorded, to the same bytes.
    const again = path.join(dir, 'again.json');
    expect((await cli(['run', a, '--out', again])).code).toBe(0);
    expect(fs.readFileSync(again)).toEqual(fs.readFileSync(a));
    const result = JSON.parse(fs.readFileSync(a, 'utf8'));
    const validResult = docSchemaValidator('result.schema.json');
    expect(validResult(result), JSON.stringify(validResult.errors)).toBe(true);
    expect(result.runs.map((r: { scheduler: string; seed: number }) => `${r.scheduler}/${r.seed}`)).toEqual([
      'FIFO/1',
      'FIFO/2',
      'PureFair/1',
      'PureFair/2',
      'Delay/1',
      'Delay/2',
      'Capacity/1',
      'Capacity/2',
      'DRF/1',
      'DRF/2',
      'LATE/1',
      'LATE/2',
    ]);
    // Every scheduler sees the same arrivals for a seed.
    const submits = (i: number) => result.runs[i].jobs.map((j: { submit: number }) => j.submit);
    expect(submits(2)).toEqual(submits(0));
    expect(submits(4)).toEqual(submits(0));
    expect(submits(1)).not.toEqual(submits(0));
    for (const run of result.runs) expect(run.summary.succeeded).toBe(12);
  });

  it('replays the SWIM trace under every baseline scheduler', async () => {
    const dir = tempDir();
    fs.copyFileSync(path.join(root, 'docs/examples/small.cluster.json'), path.join(dir, 'c.json'));
    const experiment = {
      name: 'swim replay',
      cluster: { file: 'c.json' },
      workload: { trace: { format: 'swim', file: SWIM_DAY, limit: 60 } },
      schedulers: [
        { kind: 'fifo' },
        { kind: 'fair' },
        { kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0 },
        { kind: 'capacity' },
        { kind: 'drf' },
        { kind: 'late' },
      ],
      seeds: [3],
    };
    fs.writeFileSync(path.join(dir, 'e.json'), JSON.stringify(experiment));
    const r = await cli(['run', path.join(dir, 'e.json')]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out);
    expect(docSchemaValidator('result.schema.json')(result)).toBe(true);
    expect(result.runs).toHaveLength(6);
    for (const run of result.runs) {
      expect(run.jobs).toHaveLength(60);
      expect(run.summary.succeeded).toBe(60);
    }
    expect(r.err).toMatch(/SCHEDULER\s+SEED\s+JOBS OK.*NODE-LOCAL %/);
    // The node-local column is the app's share of launched maps (Node-local maps, %), not their count.
    const fifoRow = r.err.split('\n').find((line: string) => line.startsWith('FIFO '))!;
    const { node, server, rack, offRack } = result.runs[0].summary.locality;
    expect(fifoRow.trim().split(/\s+/)[7]).toBe(String(Math.round((100 * node) / (node + server + rack + offRack))));
  });

  for (const [format, file] of [
    ['sls', 'sls/inputsls.json'],
    ['rumen', 'rumen/wordcount.json'],
  ] as const) {
    it(`replays the ${format.toUpperCase()} sample trace end to end`, async () => {
      const dir = tempDir();
      fs.copyFileSync(path.join(root, 'docs/examples/small.cluster.json'), path.join(dir, 'c.json'));
      const experiment = {
        name: format,
        cluster: { file: 'c.json' },
        workload: { trace: { format, file: traceFixture(file) } },
        schedulers: [{ kind: 'fair' }, { kind: 'capacity' }],
        seeds: [1],
      };
      fs.writeFileSync(path.join(dir, 'e.json'), JSON.stringify(experiment));
      const r = await cli(['run', path.join(dir, 'e.json')]);
      expect(r.code).toBe(0);
      const result = JSON.parse(r.out);
      for (const run of result.runs) {
        expect(run.jobs.length).toBeGreaterThan(0);
        expect(run.summary.succeeded).toBe(run.jobs.length);
      }
      // Without its format, the trace is read as \`workloads import\` reads it: by its content.
      fs.writeFileSync(path.join(dir, 'e.json'), JSON.stringify({ ...experiment, workload: { trace: { file: traceFixture(file) } } }));
      expect(await cli(['run', path.join(dir, 'e.json')])).toMatchObject({ code: 0, out: r.out });
    });
  }

  it('says which file a trace to replay names when it is not a trace, and what to do instead', async () => {
    const dir = tempDir();
    fs.copyFileSync(path.join(root, 'docs/examples/small.cluster.json'), path.join(dir, 'c.json'));
    fs.writeFileSync(
      path.join(dir, 'w.json'),
      JSON.stringify({ format: 'workload-studio.workload', version: 1, workload: { name: 'w', jobs: [{ id: 'a', template: 'Sort', submit: 0, maps: 2 }] } }),
    );
    const experiment = (workload: unknown) => {
      fs.writeFileSync(path.join(dir, 'e.json'), JSON.stringify({ name: 'e', cluster: { file: 'c.json' }, workload, schedulers: [{ kind: 'fifo' }] }));
      return cli(['run', path.join(dir, 'e.json')]);
    };
    expect(await experiment({ trace: { file: 'w.json' } })).toMatchObject({
      code: 1,
      err: expect.stringMatching(
        /workload\.trace\.file .*w\.json reads as Workload Studio JSON, not a trace an experiment replays \(SWIM, SLS or Rumen\): name it as "workload": \{"file": …\} instead/,
      ),
    });
    fs.copyFileSync(path.join(root, 'docs/examples/small.cluster.json'), path.join(dir, 'cluster-as-trace.json'));
    expect(await experiment({ trace: { file: 'cluster-as-trace.json' } })).toMatchObject({
      code: 1,
      err: expect.stringMatching(/workload\.trace\.file .*cluster-as-trace\.json: this is a Workload Studio cluster file/),
    });
    // A format it may not be is named with the ones it may.
    expect(await experiment({ trace: { format: 'csv', file: 'w.json' } })).toMatchObject({
      code: 1,
      err: expect.stringMatching(/workload › trace › format: must be one of swim, sls, rumen/),
    });
  });

  it('keeps runs in the store with --save: series always, attempts only with --attempts', async () => {
    const dir = tempDir();
    const example = path.join(root, 'docs/examples/baselines.experiment.json');
    const plain = await cli(['run', example, '--save', '--data-dir', dir]);
    expect(plain.code).toBe(0);
    expect(plain.err).toMatch(/saved experiment "Baselines on a small mixed workload" with 12 runs/);
    // The same file again adds to the same design's history rather than making a second design.
    expect((await cli(['run', example, '--save', '--attempts', '--data-dir', dir])).err).toMatch(
      /saved experiment "Baselines on a small mixed workload" with 12 runs/,
    );
    const listed = await cli(['runs', 'list', '--json', '--data-dir', dir]);
    const rows = JSON.parse(listed.out) as { id: string; experiment: string; scheduler: string; seed: number }[];
    expect(rows).toHaveLength(24);
    // The table a person reads: the time to the minute, in UTC as its header says.
    const table = (await cli(['runs', 'list', '--data-dir', dir])).out.split('\n');
    expect(table[0]).toMatch(/\bSAVED \(UTC\)\s+ID$/);
    expect(table[1]).toMatch(/ \d{4}-\d\d-\d\d \d\d:\d\d\s+[0-9a-f-]{36}$/);
    // A flag of another command is refused, naming it and the command, not silently ignored.
    const misplaced = await cli(['runs', 'list', '--maps', '3', '--template', 'nonsense', '--data-dir', dir]);
    expect(misplaced.code).toBe(2);
    expect(misplaced.err).toMatch(/^error: --maps is not an option of "runs list" \(it takes --data-dir, --json\)/);

    const store = await Store.open({ dataDir: dir });
    const repo = batchesRepo(store);
    // The experiment is in Experiments too (with its cluster and workload), both batches under it.
    const designs = namedSpecs<ExperimentDesign>(store, 'experiments', 'experiment').list();
    expect(designs.map((d) => d.name)).toEqual(['Baselines on a small mixed workload']);
    expect(repo.list().map((b) => b.experimentId)).toEqual([designs[0].id, designs[0].id]);
    expect(clustersRepo(store).list()).toHaveLength(1);
    const first = unpackColumns(repo.blob(rows[0].id)!);
    const withAttempts = unpackColumns(repo.blob(rows[12].id)!);
    store.close();
    expect(Object.keys(first).some((k) => k.startsWith('attempt.'))).toBe(false);
    // The stored series is exactly the engine's.
    const inputs = experimentInputs(loadExperiment(example));
    let direct!: EngineRunResult;
    runTask(resolveRun(inputs, planBatch(inputs)[0]), { keep: (raw) => (direct = raw) });
    expect(Array.from(first['series.t'])).toEqual(direct.series.t);
    expect(Array.from(first['series.runningMaps'])).toEqual(direct.series.values.runningMaps);
    expect(withAttempts['attempt.task'].length).toBe(direct.records.length);
    expect(Array.from(withAttempts['attempt.start'])).toEqual(Array.from(direct.records.start.subarray(0, direct.records.length)));
  });

  it("recognises its own design by content with --save, even when the file's cluster name was taken", async () => {
    const dir = tempDir();
    const example = path.join(root, 'docs/examples/baselines.experiment.json');
    // Another cluster is already saved under the file's cluster's name: the run's import takes
    // "NAME (2)". (The same cluster under that name would be reused, not copied.)
    const clusterFile = path.join(root, 'docs/examples/small.cluster.json');
    const other = path.join(tempDir(), 'other.cluster.json');
    fs.writeFileSync(
      other,
      fs.readFileSync(clusterFile, 'utf8').replace(/"cores": (\d+)/, (_, n: string) => `"cores": ${Number(n) * 2}`),
    );
    expect((await cli(['clusters', 'import', other, '--data-dir', dir])).code).toBe(0);
    const name = (JSON.parse(fs.readFileSync(clusterFile, 'utf8')) as { cluster: { name: string } }).cluster.name;
    for (let i = 0; i < 2; i++) expect((await cli(['run', example, '--save', '--data-dir', dir])).code).toBe(0);
    const store = await Store.open({ dataDir: dir });
    const designs = namedSpecs<ExperimentDesign>(store, 'experiments', 'experiment').list();
    expect(designs.map((d) => d.name)).toEqual(['Baselines on a small mixed workload']);
    expect(
      batchesRepo(store)
        .list()
        .map((b) => b.experimentId),
    ).toEqual([designs[0].id, designs[0].id]);
    expect(
      clustersRepo(store)
        .list()
        .map((c) => c.name)
        .sort(),
    ).toEqual([name, `${name} (2)`].sort());
    store.close();
  });

  it('gives the same result whatever the number of threads, and refuses a bad --threads', async () => {
    const file = path.join(root, 'docs/examples/baselines.experiment.json');
    const one = await cli(['run', file, '--threads', '1']);
    const two = await cli(['run', file, '--threads', '2']);
    expect(one.code).toBe(0);
    expect(two.out).toBe(one.out);
    for (const bad of ['0', '-1', 'many', '1.5']) {
      const r = await cli(['run', file, `--threads=${bad}`]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`--threads: "${bad}" is not a whole number of threads`);
    }
  });

  it('adds wall-clock timing only when asked', async () => {
    const r = await cli(['run', path.join(root, 'docs/examples/baselines.experiment.json'), '--timing']);
    const result = JSON.parse(r.out);
    for (const run of result.runs) {
      expect(run.timing.schedulerCalls).toBeGreaterThan(0);
      expect(run.timing.schedulerMsPerCall).toBeGreaterThanOrEqual(0);
      // The work counts are counts: the heartbeats are the scheduler's calls, every task took events.
      expect(run.timing.work.heartbeats).toBe(run.timing.schedulerCalls);
      expect(run.timing.work.events).toBeGreaterThanOrEqual(run.timing.work.tasks);
    }
    expect(r.err).toMatch(/EVENTS\/TASK +JOBS\/BEAT +COMPARISONS\/BEAT/);
    expect(docSchemaValidator('result.schema.json')(result)).toBe(true);
    expect((await cli(['run', path.join(root, 'docs/examples/baselines.experiment.json'), '--attempts'])).code).toBe(2);
  });

  it('names the field of a bad experiment and exits 1', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          name: 'x',
          cluster: { file: 'missing.json' },
          workload: { jobs: [] },
          schedulers: [{ kind: 'fifo' }, { kind: 'fair', mapSlots: -1 }],
          seeds: [1, 'two'],
        },
        null,
        2,
      ),
    );
    const r = await cli(['run', file]);
    expect(r.code).toBe(1);
    // As the app's import dialog lists them: the line, the field in words, lists counted from 1.
    expect(r.err).toContain('\n  line 15, scheduler 2 › map slots: must be at least 0\n  line 20, seed 2: must be a number');
    // A kind the studio does not know may be the user's own scheduler, its file not loaded.
    fs.writeFileSync(file, JSON.stringify({ name: 'x', cluster: { file: 'missing.json' }, workload: { jobs: [] }, schedulers: [{ kind: 'shortest' }] }));
    expect((await cli(['run', file])).err).toMatch(
      /scheduler 1 › kind: must be one of fifo, .*, or the name of a scheduler file of your own loaded with --scheduler FILE or listed under "plugins"/,
    );
    fs.writeFileSync(
      file,
      JSON.stringify({
        name: 'x',
        cluster: { file: 'missing.json' },
        workload: { jobs: [{ template: 'Sort', submit: 0, inputMb: 1 }] },
        schedulers: [{ kind: 'fifo' }],
      }),
    );
    expect((await cli(['run', file])).err).toMatch(/cluster\.file: cannot read .*missing\.json: no such file$/m);
    fs.copyFileSync(path.join(root, 'docs/examples/small.cluster.json'), path.join(dir, 'c.json'));
    fs.writeFileSync(
      file,
      JSON.stringify({
        name: 'x',
        cluster: { file: 'c.json' },
        workload: { jobs: [{ template: 'Teleport', submit: 0, inputMb: 1 }] },
        schedulers: [{ kind: 'fifo' }],
      }),
    );
    expect((await cli(['run', file])).err).toMatch(
      /^error: workload job 1 › template: unknown template "Teleport": the studio's templates are Sort, [^\n]*\n$/,
    );
    // A seed twice would be one replicate counted twice by the paired comparison.
    const twice = JSON.parse(fs.readFileSync(path.join(root, 'docs/examples/baselines.experiment.json'), 'utf8')) as { seeds: number[] };
    fs.writeFileSync(file, JSON.stringify({ ...twice, seeds: [1, 2, 1] }));
    expect(await cli(['run', file])).toMatchObject({ code: 1, err: expect.stringMatching(/line 1, seed 3: seed 1 is listed twice/) });
    // Two cards one comparison would take for one configuration: their runs would be mixed.
    fs.writeFileSync(file, JSON.stringify({ ...twice, seeds: [1, 2], schedulers: [{ kind: 'fair' }, { kind: 'fair', nodeLocalityWaitS: 10 }] }));
    expect(await cli(['run', file])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/scheduler 2 › label: its runs and scheduler 1's would both be reported as "Fair \(delay\)"/),
    });
    // A failure at a time naming a server the cluster lacks: said once, before any run, at its field.
    const cluster = (JSON.parse(fs.readFileSync(path.join(root, 'docs/examples/small.cluster.json'), 'utf8')) as { cluster: { name: string } }).cluster;
    fs.writeFileSync(file, JSON.stringify({ ...twice, cluster, simulation: { failures: [{ node: 'nope', atS: 10 }] } }));
    expect(await cli(['run', file])).toEqual({
      code: 1,
      out: '',
      err: `error: simulation › failure 1 › node: cluster "${cluster.name}" has no server or VM named "nope"\n`,
    });
    // A result file reruns its recorded experiment, read as the app's import reads it: a problem
    // there is named under its inputs, at its line; a result without its experiment says so.
    const result = (inputs: unknown) => JSON.stringify({ format: 'workload-studio.result', version: 1, experiment: 'x', inputs, runs: [] }, null, 2);
    fs.writeFileSync(file, result({ ...twice, seeds: [1, 2, 1] }));
    expect(await cli(['run', file])).toMatchObject({ code: 1, err: expect.stringMatching(/line \d+, inputs › seed 3: seed 1 is listed twice/) });
    fs.writeFileSync(file, result(undefined));
    expect(await cli(['run', file])).toMatchObject({
      code: 1,
      err: expect.stringMatching(
        /line 1, inputs: this result file does not carry its experiment \(.*\), so it cannot be run again: use the experiment file it was run from/,
      ),
    });
  });

  it('stops quietly when its reader closes the pipe early (`… | head`)', async () => {
    const { spawn } = await import('node:child_process');
    // The result JSON of the example goes to stdout; the reader has left before it is written.
    const child = spawn(process.execPath, [path.join(root, 'bin/workload-studio.js'), 'run', path.join(root, 'docs/examples/baselines.experiment.json')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(err).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  });
});
