import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LARGE_GENERATED } from '@shared/workload/imports';
import { readExperimentFile } from '@shared/experiment/experimentFile';
import { readResultText } from '@shared/results/resultFile';
import { parseAnyClusterFile } from '../../../src-main/clusters/importCluster';
import { readTraceFile, TraceFileError } from '../../../src-main/workloads/traces/readTraceFile';
import { smallCluster } from '../../helpers/clusterFixtures';
import { useTempDirs } from '../../helpers/tempDir';
import { TRACES_DIR } from '../../helpers/traceFixtures';

/**
 * Files that crashed an importer (found by mutating valid files), or cost far more than their
 * size: each must become a clear problem naming the field or line, never an exception.
 */
const traces = TRACES_DIR;
const tempDir = useTempDirs();
const write = (name: string, content: string | Buffer) => {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, content);
  return file;
};
const synth = JSON.parse(fs.readFileSync(path.join(traces, 'sls/syn.json'), 'utf8')) as { num_jobs: number; workloads: Record<string, unknown>[] };
const synthWith = (change: (d: typeof synth) => void) => {
  const doc = structuredClone(synth);
  change(doc);
  return write('described.json', JSON.stringify(doc));
};
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('SYNTH descriptions with holes', () => {
  const cases: [string, (d: typeof synth) => void, RegExp][] = [
    ['a null job class', (d) => ((d.workloads[0].job_classes as unknown[])[0] = null), /^workloads\.0\.job_classes\.0$/],
    ['a null time bucket', (d) => (d.workloads[0].time_distribution = [null]), /^workloads\.0\.time_distribution\.0$/],
    ['an empty time distribution', (d) => (d.workloads[0].time_distribution = []), /^workloads\.0\.time_distribution$/],
    ['a null workload', (d) => (d.workloads[0] = null as never), /^workloads\.0$/],
    ['a bucket time that is text', (d) => (d.workloads[0].time_distribution = [{ time: 'soon', weight: 1 }]), /^workloads\.0\.time_distribution\.0\.time$/],
    ['all bucket weights zero', (d) => (d.workloads[0].time_distribution = [{ time: 0, weight: 0 }]), /^workloads\.0\.time_distribution$/],
  ];
  for (const [what, change, field] of cases) {
    it(`reports ${what} by its field and makes no job`, async () => {
      const result = await readTraceFile(synthWith(change), { format: 'synth' });
      expect(result.jobs).toEqual([]);
      expect(result.problems[0].field).toMatch(field);
    });
  }
});

describe('generator descriptions state their size before making it', () => {
  it('makes no job from a small file that asks for a million, and says how many it would make', async () => {
    const file = synthWith((d) => (d.num_jobs = 1_000_000));
    expect(fs.statSync(file).size).toBeLessThan(3000);
    const result = await readTraceFile(file, { format: 'synth' });
    expect(result.jobs).toEqual([]);
    expect(result.large?.jobs).toBe(1_000_000);
    // syn.json's two classes average 5 maps + 5 reduces.
    expect(result.large?.tasks).toBeGreaterThan(5_000_000);
    expect(result.problems[0]).toMatchObject({
      field: 'num_jobs',
      message: expect.stringMatching(/makes 1,000,000 jobs \(about [\d,]+ tasks\).*only when asked/),
    });
  });

  it('makes them when asked', async () => {
    const count = LARGE_GENERATED.jobs + 10;
    const result = await readTraceFile(
      synthWith((d) => (d.num_jobs = count)),
      { format: 'synth', allowLarge: true },
    );
    expect(result.large).toBeUndefined();
    expect(result.jobs).toHaveLength(count);
  });

  it('makes a description under the limit without asking', async () => {
    const result = await readTraceFile(
      synthWith((d) => (d.num_jobs = 500)),
      { format: 'synth' },
    );
    expect(result.jobs).toHaveLength(500);
    expect(result.large).toBeUndefined();
  });
});

