import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectTraceFormat } from '../../../src-main/workloads/traces/detect';
import { JsonObjectStream } from '../../../src-main/workloads/traces/jsonObjectStream';
import { ImportCancelled, readTraceFile, TraceFileError, traceReader } from '../../../src-main/workloads/traces/readTraceFile';
import { parseSwim } from '../../../src-main/workloads/traces/swim';
import { useTempDirs } from '../../helpers/tempDir';
import { TRACES_DIR } from '../../helpers/traceFixtures';

const traces = TRACES_DIR;
const tempDir = useTempDirs();
const write = (name: string, text: string) => {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, text);
  return file;
};

describe('every trace file in tests/fixtures/traces', () => {
  const expected: Record<string, { format?: string; jobs?: number; refused?: RegExp }> = {
    'swim/FB-2009_samples_24_times_1hr_0.tsv': { format: 'swim', jobs: 5894 },
    'sls/inputsls.json': { format: 'sls', jobs: 2 },
    'sls/syn.json': { format: 'synth', jobs: 10 },
    'rumen/wordcount.json': { format: 'rumen', jobs: 1 },
    'sls/nodes-with-resources.json': { refused: /SLS node file.*Clusters page/ },
  };
  const files = fs
    .readdirSync(traces, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(json|tsv)$/.test(e.name))
    .map((e) => path.relative(traces, path.join(e.parentPath, e.name)).split(path.sep).join('/'));

  it('knows what to expect of each trace file shipped with the papers', () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [file, want] of Object.entries(expected)) {
    it(`${file}: ${want.refused ? 'refused with a pointer to the right page' : `imports ${want.jobs} ${want.format} jobs with no problem`}`, async () => {
      const read = readTraceFile(path.join(traces, file));
      if (want.refused) {
        await expect(read).rejects.toThrow(want.refused);
        return;
      }
      const r = await read;
      expect(r.format).toBe(want.format);
      expect(r.problems).toEqual([]);
      expect(r.jobs).toHaveLength(want.jobs!);
      for (const j of r.jobs) expect(j.maps).toBeGreaterThanOrEqual(1);
    });
  }

  it('the SYNTH description gives the same jobs every time (its own rand_seed)', async () => {
    const a = await readTraceFile(path.join(traces, 'sls/syn.json'));
    const b = await readTraceFile(path.join(traces, 'sls/syn.json'));
    expect(JSON.stringify(a.jobs)).toBe(JSON.stringify(b.jobs));
    // time_distribution puts all weight on the bucket from 1 s to 60 s; sorted by submission.
    expect(a.jobs.every((j) => j.submit >= 1 && j.submit < 60)).toBe(true);
    expect(a.jobs.map((j) => j.submit)).toEqual([...a.jobs.map((j) => j.submit)].sort((x, y) => x - y));
  });
});

describe('format detection', () => {
  it('reads the content, not the name', () => {
    expect(detectTraceFormat('job1\t0\t0\t10\t0\t0\n')).toEqual({ ok: true, format: 'swim' });
    expect(detectTraceFormat('// SLS sample\n{ "job.start.ms": 0 }')).toEqual({ ok: true, format: 'sls' });
    expect(detectTraceFormat('[{"jobID":"j","submitTime":1}]')).toEqual({ ok: true, format: 'rumen' });
    expect(detectTraceFormat('{"format":"workload-studio.workload","version":1}')).toEqual({ ok: true, format: 'json' });
    expect(detectTraceFormat('{"jobs":[]}')).toEqual({ ok: true, format: 'json' });
    expect(detectTraceFormat('[{"template":"Sort","submit":0}]')).toEqual({ ok: true, format: 'json' });
    // The studio's other files and Hadoop's scheduler configurations are sent where they go.
    expect(detectTraceFormat('{"format":"workload-studio.result","version":1}')).toEqual({
      ok: false,
      message: 'this is a Workload Studio result file: open it under Run history (Open result file…), or report on it with `workload-studio report FILE`',
    });
    expect(detectTraceFormat('<?xml version="1.0"?><allocations></allocations>')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/fair-scheduler\.xml/),
    });
    expect(detectTraceFormat('{"format":"workload-studio.cluster"}')).toMatchObject({ ok: false, message: expect.stringMatching(/cluster file/) });
    expect(detectTraceFormat('   \n')).toEqual({ ok: false, message: 'the file is empty' });
    expect(detectTraceFormat('a,b,c\n1,2,3')).toMatchObject({ ok: false, message: expect.stringMatching(/expected SWIM/) });
    expect(detectTraceFormat('{"hello": 1}')).toMatchObject({ ok: false, message: expect.stringMatching(/not a format the studio knows/) });
  });
});

