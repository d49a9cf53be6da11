import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { docSchemaValidator, smallClusterExperiment } from '../../helpers/experimentFiles';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const root = path.resolve(__dirname, '../../..');

/**
 * What `run` says of runs that did not simply finish: one a stop rule ended, one that lost nodes,
 * one whose every job failed — in the result's summary, in its notes on stderr and in the report.
 */
describe('workload-studio run: how its runs ended', () => {
  it('says which runs a stop rule ended and why, in the summary, on stderr and in the report', async () => {
    // One map of 4,096 MB at 1,000 CPU-seconds per MB: it would end 47 days later, past the 30 days a phase may run alone.
    const jobs = [
      { id: 'quick', template: 'WordCount', submit: 0, maps: 2, reduces: 1 },
      { id: 'endless', template: 'Grep', submit: 0, maps: 1, inputMb: 4096, reduces: 0, mapCpuSPerMb: 1000 },
    ];
    const file = smallClusterExperiment(tempDir(), 'stall', { workload: { name: 'slow', jobs }, schedulers: [{ kind: 'fifo' }], seeds: [1, 2] });
    const dir = path.dirname(file);
    const r = await cli(['run', file, '--out', path.join(dir, 'stall.result.json')]);
    expect(r.code).toBe(0);
    const result = JSON.parse(fs.readFileSync(path.join(dir, 'stall.result.json'), 'utf8'));
    expect(docSchemaValidator('result.schema.json')(result)).toBe(true);
    for (const run of result.runs) expect(run.summary).toMatchObject({ succeeded: 1, unfinished: 1, stopped: 'noPhaseEnds' });
    const notes = r.err.split('\n').filter((l) => l.startsWith('note: '));
    expect(notes).toEqual(
      result.runs.map(
        (run: { seed: number; summary: { simulatedSeconds: number } }) =>
          `note: FIFO, seed ${run.seed}, made no progress after ${Math.round(run.summary.simulatedSeconds)} s and was stopped with 1 job unfinished: for a day of simulated time (and at least 1,000 heartbeats) tasks ran, but none ended a phase, nothing new started and no phase was due to end within 30 days`,
      ),
    );
    expect((await cli(['report', path.join(dir, 'stall.result.json'), '--format', 'html', '--out', dir])).code).toBe(0);
    const html = fs.readFileSync(path.join(dir, 'stall.report.html'), 'utf8');
    expect(html).toContain(
      '2 runs were stopped because they could no longer progress; the jobs left running or waiting count as unfinished:<br>• FIFO, seed 1, made no progress after',
    );
    // A run no rule stopped says nothing of the kind.
    const plain = await cli(['run', path.join(root, 'docs/examples/baselines.experiment.json')]);
    expect(plain.err).not.toContain('note: ');
    expect(JSON.parse(plain.out).runs.every((run: { summary: object }) => !('stopped' in run.summary))).toBe(true);
  });

  it('says which nodes each run lost and what that cost, in the summary, on stderr and in the report', async () => {
    const file = smallClusterExperiment(tempDir(), 'loss', {
      workload: { name: 'w', jobs: [{ id: 'big', template: 'WordCount', submit: 0, maps: 40, reduces: 2 }] },
      schedulers: [{ kind: 'fifo' }],
      seeds: [1],
      simulation: { failures: [{ node: 'r1-h1', atS: 15 }], nodeTimeoutS: 30 },
    });
    const dir = path.dirname(file);
    const r = await cli(['run', file, '--out', path.join(dir, 'loss.result.json')]);
    expect(r.code).toBe(0);
    const result = JSON.parse(fs.readFileSync(path.join(dir, 'loss.result.json'), 'utf8'));
    expect(docSchemaValidator('result.schema.json')(result)).toBe(true);
    const [loss] = result.runs[0].summary.nodeLosses;
    expect(loss).toMatchObject({ node: 'r1-h1', cause: 'named', lostAtS: 15, noticedAtS: 45, replacedAtS: null });
    // What the loss killed is what the run counts as killed: nothing else kills attempts under FIFO.
    expect(loss.attemptsKilled).toBe(result.runs[0].summary.killedAttempts);
    expect(loss.attemptsKilled).toBe(4);
    expect(r.err.split('\n').filter((l) => l.startsWith('note: '))).toEqual([
      'note: FIFO, seed 1, had 1 node loss: r1-h1 died at 15 s (a named failure), noticed at 45 s: 4 attempts killed',
    ]);
    expect((await cli(['report', path.join(dir, 'loss.result.json'), '--format', 'html', '--out', dir])).code).toBe(0);
    const html = fs.readFileSync(path.join(dir, 'loss.report.html'), 'utf8');
    expect(html).toContain('<h2>Nodes lost</h2>');
    expect(html).toContain('1 node loss in 1 of 1 run.');
  });

  it('gives no job time to runs whose every job failed, in its table and its report', async () => {
    const jobs = [{ id: 'doomed', template: 'WordCount', submit: 0, maps: 2, reduces: 1 }];
    const file = smallClusterExperiment(tempDir(), 'failing', {
      workload: { name: 'w', jobs },
      schedulers: [{ kind: 'fifo' }],
      seeds: [1],
      simulation: { taskFailureProbability: 1 },
    });
    const dir = path.dirname(file);
    const r = await cli(['run', file, '--out', path.join(dir, 'failing.result.json'), '--save', '--data-dir', path.join(dir, 'data')]);
    expect(r.code).toBe(0);
    // The saved run in the history: no makespan or job time either.
    const listed = JSON.parse((await cli(['runs', 'list', '--json', '--data-dir', path.join(dir, 'data')])).out) as { makespan: unknown; meanJct: unknown }[];
    expect(listed).toMatchObject([{ makespan: null, meanJct: null }]);
    const row = r.err.split('\n').find((l) => l.startsWith('FIFO'))!;
    // JOBS OK 0; MAKESPAN, MEAN JCT, P95 JCT and UNFAIRNESS have no value, never 0 (which would rank it fastest and fairest).
    const number = expect.stringMatching(/^\d+$/);
    expect(row.split(/\s{2,}/).slice(2)).toEqual(['0', '—', '—', '—', number, number, '—']);
    expect((await cli(['report', path.join(dir, 'failing.result.json'), '--format', 'csv', '--out', dir])).code).toBe(0);
    // The summary: no seed gives the job time a value, so it has no mean.
    const summary = fs.readFileSync(path.join(dir, 'failing.summary.csv'), 'utf8');
    expect(summary).toContain('FIFO,Mean job completion time,s,lower,0,,,,false,,,false');
  });
});
