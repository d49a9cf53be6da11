import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import { parse as parseHtml, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import type { ResultFile } from '@shared/experiment/experiment';
import type { ExportedFile } from '@shared/results/resultFile';
import type { RunData } from '@shared/results/runData';
import { findChromium, pdfBytes } from '../../../src-main/reports/pdfFromHtml';
import type { Services } from '../../../src-main/services';
import { FROM_FILE_TAG } from '../../../src-main/services/resultFiles';
import { cli } from '../../helpers/cli';
import { ok, refused, useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const open = useServices();
const tempDir = useTempDirs();

/** A small design of two schedulers × two seeds on a 4-node cluster, run to the end. */
async function ranBatch(s: Services): Promise<{ design: DesignRecord; batch: BatchDetail }> {
  const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
  const workload = await ok<{ id: string }>(s, 'workloads:create', {
    spec: {
      name: 'mixed',
      generate: {
        count: 8,
        arrival: { kind: 'poisson', meanInterarrivalS: 10 },
        mix: [
          { template: 'WordCount', weight: 1, maps: [2, 6], reduces: 2 },
          { template: 'Sort', weight: 1, maps: 4 },
        ],
      },
    },
  });
  const design = await ok<DesignRecord>(s, 'experiments:create', {
    spec: { name: 'fifo vs fair', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }, { kind: 'fair' }], seeds: [1, 2] },
  });
  const started = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
  await s.runner.settled(started.id);
  return { design, batch: await ok<BatchDetail>(s, 'batches:get', { id: started.id }) };
}

type Node = DefaultTreeAdapterMap['node'];
function elements(node: Node, name: string, out: Node[] = []): Node[] {
  if ('tagName' in node && node.tagName === name) out.push(node);
  if ('childNodes' in node) for (const c of node.childNodes) elements(c, name, out);
  return out;
}

const report = (s: Services, id: string, format: string) => ok<{ files: ExportedFile[] }>(s, 'batches:report', { id, format });