describe('a bare list of jobs', () => {
  it('is read as a workload of those jobs, each problem at its job', async () => {
    const file = path.join(tempDir(), 'jobs.json');
    fs.writeFileSync(file, '\uFEFF[{"id":"a","template":"sort","submit":0,"maps":3,"reduces":1},{"id":"b","template":"Grep","submit":5,"maps":2,"reduces":1}]');
    const read = await readTraceFile(file);
    expect(read.format).toBe('json');
    expect(read.problems).toEqual([]);
    // A template in other capitals is the studio's.
    expect(read.jobs.map((j) => [j.id, j.template, j.maps])).toEqual([
      ['a', 'Sort', 3],
      ['b', 'Grep', 2],
    ]);
    fs.writeFileSync(file, '[{"id":"a","template":"Sort","submit":0,"maps":-3}]');
    expect((await readTraceFile(file)).problems).toEqual([{ line: 0, field: 'jobs.0.maps', message: expect.stringMatching(/at least/) }]);
    // A list that is not JSON is said where it breaks, at the file's own line and column.
    fs.writeFileSync(file, '[{"template": "Sort",, "submit": 0}]');
    expect((await readTraceFile(file)).problems[0].message).toMatch(/line 1, column 22\b/);
  });
});

describe('binary files', () => {
  it('are refused, never read as SWIM rows', async () => {
    // Random bytes laced with tabs, digits and newlines: the shape that once passed as 73 garbled SWIM rows.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const bytes = Buffer.alloc(64 * 1024, 0);
    for (let i = 0; i < bytes.length; i++) {
      const r = next();
      bytes[i] = r < 0.15 ? 9 : r < 0.2 ? 10 : r < 0.5 ? 48 + Math.floor(next() * 10) : Math.floor(next() * 256);
    }
    const file = path.join(tempDir(), 'image.tsv');
    fs.writeFileSync(file, bytes);
    await expect(readTraceFile(file)).rejects.toThrow(/binary file/);
    // Forced to SWIM, every garbled line is a problem with its line number, none a job.
    const forced = await readTraceFile(file, { format: 'swim' });
    expect(forced.jobs).toEqual([]);
    expect(forced.problemCount).toBeGreaterThan(0);
  });
});

describe('a gzip-compressed trace (job-trace.json.gz, as Rumen often leaves it)', () => {
  const writeBytes = (name: string, bytes: Buffer) => {
    const file = path.join(tempDir(), name);
    fs.writeFileSync(file, bytes);
    return file;
  };

  it("is unpacked and read as the file it holds, with progress in the file's own bytes", async () => {
    for (const [name, format] of [
      ['swim/FB-2009_samples_24_times_1hr_0.tsv', 'swim'],
      ['rumen/wordcount.json', 'rumen'],
    ] as const) {
      const plain = await readTraceFile(path.join(traces, name));
      const packed = writeBytes(`${path.basename(name)}.gz`, zlib.gzipSync(fs.readFileSync(path.join(traces, name))));
      const seen: [number, number][] = [];
      const unpacked = await readTraceFile(packed, { onProgress: (read, total) => seen.push([read, total]) });
      expect(unpacked.format).toBe(format);
      expect(unpacked.jobs).toEqual(plain.jobs);
      expect(seen.every(([read, total]) => read <= total && total === fs.statSync(packed).size)).toBe(true);
      expect(seen.at(-1)![0]).toBe(fs.statSync(packed).size);
    }
  });

  it('says in words when it is damaged, empty inside, or unpacks past the size cap', async () => {
    const whole = zlib.gzipSync(fs.readFileSync(path.join(traces, 'swim/FB-2009_samples_24_times_1hr_0.tsv')));
    await expect(readTraceFile(writeBytes('cut.tsv.gz', whole.subarray(0, 300)))).rejects.toThrow(
      /^the gzip archive is damaged and cannot be unpacked \(unexpected end of file\)$/,
    );
    await expect(readTraceFile(writeBytes('empty.tsv.gz', zlib.gzipSync(Buffer.alloc(0))))).rejects.toThrow(
      new TraceFileError('the gzip archive unpacks to an empty file'),
    );
    // 200 kB of SWIM rows in a few kB: held to the cap unpacked, not by the archive's size.
    const bomb = writeBytes('bomb.tsv.gz', zlib.gzipSync(Buffer.from('job0\t1\t1\t1\t1\t1\n'.repeat(20_000))));
    expect(fs.statSync(bomb).size).toBeLessThan(10_000);
    await expect(readTraceFile(bomb, { maxBytes: 100_000 })).rejects.toThrow(/^the gzip archive unpacks to more than 0.1 MB; workload files are at most that$/);
  });
});

