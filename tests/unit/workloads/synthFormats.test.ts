import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTraceFile } from '../../../src-main/workloads/traces/readTraceFile';
import { TRACES_DIR } from '../../helpers/traceFixtures';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'synth-formats-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const write = (doc: object) => {
  const file = path.join(dir, `d${n++}.json`);
  fs.writeFileSync(file, JSON.stringify(doc));
  return file;
};

/** A description in Hadoop 3's current SYNTH format (SLS syn_generic.json's shape), one class. */
const describe_ = (jobClass: object, jobs = 40) => ({
  description: 'test',
  num_nodes: 8,
  nodes_per_rack: 4,
  num_jobs: jobs,
  rand_seed: 7,
  workloads: [
    {
      workload_name: 'w',
      workload_weight: 1,
      queue_name: 'q1',
      job_classes: [{ class_name: 'c', class_weight: 1, type: 'mapreduce', ...jobClass }],
      time_distribution: [
        { time: 10, weight: 1 },
        { time: 70, weight: 0 },
      ],
    },
  ],
});
const tasks = (maps: object, reduces: object) => [
  { type: 'map', priority: 20, count: maps, time: { val: 12, std: 3 }, max_memory: { val: 1024 }, max_vcores: { val: 1 } },
  { type: 'reduce', priority: 10, count: reduces, time: { val: 30 }, max_memory: { val: 2048 }, max_vcores: { val: 2 } },
];

/** Both SYNTH formats of YARN's Scheduler Load Simulator (issue 32 item 5). */
describe('SLS SYNTH, current format', () => {
  it("takes each job's map and reduce counts from the task definitions, not one map per job", async () => {
    const r = await readTraceFile(
      write(describe_({ tasks: tasks({ val: 6 }, { val: 3 }), duration: { val: 60 }, deadline_factor: { val: 2 }, reservation: { val: 0 } })),
      { format: 'synth' },
    );
    expect(r.problems).toEqual([]);
    expect(r.jobs).toHaveLength(40);
    for (const j of r.jobs) expect([j.maps, j.reduces, j.queue]).toEqual([6, 3, 'q1']);
    // Submissions fall in the only bucket with weight: from 10 s up to the next bucket's 70 s.
    for (const j of r.jobs) expect(j.submit >= 10 && j.submit <= 70).toBe(true);
  });

  it('draws counts from a distribution or from discrete values with weights', async () => {
    const spread = await readTraceFile(
      write(describe_({ tasks: tasks({ val: 20, std: 5 }, { val: 4, std: 1, dist: 'NORM' }), reservation: { val: 0 } }, 400)),
      { format: 'synth' },
    );
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(spread.jobs.map((j) => j.maps!))).toBeCloseTo(20, 0);
    expect(new Set(spread.jobs.map((j) => j.maps)).size).toBeGreaterThan(5);
    expect(mean(spread.jobs.map((j) => j.reduces!))).toBeGreaterThan(3.5);
    const discrete = await readTraceFile(write(describe_({ tasks: tasks({ discrete: [2, 50], weights: [3, 1] }, { val: 1 }), reservation: { val: 0 } }, 400)), {
      format: 'synth',
    });
    const maps = discrete.jobs.map((j) => j.maps);
    expect(new Set(maps)).toEqual(new Set([2, 50]));
    expect(maps.filter((m) => m === 2).length / maps.length).toBeCloseTo(0.75, 1);
  });

  it("gives a job a deadline with the reservation's probability, at submission + factor × duration", async () => {
    const all = await readTraceFile(
      write(describe_({ tasks: tasks({ val: 2 }, { val: 1 }), duration: { val: 60 }, deadline_factor: { val: 1.5 }, reservation: { val: 1 } })),
      { format: 'synth' },
    );
    for (const j of all.jobs) expect(j.deadline).toBeCloseTo(j.submit + 90, 6);
    const half = await readTraceFile(
      write(describe_({ tasks: tasks({ val: 2 }, { val: 1 }), duration: { val: 60 }, deadline_factor: { val: 1.5 }, reservation: { val: 0.5 } }, 400)),
      { format: 'synth' },
    );
    const share = half.jobs.filter((j) => j.deadline !== undefined).length / half.jobs.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
  });

  it('states its size before making it, from the task counts', async () => {
    const r = await readTraceFile(write(describe_({ tasks: tasks({ val: 600 }, { val: 400 }), reservation: { val: 0 } }, 100_000)), { format: 'synth' });
    expect(r.jobs).toEqual([]);
    expect(r.large).toEqual({ jobs: 100_000, tasks: 100_000_000 });
  });

  it('refuses stream jobs and stream containers with the field and the reason, making nothing', async () => {
    const stream = await readTraceFile(write(describe_({ type: 'stream', tasks: [{ type: 'stream', count: { val: 2 }, time: { val: 60000 } }] })), {
      format: 'synth',
    });
    expect(stream.jobs).toEqual([]);
    expect(stream.problems[0]).toMatchObject({
      field: 'workloads.0.job_classes.0.type',
      message: expect.stringMatching(/"stream" jobs cannot be simulated: .*long-lived containers/),
    });
    const mixed = await readTraceFile(write(describe_({ tasks: [...tasks({ val: 2 }, { val: 1 }), { type: 'stream', count: { val: 1 } }] })), {
      format: 'synth',
    });
    expect(mixed.jobs).toEqual([]);
    expect(mixed.problems[0]).toMatchObject({
      field: 'workloads.0.job_classes.0.tasks.2.type',
      message: expect.stringMatching(/only "map" and "reduce" tasks can/),
    });
    const noCount = await readTraceFile(write(describe_({ tasks: [{ type: 'map', count: 'five' }] })), { format: 'synth' });
    expect(noCount.problems[0]).toMatchObject({ field: 'workloads.0.job_classes.0.tasks.0.count' });
  });
});

