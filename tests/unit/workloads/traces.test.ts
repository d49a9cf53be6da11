import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRumen } from '../../../src-main/workloads/traces/rumen';
import { parseSls } from '../../../src-main/workloads/traces/sls';
import { parseSwim } from '../../../src-main/workloads/traces/swim';
import { mapsFromBytes, reducesFromBytes } from '../../../src-main/workloads/traces/types';

const traces = path.resolve(__dirname, '../../../../shared/traces');
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

  it('derives tasks from bytes by the documented rule', () => {
    expect(mapsFromBytes(0, 128)).toBe(1);
    expect(mapsFromBytes(128 * 2 ** 20 + 1, 128)).toBe(2);
    expect(reducesFromBytes(0)).toBe(0);
    expect(reducesFromBytes(1)).toBe(1);
    expect(reducesFromBytes(3.5 * 2 ** 30)).toBe(4);
    expect(reducesFromBytes(1e15)).toBe(1000);
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