describe('huge and deeply nested values', () => {
  it('reads an SLS node file with 200,000 racks without running out of stack', () => {
    const racks = Array.from({ length: 200_000 }, (_, i) => ({ rack: `r${i}`, nodes: [{ node: `n${i}`, 'memory-mb': 4096, vcores: 4 }] }));
    const parsed = parseAnyClusterFile(JSON.stringify(racks), 'wide');
    // 200,000 hosts is more than a cluster may have: a problem, not a crash.
    if (parsed.ok) expect(parsed.spec.racks).toHaveLength(200_000);
    else expect(parsed.problems[0].message).toBeTruthy();
  });

  it('quotes no deeply nested value (printing one overflows the stack)', async () => {
    const nestedCount = await readTraceFile(write('deep.json', `{"num_jobs": ${deep(100_000)}, "workloads": []}`), { format: 'synth' });
    expect(nestedCount.problems[0]).toMatchObject({ field: 'num_jobs', message: expect.stringMatching(/found a list of 1 item/) });
    const slsJob = await readTraceFile(write('sls.json', `{"am.type":"mapreduce","job.start.ms":${deep(100_000)},"job.end.ms":5,"job.tasks":[]}`), {
      format: 'sls',
    });
    expect(slsJob.problems[0].field).toMatch(/job\.start\.ms/);
    const ours = await readTraceFile(
      write('w.json', `{"format":"workload-studio.workload","version":1,"workload":{"name":"x","description":"","jobs":${deep(100_000)}}}`),
      { format: 'json' },
    );
    expect(ours.jobs).toEqual([]);
    expect(ours.problems[0].message).toMatch(/more than 200 levels deep/);
    const cluster = parseAnyClusterFile(`{"format":"workload-studio.cluster","version":1,"cluster":${deep(100_000)}}`, 'x');
    expect(cluster.ok).toBe(false);
    const nodes = parseAnyClusterFile(`[{"rack":"r","nodes":[{"node":"n","memory-mb":${deep(100_000)}}]}]`, 'x');
    expect(nodes).toMatchObject({ ok: false, problems: [{ message: expect.stringMatching(/found a list of 1 item/) }] });
    const experiment = readExperimentFile(`{"format":"workload-studio.experiment","version":1,"experiment":${deep(100_000)}}`, 'e.json');
    expect(experiment.ok).toBe(false);
    const result = readResultText(`{"format":"workload-studio.result","version":1,"runs":${deep(100_000)}}`, 'r.json');
    expect(result.ok).toBe(false);
  });

  it('cuts a huge bad cell in its problem message', async () => {
    const cell = 'x'.repeat(5_000_000);
    const file = write('big.tsv', Array.from({ length: 10 }, (_, i) => `job${i}\t${cell}\t0\t100\t0\t0`).join('\n'));
    const result = await readTraceFile(file, { format: 'swim' });
    expect(result.problemCount).toBe(10);
    for (const p of result.problems) expect(p.message.length).toBeLessThan(200);
    expect(result.problems[0].message).toMatch(/^"x{60}…" \(5,000,000 characters\) is not a non-negative number$/);
  });
});

describe('text encodings', () => {
  const BOM = '\uFEFF';
  it('accepts a UTF-8 byte-order mark in every format', async () => {
    expect((await readTraceFile(write('t.tsv', `${BOM}a\t0\t0\t100\t0\t0\n`))).jobs).toHaveLength(1);
    expect((await readTraceFile(write('s.json', BOM + fs.readFileSync(path.join(traces, 'sls/syn.json'), 'utf8')))).jobs).toHaveLength(10);
    expect((await readTraceFile(write('i.json', BOM + fs.readFileSync(path.join(traces, 'sls/inputsls.json'), 'utf8')))).jobs).toHaveLength(2);
    expect((await readTraceFile(write('r.json', BOM + fs.readFileSync(path.join(traces, 'rumen/wordcount.json'), 'utf8')))).jobs).toHaveLength(1);
    const ours = `${BOM}${JSON.stringify({ format: 'workload-studio.workload', version: 1, workload: { name: 'w', description: '', jobs: [{ template: 'Generic', submit: 0, maps: 1, reduces: 0 }] } })}`;
    expect((await readTraceFile(write('w.json', ours))).jobs).toHaveLength(1);
    expect(parseAnyClusterFile(`${BOM}${JSON.stringify({ format: 'workload-studio.cluster', version: 1, cluster: smallCluster() })}`, 'x').ok).toBe(true);
    expect(parseAnyClusterFile(`${BOM}[{"rack":"r","nodes":[{"node":"n1"}]}]`, 'x').ok).toBe(true);
  });

  it('names UTF-16 as the reason a file cannot be read', async () => {
    const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    await expect(readTraceFile(write('t.tsv', utf16('a\t0\t0\t100\t0\t0\n')))).rejects.toThrow(TraceFileError);
    await expect(readTraceFile(write('t.tsv', utf16('a\t0\t0\t100\t0\t0\n')))).rejects.toThrow(/UTF-16; save it as UTF-8/);
    await expect(readTraceFile(write('nobom.json', Buffer.from('{"num_jobs": 3}', 'utf16le')))).rejects.toThrow(/UTF-16/);
    const asText = utf16(JSON.stringify({ format: 'workload-studio.cluster', version: 1, cluster: smallCluster() })).toString('utf8');
    expect(parseAnyClusterFile(asText, 'x')).toMatchObject({ ok: false, problems: [{ field: 'file', message: expect.stringMatching(/UTF-16/) }] });
    expect(readExperimentFile(asText, 'e.json')).toMatchObject({ ok: false });
  });

  it('calls a binary file what it is, never UTF-16', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0]);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56), Buffer.from([2, 0, 0x3e, 0, 1, 0, 0, 0])]);
    const gzip = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0x4b, 0x4c, 0x4a, 6, 0]);
    // A workload file may be gzip-compressed (it is unpacked as it is read): this cut one is said to be damaged.
    for (const [name, bytes, kind] of [
      ['shot.png', png, /it is a PNG image/],
      ['tool', elf, /it is a program \(ELF\)/],
      ['trace.gz', gzip, /the gzip archive is damaged/],
    ] as const) {
      await expect(readTraceFile(write(name, bytes))).rejects.toThrow(kind);
      const asText = bytes.toString('utf8');
      expect(parseAnyClusterFile(asText, name)).toMatchObject({ ok: false, problems: [{ message: expect.not.stringMatching(/UTF-16/) }] });
      const experiment = readExperimentFile(asText, name);
      expect(experiment.ok).toBe(false);
      if (!experiment.ok) expect(experiment.problems[0].message).toMatch(/not text/);
    }
  });
});