describe('malformed files: a clear error with line and field, or a correct import', () => {
  it('an empty file is refused before parsing', async () => {
    await expect(readTraceFile(write('empty.tsv', ''))).rejects.toThrow(new TraceFileError('the file is empty'));
  });

  it('a file over the size cap is refused from its size alone', async () => {
    await expect(readTraceFile(write('big.tsv', 'x'.repeat(2000)), { maxBytes: 1000 })).rejects.toThrow(/at most/);
  });

  it('a truncated SLS trace keeps the complete jobs and says where the file ends', async () => {
    const whole = fs.readFileSync(path.join(traces, 'sls/inputsls.json'), 'utf8');
    const r = await readTraceFile(write('cut.json', whole.slice(0, Math.floor(whole.length * 0.8))));
    expect(r.jobs).toHaveLength(1);
    expect(r.problems).toEqual([
      { line: expect.any(Number), field: 'file', message: expect.stringMatching(/^the file ends inside an? (object|string) \(truncated\?\)$/) },
    ]);
  });

  it('wrong types are reported at their line and field', async () => {
    const r = await readTraceFile(
      write(
        'types.json',
        '{ "job.start.ms": 0, "job.tasks": [] }\n{\n "job.start.ms": "soon", "job.tasks": [] }\n{ "job.start.ms": 5, "job.tasks": "many" }\n',
      ),
    );
    expect(r.problems).toEqual([
      { line: 2, field: 'job.start.ms', message: 'expected milliseconds ≥ 0, found "soon"' },
      { line: 4, field: 'job.tasks', message: 'expected a list of tasks' },
    ]);
    expect(r.jobs).toHaveLength(1);
  });

  it("an SLS container's times are checked: a container that ends before it starts is named", async () => {
    const r = await readTraceFile(
      write(
        'times.json',
        [
          '{ "job.start.ms": 0, "job.tasks": [ { "container.start.ms": 10, "container.end.ms": 3000 } ] }',
          '{ "job.start.ms": 0, "job.tasks": [ { "container.start.ms": 10, "container.end.ms": 3000 }, { "container.type": "reduce", "container.start.ms": 10, "container.end.ms": 5 } ] }',
          '{ "job.start.ms": 0, "job.tasks": [ { "container.start.ms": "early" } ] }',
        ].join('\n'),
      ),
    );
    expect(r.problems).toEqual([
      { line: 2, field: 'job.tasks.1.container.end.ms', message: 'ends at 5 ms, before the container starts (10 ms)' },
      { line: 3, field: 'job.tasks.0.container.start.ms', message: 'expected milliseconds ≥ 0, found "early"' },
    ]);
    expect(r.jobs).toHaveLength(1);
  });

  it('-1 sentinels: refused where they stand for a size (SWIM), ignored where Rumen means "unknown"', async () => {
    const swim = await readTraceFile(write('s.tsv', 'a\t0\t0\t-1\t0\t0\nb\t1\t1\t100\t0\t0\n'));
    expect(swim.problems).toEqual([{ line: 1, field: 'map input bytes', message: '"-1" is not a non-negative number' }]);
    const rumen = await readTraceFile(
      write('r.json', '{ "jobID": "j", "submitTime": 5, "mapTasks": [ { "inputBytes": -1, "outputBytes": -1 } ], "reduceTasks": [] }'),
    );
    expect(rumen.problems).toEqual([]);
    expect(rumen.jobs[0]).toMatchObject({ id: 'j', maps: 1, reduces: 0 });
    expect(rumen.jobs[0].inputMb).toBeUndefined();
  });

  it('huge numbers: a job whose bytes need more than a million maps is refused at its line', async () => {
    const r = await readTraceFile(write('huge.tsv', 'ok\t0\t0\t1000\t0\t0\nhuge\t1\t1\t1e30\t0\t0\ninf\t2\t1\t1e400\t0\t0\n'));
    expect(r.jobs.map((j) => j.id)).toEqual(['ok']);
    expect(r.problems).toEqual([
      { line: 2, field: 'inputMb', message: 'must be at most 1,000,000,000 MB (1 PB)' },
      { line: 3, field: 'map input bytes', message: '"1e400" is not a non-negative number' },
    ]);
  });

  it('an arrival past 1,000,000,000 s is refused at its line, so the rest can still be taken', async () => {
    const r = await readTraceFile(write('far.tsv', 'ok\t0\t0\t1000\t0\t0\nfar\t2000000000\t2000000000\t1000\t0\t0\nnext\t2000000005\t5\t1000\t0\t0\n'));
    expect(r.jobs.map((j) => j.id)).toEqual(['ok']);
    expect(r.problems).toEqual([
      { line: 2, field: 'submit', message: 'must be at most 1,000,000,000 s (about 32 years)' },
      { line: 3, field: 'submit', message: 'must be at most 1,000,000,000 s (about 32 years)' },
    ]);
    // Rumen's arrivals are epoch times, known relative to the first job only once the file is read: still refused at their own line.
    const job = (id: string, submitTime: number) => JSON.stringify({ jobID: id, submitTime, mapTasks: [{}], reduceTasks: [] });
    const rumen = await readTraceFile(write('far.json', [job('a', 1.3e12), job('b', 1.3e12 + 10_000), job('c', 1.3e12 + 2e12)].join('\n')));
    expect(rumen.format).toBe('rumen');
    expect(rumen.jobs.map((j) => [j.id, j.submit])).toEqual([
      ['a', 0],
      ['b', 10],
    ]);
    expect(rumen.problems).toEqual([
      {
        line: 3,
        field: 'submitTime',
        message: "arrives 2,000,000,000 s after the trace's first job (line 1); must be at most 1,000,000,000 s (about 32 years)",
      },
    ]);
  });

  it('comments are skipped in SWIM and in JSON (line and block, even between objects)', async () => {
    const swim = await readTraceFile(write('c.tsv', '# header comment\njob\t0\t0\t10\t0\t0\n'));
    expect(swim.jobs).toHaveLength(1);
    const sls = await readTraceFile(
      write('c.json', '// from the SLS docs\n/* two\nlines */ { "job.start.ms": 1000, /* inline */ "job.tasks": [ {"container.type": "map"} ] } // tail\n'),
    );
    expect(sls.problems).toEqual([]);
    expect(sls.jobs).toMatchObject([{ submit: 1, maps: 1 }]);
  });

  it('duplicate job ids: the second is refused with the line of the first', async () => {
    const r = await readTraceFile(write('d.tsv', 'j\t0\t0\t1\t0\t0\nj\t1\t1\t1\t0\t0\n'));
    expect(r.problems).toEqual([{ line: 2, field: 'id', message: 'duplicate job id "j" (first on line 1)' }]);
  });

  it('garbage between objects is an error, not silently skipped', async () => {
    const r = await readTraceFile(write('g.json', '{ "job.start.ms": 0, "job.tasks": [] }\noops\n{ "job.start.ms": 1, "job.tasks": [] }'));
    expect(r.problems).toEqual([{ line: 2, field: 'file', message: 'unexpected "o" outside an object' }]);
  });

  it('our JSON reports problems by field', async () => {
    const r = await readTraceFile(
      write('w.json', JSON.stringify({ format: 'workload-studio.workload', version: 1, workload: { name: 'w', jobs: [{ template: 'Sort', submit: -5 }] } })),
    );
    expect(r.format).toBe('json');
    expect(r.problems).toEqual([{ line: 0, field: 'workload.jobs.0.submit', message: 'must be at least 0' }]);
  });

  it("our JSON names a template the studio does not have at its field, in a file and a bare workload alike, and reads other capitals as the studio's", async () => {
    const workload = {
      name: 'w',
      jobs: [
        { template: 'sort', submit: 0 },
        { template: 'Teleport', submit: 1 },
      ],
      generate: { count: 2, arrival: { kind: 'batch', at: 0 }, mix: [{ template: 'Nope', weight: 1, maps: 4 }] },
    };
    const inFile = await readTraceFile(write('w.json', JSON.stringify({ format: 'workload-studio.workload', version: 1, workload })));
    expect(inFile.problems.map((p) => [p.field, p.message])).toEqual([
      ['workload.jobs.1.template', expect.stringMatching(/^unknown template "Teleport": the studio's templates are .*\bSort\b/)],
      ['workload.generate.mix.0.template', expect.stringMatching(/^unknown template "Nope"/)],
    ]);
    expect(inFile.jobs).toEqual([]);
    const bare = await readTraceFile(write('b.json', JSON.stringify({ name: 'w', jobs: [{ template: 'sort', submit: 0 }] })));
    expect(bare.problems).toEqual([]);
    expect(bare.jobs.map((j) => j.template)).toEqual(['Sort']);
  });
});

describe('streaming', () => {
  it('chunk boundaries anywhere give the same result as the whole text', () => {
    const text =
      '// c\n[ { "job.start.ms": 0, "job.id": "a\\"}", "job.tasks": [ {"container.type": "map"} ] }, /* x */ { "job.start.ms": 2000, "job.id": "b", "job.tasks": [] } ]';
    const whole = traceReader('sls', 128);
    whole.push(text);
    const expected = whole.end();
    expect(expected.jobs.map((j) => j.id)).toEqual(['a"}', 'b']);
    for (const size of [1, 2, 3, 7]) {
      const reader = traceReader('sls', 128);
      for (let i = 0; i < text.length; i += size) reader.push(text.slice(i, i + size));
      expect(reader.end()).toEqual(expected);
    }
  });

  it('SWIM lines split across chunks are joined', () => {
    const text = fs.readFileSync(path.join(traces, 'swim/FB-2009_samples_24_times_1hr_0.tsv'), 'utf8').slice(0, 5000);
    const reader = traceReader('swim', 128);
    for (let i = 0; i < text.length; i += 333) reader.push(text.slice(i, i + 333));
    expect(reader.end()).toEqual(parseSwim(text, 128));
  });

  it('objects spanning chunks keep their starting line', () => {
    const seen: number[] = [];
    const s = new JsonObjectStream((_, line) => seen.push(line));
    for (const c of ['{"a":', '1}\n\n{', '"b":\n2}']) s.push(c);
    s.end();
    expect(seen).toEqual([1, 3]);
  });

  it('reports progress and stops when cancelled', async () => {
    const file = write('long.tsv', Array.from({ length: 200_000 }, (_, i) => `j${i}\t${i}\t1\t100\t0\t0`).join('\n'));
    const progress: number[] = [];
    const all = await readTraceFile(file, { onProgress: (read) => progress.push(read) });
    expect(all.jobs).toHaveLength(200_000);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[progress.length - 1]).toBe(fs.statSync(file).size);
    const abort = new AbortController();
    const cancelled = readTraceFile(file, { signal: abort.signal, onProgress: () => abort.abort() });
    await expect(cancelled).rejects.toBeInstanceOf(ImportCancelled);
  });
});
