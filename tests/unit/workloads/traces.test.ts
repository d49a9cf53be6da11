import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRumen } from '../../../src-main/workloads/traces/rumen';
import { parseSls } from '../../../src-main/workloads/traces/sls';
import { flaggedJobs, shapeProblems, sizeHistogram } from '../../../src-main/workloads/traces/jobShape';
import { parseSwim } from '../../../src-main/workloads/traces/swim';
import { mapsFromBytes, reducesFromBytes } from '../../../src-main/workloads/traces/types';
import { TRACES_DIR } from '../../helpers/traceFixtures';

const traces = TRACES_DIR;
const read = (p: string) => fs.readFileSync(path.join(traces, p), 'utf8');

describe('SWIM', () => {
  it('imports every job of the Facebook 2009 trace with tasks derived from bytes', () => {
    const text = read('swim/FB-2009_samples_24_times_1hr_0.tsv');
    const r = parseSwim(text, 128);
    expect(r.problems).toEqual([]);
    expect(r.jobs).toHaveLength(text.split('\n').filter((l) => l.trim()).length);
    const first = r.jobs[0];
    // job0: 740773 input bytes, 2339561 shuffle bytes → 1 map (under one 128 MB block), 1 reduce.
    expect(first).toMatchObject({ id: 'job0', submit: 0, maps: 1, reduces: 1, template: 'Generic' });
    expect(first.shuffleMb).toBeCloseTo(2339561 / 2 ** 20, 9);
  });

  it('reports bad lines with their line number and column, and keeps the good ones', () => {
    const r = parseSwim('job0\t1\t1\t100\t0\t0\njob1\tsoon\t1\t1\t1\t1\njob2\t5\t1\t-1\t0\t0\njob3\t9\t1\n# comment\njob4\t10\t1\t1e12\t0\t0\n', 128);
    expect(r.problems).toEqual([
      { line: 2, field: 'submit time', message: '"soon" is not a non-negative number' },
      { line: 3, field: 'map input bytes', message: '"-1" is not a non-negative number' },
      { line: 4, field: 'map input bytes', message: 'expected 6 tab-separated columns, found 3' },
    ]);
    expect(r.jobs.map((j) => j.id)).toEqual(['job0', 'job4']);
    expect(r.jobs[1].maps).toBe(mapsFromBytes(1e12, 128));
  });

  it("derives tasks from bytes by SWIM's replay rule", () => {
    expect(mapsFromBytes(0, 128)).toBe(1);
    expect(mapsFromBytes(128 * 2 ** 20 + 1, 128)).toBe(2);
    expect(reducesFromBytes(0, 0)).toBe(0);
    expect(reducesFromBytes(1, 0)).toBe(1);
    // round((shuffle + output) / 1 GiB): the reduces write the output.
    expect(reducesFromBytes(3.4 * 2 ** 30, 0)).toBe(3);
    expect(reducesFromBytes(2 ** 30, 2.6 * 2 ** 30)).toBe(4);
    expect(reducesFromBytes(0, 5 * 2 ** 30)).toBe(5);
    expect(reducesFromBytes(1e15, 0)).toBe(1000);
  });

  it('keeps a job that reads kilobytes and writes hundreds of gigabytes in shape, and flags it', () => {
    // FB-2009's job3339 (this sample's job6565, which reads 430 KB and writes 1.15 TB): 388 KB in,
    // no shuffle, 468 GB out. By input and shuffle alone it was one map writing everything.
    const r = parseSwim(read('swim/FB-2009_samples_24_times_1hr_0.tsv'), 128);
    const job = r.jobs.find((j) => j.id === 'job3339')!;
    expect(job.maps).toBe(1);
    expect(job.reduces).toBe(Math.round(468354652048 / 2 ** 30));
    expect(shapeProblems(job)).toEqual(['writes 436 GB from 379 KB of input (1,207,775×)']);
    const { flagged, flaggedCount } = flaggedJobs(r.jobs);
    expect(flagged.some((f) => f.job === 'job3339')).toBe(true);
    // Flags are for the few jobs the rule serves badly, not the workload's ordinary jobs.
    expect(flaggedCount).toBeLessThan(r.jobs.length / 100);
    const bins = sizeHistogram(r.jobs);
    expect(bins.reduce((s, b) => s + b.jobs, 0)).toBe(r.jobs.length);
    expect(bins.map((b) => b.label)).toEqual(['< 1 MB', '1–100 MB', '100 MB–10 GB', '10 GB–1 TB', '≥ 1 TB']);
  });
});

describe('SLS', () => {
  it('imports the sample trace: jobs, queues and task counts', () => {
    const r = parseSls(read('sls/inputsls.json'));
    expect(r.problems).toEqual([]);
    expect(r.jobs.length).toBeGreaterThanOrEqual(2);
    expect(r.jobs[0]).toMatchObject({ id: 'job_1', submit: 0, maps: 3, reduces: 0, queue: 'sls_queue_1' });
  });

  it('skips comments and says where a truncated file ends', () => {
    const ok = parseSls('// a comment\n{ "job.start.ms": 5000, "job.id": "x", "job.tasks": [ {"container.type": "map"} ] } /* tail */');
    expect(ok.jobs).toMatchObject([{ id: 'x', submit: 5, maps: 1 }]);
    const cut = parseSls('{ "job.start.ms": 0, "job.tasks": [ ');
    expect(cut.problems).toEqual([{ line: 1, field: 'file', message: 'the file ends inside an object (truncated?)' }]);
    const wrong = parseSls('{\n "job.start.ms": "later", "job.tasks": [] }');
    expect(wrong.problems).toEqual([{ line: 1, field: 'job.start.ms', message: 'expected milliseconds ≥ 0, found "later"' }]);
  });

  it("reads the format as SLS does: each entry's count, map when no type is given, job.count copies, and the num.nodes header passed over", () => {
    const r = parseSls(`{"num.nodes": 3, "num.racks": 1}
{"job.start.ms": 1000, "job.id": "a", "job.tasks": [{"count": 4, "container.type": "map"}, {"count": 2, "container.type": "reduce"}, {}]}
{"job.start.ms": 2000, "job.id": "b", "job.count": 2, "job.tasks": [{"container.type": "reduce"}]}`);
    expect(r.problems).toEqual([]);
    expect(r.jobs.map((j) => [j.id, j.submit, j.maps, j.reduces])).toEqual([
      ['a', 1, 5, 2],
      ['b-1', 2, 1, 1],
      ['b-2', 2, 1, 1],
    ]);
    const bad = parseSls('{"job.start.ms": 0, "job.tasks": [{"count": -1}]}\n{"job.start.ms": 0, "job.count": 0, "job.tasks": []}');
    expect(bad.problems.map((p) => p.field)).toEqual(['job.tasks.0.count', 'job.count']);
  });
});

describe('Rumen', () => {
  it('imports the WordCount job: 3 maps, 1 reduce, bytes from the counters, -1 ignored', () => {
    const r = parseRumen(read('rumen/wordcount.json'));
    expect(r.problems).toEqual([]);
    expect(r.jobs).toHaveLength(1);
    expect(r.jobs[0]).toMatchObject({ template: 'WordCount', maps: 3, reduces: 1, submit: 0 });
    expect(r.jobs[0].inputMb).toBeGreaterThan(0);
  });

  it('rejects a job without a submit time', () => {
    const r = parseRumen('{ "submitTime": -1, "launchTime": -1, "mapTasks": [] }');
    expect(r.problems).toEqual([{ line: 1, field: 'submitTime', message: 'missing or -1 (and no launchTime)' }]);
  });
});