describe('results leaving the run history and coming back', () => {
  it('exports a batch as the result file `run --out` writes for the same experiment', async () => {
    const s = await open();
    const { design, batch } = await ranBatch(s);
    const exported = await ok<{ fileName: string; content: string }>(s, 'batches:exportResult', { id: batch.id });
    expect(exported.fileName).toMatch(/\.result\.json$/);
    const fromHistory = JSON.parse(exported.content) as ResultFile;
    expect(fromHistory.inputs).toMatchObject({ cluster: { name: 'lab' }, workload: { name: 'mixed' }, seeds: [1, 2] });

    const dir = tempDir();
    const file = (await ok<{ files: { fileName: string; content: string }[] }>(s, 'experiments:export', { id: design.id })).files[0];
    fs.writeFileSync(path.join(dir, file.fileName), file.content);
    expect((await cli(['run', path.join(dir, file.fileName), '--out', path.join(dir, 'cli.json')])).code).toBe(0);
    const fromCli = JSON.parse(fs.readFileSync(path.join(dir, 'cli.json'), 'utf8')) as ResultFile;
    expect(fromHistory.runs).toEqual(fromCli.runs);
    // The CLI's report reads the exported file as it reads its own.
    fs.writeFileSync(path.join(dir, exported.fileName), exported.content);
    expect((await cli(['report', path.join(dir, exported.fileName), '--format', 'csv', '--out', dir])).code).toBe(0);
  });

  it("exports and reports a batch whose name is longer than an experiment's, as a reduced preset's is", async () => {
    const s = await open();
    const started = await ok<BatchSummary>(s, 'reproduce:run', { file: 'liu-balanced.experiment.json', size: 'reduced' });
    await s.runner.settled(started.id);
    expect(started.name.length).toBeGreaterThan(120);
    const exported = await ok<{ content: string }>(s, 'batches:exportResult', { id: started.id });
    const name = (JSON.parse(exported.content) as { inputs: { name: string } }).inputs.name;
    expect(name).toHaveLength(120);
    expect(name).toBe(`${started.name.slice(0, 119)}…`);
    expect((await report(s, started.id, 'html')).files).toHaveLength(1);
  });

  it('writes an HTML report with every chart as SVG, the cluster over time and a Gantt per scheduler', async () => {
    const s = await open();
    const { batch } = await ranBatch(s);
    const { files } = await report(s, batch.id, 'html');
    expect(files.map((f) => [f.name, f.type, f.encoding])).toEqual([[expect.stringMatching(/\.report\.html$/), 'text/html', 'utf8']]);
    const doc = parseHtml(files[0].content);
    expect(elements(doc, 'script')).toEqual([]);
    // Mean JCT, JCT CDF, locality, CPU over time, tasks waiting, and one Gantt per scheduler.
    expect(elements(doc, 'svg')).toHaveLength(7);
    const text = files[0].content.replace(/<[^>]+>/g, ' ');
    expect(text).toMatch(/FIFO, seed 1: every task attempt on its node/);
    expect(text).toMatch(/Fair \(delay\), seed 1: every task attempt on its node/);
    expect(text).not.toMatch(/A result file keeps each run/);
    // Every attempt of each scheduler's first seed, counted by why it started.
    expect(text).toMatch(/Why tasks started/);
    for (const run of [0, 2]) {
      const data = await ok<RunData>(s, 'batches:runData', { id: batch.id, run, gantt: true });
      expect(data.decisions).toEqual([
        {
          kind: run === 0 ? 'submissionOrder' : 'fairShare',
          label: run === 0 ? 'First in submission order' : 'Furthest below its fair share',
          count: data.attempts,
          share: 1,
        },
      ]);
    }
    const fifoAttempts = (await ok<RunData>(s, 'batches:runData', { id: batch.id, run: 0, gantt: true })).attempts;
    expect(text).toContain(`First in submission order  ${fifoAttempts.toLocaleString('en-US')}  100.0 %`);
  });

  it("writes every table and series as CSV; the summary has the JSON report's numbers", async () => {
    const s = await open();
    const { batch } = await ranBatch(s);
    const csv = (await report(s, batch.id, 'csv')).files;
    expect(csv.map((f) => f.name.replace(/^.*?\./, ''))).toEqual([
      'runs.csv',
      'jobs.csv',
      'summary.csv',
      'speedup.csv',
      'locality.csv',
      'jct-cdf.csv',
      'series.csv',
      'decisions.csv',
    ]);
    const json = JSON.parse((await report(s, batch.id, 'json')).files[0].content) as {
      summary: { metric: string; configuration: string; mean: number | null }[];
      runs: { scheduler: string; series: RunData['series'] }[];
    };
    const byName = (suffix: string) => csv.find((f) => f.name.endsWith(suffix))!.content;
    const summary = parse(byName('.summary.csv'), { columns: true }) as Record<string, string>[];
    expect(summary.length).toBe(json.summary.length);
    for (const [i, row] of json.summary.entries()) expect(summary[i].mean === '' ? null : Number(summary[i].mean)).toBe(row.mean);
    const series = parse(byName('.series.csv'), { columns: true }) as Record<string, string>[];
    const fifo = json.runs.find((r) => r.scheduler === 'FIFO')!;
    const fifoRows = series.filter((r) => r.scheduler === 'FIFO');
    expect(fifoRows.map((r) => Number(r.cpu))).toEqual(fifo.series.cpu);
    expect(fifoRows.map((r) => Number(r.pendingTasks))).toEqual(fifo.series.pendingTasks);
    const decisions = parse(byName('.decisions.csv'), { columns: true }) as Record<string, string>[];
    expect(decisions.map((r) => [r.scheduler, r.seed, r.kind, r.reason, r.share])).toEqual([
      ['FIFO', '1', 'submissionOrder', 'First in submission order', '1'],
      ['Fair (delay)', '1', 'fairShare', 'Furthest below its fair share', '1'],
    ]);
  });

  it.runIf(findChromium())('prints the PDF report with the printer it was given', async () => {
    const s = await open(undefined, { printPdf: (html) => pdfBytes(html) });
    const { batch } = await ranBatch(s);
    const [pdf] = (await report(s, batch.id, 'pdf')).files;
    expect(pdf).toMatchObject({ type: 'application/pdf', encoding: 'base64' });
    expect(Buffer.from(pdf.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a PDF with a reason where nothing can print one, and a baseline the batch does not have', async () => {
    const s = await open();
    const { batch } = await ranBatch(s);
    expect(await refused(s, 'batches:report', { id: batch.id, format: 'pdf' })).toMatchObject({
      code: 'unsupported',
      field: 'format',
      message: expect.stringMatching(/cannot print PDF here/),
    });
    expect(await refused(s, 'batches:report', { id: batch.id, format: 'html', baseline: 'drf' })).toMatchObject({
      field: 'baseline',
      message: expect.stringMatching(/no runs of scheduler "drf"/),
    });
    expect(await refused(s, 'batches:report', { id: batch.id, format: 'docx' })).toMatchObject({ field: 'format' });
  });

  it('opens a result file in the history without running anything; exporting it again gives the same runs', async () => {
    const a = await open();
    const { batch } = await ranBatch(a);
    const exported = await ok<{ fileName: string; content: string }>(a, 'batches:exportResult', { id: batch.id });

    const b = await open();
    const opened = await ok<BatchSummary>(b, 'batches:openResult', { fileName: exported.fileName, text: exported.content });
    expect(opened).toMatchObject({
      name: batch.name,
      status: 'finished',
      runs: 4,
      finished: 4,
      tags: [FROM_FILE_TAG],
      clusters: ['lab'],
      workloads: ['mixed'],
    });
    const detail = await ok<BatchDetail>(b, 'batches:get', { id: opened.id });
    expect(detail.results.map((r) => [r.label, r.seed, r.summary])).toEqual(batch.results.map((r) => [r.label, r.seed, r.summary]));
    // The comparison reads jobs; a result file has no series over time, and says so by having none.
    const data = await ok<RunData>(b, 'batches:runData', { id: opened.id, run: 0, gantt: true });
    expect(data.jobs.length).toBe(8);
    expect(data.series.t).toEqual([]);
    expect(data.gantt).toBeNull();
    const again = await ok<{ content: string }>(b, 'batches:exportResult', { id: opened.id });
    expect((JSON.parse(again.content) as ResultFile).runs).toEqual((JSON.parse(exported.content) as ResultFile).runs);
    // Its report says what a result file cannot show.
    expect((await report(b, opened.id, 'html')).files[0].content).toMatch(/A result file keeps each run/);
    // A second open is a second entry under a free name; nothing is overwritten.
    expect((await ok<BatchSummary>(b, 'batches:openResult', { fileName: exported.fileName, text: exported.content })).name).toBe(`${batch.name} (2)`);
  });

  it('opens, compares and reports the result of a scheduler file this studio has not loaded, naming its runs by its kind', async () => {
    const a = await open();
    const { batch } = await ranBatch(a);
    const exported = await ok<{ fileName: string; content: string }>(a, 'batches:exportResult', { id: batch.id });
    // As the result of a run of the user's file "my-policy" reads (its card's options are the file's own).
    const file = JSON.parse(exported.content) as ResultFile;
    const card = { kind: 'my-policy', greed: 3 };
    const mine = {
      ...file,
      inputs: { ...file.inputs!, schedulers: [file.inputs!.schedulers[0], card], plugins: [{ file: 'my-policy.scheduler.js', sha256: 'a'.repeat(64) }] },
      runs: file.runs.map((r) => (r.kind === 'fair' ? { ...r, kind: 'my-policy', scheduler: 'my-policy' } : r)),
    };
    const b = await open();
    const opened = await ok<BatchSummary>(b, 'batches:openResult', { fileName: 'mine.json', text: JSON.stringify(mine) });
    expect(opened).toMatchObject({ status: 'finished', runs: 4, finished: 4 });
    const detail = await ok<BatchDetail>(b, 'batches:get', { id: opened.id });
    expect([...new Set(detail.results.map((r) => r.label))]).toEqual(['FIFO', 'my-policy']);
    expect((await report(b, opened.id, 'html')).files[0].content).toContain('my-policy');
    // Exported again, the card is as it was recorded.
    const again = JSON.parse((await ok<{ content: string }>(b, 'batches:exportResult', { id: opened.id })).content) as ResultFile;
    expect(again.inputs?.schedulers[1]).toEqual(card);
    // A built-in's card is still held to its options.
    const broken = { ...mine, inputs: { ...mine.inputs, schedulers: [{ kind: 'fifo', mapSlots: -1 }, card] } };
    expect(await b.dispatch('batches:openResult', { fileName: 'broken.json', text: JSON.stringify(broken) })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/mapSlots|map slots/i) },
    });
  });

  it('opens a result without its experiment: each scheduler is a configuration', async () => {
    const a = await open();
    const { batch } = await ranBatch(a);
    const result = JSON.parse((await ok<{ content: string }>(a, 'batches:exportResult', { id: batch.id })).content) as ResultFile;
    delete result.inputs;
    const b = await open();
    const opened = await ok<BatchSummary>(b, 'batches:openResult', { fileName: 'old.json', text: JSON.stringify(result) });
    const detail = await ok<BatchDetail>(b, 'batches:get', { id: opened.id });
    expect(detail.results.map((r) => [r.label, r.seed, r.status])).toEqual([
      ['FIFO', 1, 'finished'],
      ['FIFO', 2, 'finished'],
      ['Fair (delay)', 1, 'finished'],
      ['Fair (delay)', 2, 'finished'],
    ]);
  });

  it('refuses a broken result file by line and field, and stores nothing', async () => {
    const a = await open();
    const { batch } = await ranBatch(a);
    const text = (await ok<{ content: string }>(a, 'batches:exportResult', { id: batch.id })).content;
    const b = await open();
    const bad = text.replace(/"makespan": [\d.]+/, '"makespan": "long"');
    const line = bad.split('\n').findIndex((l) => l.includes('"makespan": "long"')) + 1;
    expect(await refused(b, 'batches:openResult', { fileName: 'r.json', text: bad })).toMatchObject({
      field: 'text',
      message: expect.stringMatching(new RegExp(`^line ${line}, run 1 › summary › makespan:`)),
    });
    // The app names the file in front ("Could not open r.json: …"): the problems do not name it again.
    expect(await refused(b, 'batches:openResult', { fileName: 'r.json', text: text.slice(0, 200) })).toMatchObject({
      field: 'text',
      message: expect.stringMatching(/^it is not valid JSON at line \d+, column \d+: \S/),
    });
    const moved = text.replace('"seed": 2', '"seed": 7');
    expect(await refused(b, 'batches:openResult', { fileName: 'r.json', text: moved })).toMatchObject({
      message: expect.stringMatching(/run 2: "FIFO" with seed 7 is not a run of the file's own experiment/),
    });
    expect(await ok<unknown[]>(b, 'batches:list', {})).toEqual([]);
  });
});