/** docs/model.md "Trace replay": a description's task times, drawn per task, replayed as each job's mean per kind. */
describe('SLS SYNTH task times', () => {
  const own = ['mapCpuSPerMb', 'mapCpuSPerTask', 'mapSelectivity', 'reduceCpuSPerMb', 'reduceCpuSPerTask', 'mapSeconds', 'reduceSeconds'];
  const shape = (j: Record<string, unknown>) => Object.fromEntries(Object.entries(j).filter(([k]) => !own.includes(k)));

  it("replays each task's drawn time, from a stream of its own: counts, arrivals and deadlines as without times", async () => {
    const jobClass = { duration: { val: 60 }, deadline_factor: { val: 2 }, reservation: { val: 0.5 } };
    const timed = await readTraceFile(write(describe_({ ...jobClass, tasks: tasks({ val: 6, std: 2 }, { val: 3 }) })), { format: 'synth' });
    const untimed = await readTraceFile(write(describe_({ ...jobClass, tasks: tasks({ val: 6, std: 2 }, { val: 3 }).map(({ time: _time, ...t }) => t) })), {
      format: 'synth',
    });
    expect(timed.problems).toEqual([]);
    expect(timed.jobs.map((j) => shape(j))).toEqual(untimed.jobs);
    for (const j of untimed.jobs) for (const k of own) expect(j).not.toHaveProperty(k);
    // Reduces take a constant 30 s (one time, repeating); maps a log-normal of mean 12 s and deviation 3 s, each its own.
    for (const j of timed.jobs) {
      expect(j).toMatchObject({ mapCpuSPerMb: 0, mapSelectivity: 0, reduceCpuSPerMb: 0, reduceCpuSPerTask: 30, reduceSeconds: [30] });
      const each = j.mapSeconds!;
      expect(each).toHaveLength(j.maps!);
      if (j.maps! > 1) expect(new Set(each).size).toBeGreaterThan(1);
      // The job's CPU per map is its maps' mean time, to the millisecond.
      expect(j.mapCpuSPerTask).toBeCloseTo(each.reduce((a, b) => a + b, 0) / each.length, 2);
    }
    const means = timed.jobs.map((j) => j.mapCpuSPerTask!);
    expect(new Set(means).size).toBeGreaterThan(30);
    const overall = means.reduce((a, b) => a + b, 0) / means.length;
    expect(overall).toBeGreaterThan(12 * 0.9);
    expect(overall).toBeLessThan(12 * 1.1);
  });

  it("reads the old format's mtime_avg and rtime_avg (Hadoop's syn.json: 10 s maps, 20 s reduces)", async () => {
    const r = await readTraceFile(path.join(TRACES_DIR, 'sls/syn.json'));
    expect(r.problems).toEqual([]);
    for (const j of r.jobs) {
      expect(j.mapCpuSPerTask).toBeGreaterThan(5);
      expect(j.mapCpuSPerTask).toBeLessThan(15);
      expect(j.reduceCpuSPerTask).toBeGreaterThan(10);
      expect(j.reduceCpuSPerTask).toBeLessThan(30);
    }
  });

  it('refuses a task time past a day, or not a number, at its field', async () => {
    const long = await readTraceFile(write(describe_({ tasks: [{ type: 'map', count: { val: 2 }, time: { val: 90_000 } }] })), { format: 'synth' });
    expect(long.jobs).toEqual([]);
    expect(long.problems[0]).toEqual({
      line: 1,
      field: 'workloads.0.job_classes.0.tasks.0.time',
      message: 'expected a task time in seconds from 0 to 86,400 (a day), found 90000',
    });
    const old = await readTraceFile(write(describe_({ type: undefined, mtasks_avg: 2, mtime_avg: 'ten' })), { format: 'synth' });
    expect(old.problems[0]).toMatchObject({ field: 'workloads.0.job_classes.0.mtime_avg', message: expect.stringMatching(/found "ten"$/) });
  });
});
