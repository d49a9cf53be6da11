import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { parse as parseHtml, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { ResultFile } from '@shared/experiment/experiment';
import type { SummaryExportRow } from '@shared/results/summaryExport';
import { findChromium } from '../../../src-main/reports/pdfFromHtml';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const root = path.resolve(__dirname, '../../..');
const EXAMPLE = path.join(root, 'docs/examples/baselines.experiment.json');

type Node = DefaultTreeAdapterMap['node'];
function elements(node: Node, name: string, out: Node[] = []): Node[] {
  if ('tagName' in node && node.tagName === name) out.push(node);
  if ('childNodes' in node) for (const c of node.childNodes) elements(c, name, out);
  return out;
}

/** The text inside an element, entities decoded (parse5 decodes them). */
const textOf = (node: Node): string => ('value' in node ? node.value : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '');

async function result(dir: string): Promise<string> {
  const out = path.join(dir, 'baselines.json');
  expect((await cli(['run', EXAMPLE, '--out', out])).code).toBe(0);
  return out;
}

describe('workload-studio report', () => {
  it('writes a standalone HTML report: no script, every chart an SVG, and how to reproduce it', async () => {
    const dir = tempDir();
    const file = await result(dir);
    const r = await cli(['report', file, '--format', 'html', '--out', path.join(dir, 'out')]);
    expect(r.code).toBe(0);
    const html = fs.readFileSync(path.join(dir, 'out/baselines.report.html'), 'utf8');
    const doc = parseHtml(html, { sourceCodeLocationInfo: false });
    expect(elements(doc, 'script')).toEqual([]);
    expect(elements(doc, 'link')).toEqual([]);
    // Wherever it is opened, the page may run no script and load nothing.
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
    // Mean JCT with intervals, the JCT CDF, and locality by job group.
    expect(elements(doc, 'svg')).toHaveLength(3);
    const text = html.replace(/<[^>]+>/g, ' ');
    for (const s of ['FIFO', 'PureFair', 'Delay', 'Capacity', 'DRF', 'LATE']) expect(text).toContain(s);
    expect(text).toMatch(/workload-studio run Baselines_on_a_small_mixed_workload\.experiment\.json --out baselines\.json/);
    expect(text).toMatch(/Seeds\s+1, 2/);
    // The embedded experiment file is the one that ran: it reruns to the same result.
    const embedded = JSON.parse(textOf(elements(doc, 'pre')[0]));
    const again = path.join(dir, 'again.experiment.json');
    fs.writeFileSync(again, JSON.stringify(embedded));
    const rerun = path.join(dir, 'rerun.json');
    expect((await cli(['run', again, '--out', rerun])).code).toBe(0);
    expect((JSON.parse(fs.readFileSync(rerun, 'utf8')) as ResultFile).runs).toEqual((JSON.parse(fs.readFileSync(file, 'utf8')) as ResultFile).runs);
  });

  it('writes every table as CSV with the same numbers as the JSON', async () => {
    const dir = tempDir();
    const file = await result(dir);
    expect((await cli(['report', file, '--format', 'csv', '--out', dir])).code).toBe(0);
    expect((await cli(['report', file, '--format', 'json', '--out', dir, '--baseline', 'Delay'])).code).toBe(0);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'baselines.report.json'), 'utf8')) as {
      baseline: string;
      summary: SummaryExportRow[];
      speedup: { scheduler: string; perJob: number }[];
    };
    expect(json.baseline).toBe('Delay');
    for (const name of ['summary', 'speedup', 'locality', 'jct-cdf']) expect(fs.existsSync(path.join(dir, `baselines.${name}.csv`))).toBe(true);
    // CSV against the default baseline (FIFO): the means and intervals do not depend on it.
    const csv = parse(fs.readFileSync(path.join(dir, 'baselines.summary.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(csv).toHaveLength(json.summary.length);
    csv.forEach((row, i) => {
      const j = json.summary[i];
      expect([row.configuration, row.metric]).toEqual([j.configuration, j.metric]);
      for (const k of ['mean', 'ciLow', 'ciHigh'] as const) expect(row[k] === '' ? null : Number(row[k])).toBe(j[k]);
    });
    const speedup = parse(fs.readFileSync(path.join(dir, 'baselines.speedup.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(speedup.map((s) => s.scheduler)).toEqual(['PureFair', 'Delay', 'Capacity', 'DRF', 'LATE']);
    expect(json.speedup.map((s) => s.scheduler)).toEqual(['FIFO', 'PureFair', 'Capacity', 'DRF', 'LATE']);
    // Two seeds: each speedup carries its paired test against 1× (CSV and JSON agree), and the HTML says the verdict in words.
    for (const row of speedup) expect(Number(row.p)).toBeGreaterThanOrEqual(0);
    expect((await cli(['report', file, '--format', 'html', '--out', dir])).code).toBe(0);
    const html = fs.readFileSync(path.join(dir, 'baselines.report.html'), 'utf8');
    expect(html).toMatch(/<th>Verdict<\/th>/);
    expect(html.match(/<td>(not separated \(p [=<] [\d.]+\)|(faster|slower) than the baseline \(p [=<] [\d.]+\))<\/td>/g)).toHaveLength(speedup.length);
  });

  it('leaves as one zip a colleague can use: report, tidy CSVs, the result and the experiment that reruns to it', async () => {
    const dir = tempDir();
    const file = await result(dir);
    expect((await cli(['report', file, '--format', 'zip', '--out', dir])).code).toBe(0);
    const entries = unzipSync(fs.readFileSync(path.join(dir, 'baselines.report.zip')));
    const inside = (name: string) => strFromU8(entries[`baselines/baselines.${name}`]);
    for (const name of ['report.html', 'runs.csv', 'jobs.csv', 'summary.csv', 'result.json', 'experiment.json'])
      expect(Object.keys(entries)).toContain(`baselines/baselines.${name}`);
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as ResultFile;
    expect(JSON.parse(inside('result.json'))).toEqual(written);
    const runs = parse(inside('runs.csv'), { columns: true }) as Record<string, string>[];
    expect(runs.map((r) => `${r.scheduler}/${r.seed}`)).toEqual(written.runs.map((r) => `${r.scheduler}/${r.seed}`));
    expect(runs.map((r) => Number(r.meanJct_s))).toEqual(written.runs.map((r) => r.summary.meanJct));
    const jobs = parse(inside('jobs.csv'), { columns: true }) as Record<string, string>[];
    expect(jobs).toHaveLength(written.runs.reduce((n, r) => n + r.jobs.length, 0));
    // The experiment file in the zip reruns to the same runs.
    const again = path.join(dir, 'from-zip.experiment.json');
    fs.writeFileSync(again, inside('experiment.json'));
    const rerun = path.join(dir, 'from-zip.json');
    expect((await cli(['run', again, '--out', rerun])).code).toBe(0);
    expect((JSON.parse(fs.readFileSync(rerun, 'utf8')) as ResultFile).runs).toEqual(written.runs);
  });

  it.runIf(findChromium())('prints the report to PDF through Chromium', async () => {
    const dir = tempDir();
    const file = await result(dir);
    expect((await cli(['report', file, '--format', 'pdf', '--out', dir])).code).toBe(0);
    const pdf = fs.readFileSync(path.join(dir, 'baselines.report.pdf'), 'latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    const pages = pdf.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
    expect(pages).toBeGreaterThanOrEqual(2);
    // The report's five or six, and the experiment file printed open in two columns.
    expect(pages).toBeLessThanOrEqual(8);
  });

  it('says plainly what is wrong: no browser for a PDF, an unknown baseline, a missing --out, a file that is not a result', async () => {
    const dir = tempDir();
    const file = await result(dir);
    const before = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = path.join(dir, 'no-such-browser');
    try {
      const r = await cli(['report', file, '--format', 'pdf', '--out', dir]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(
        /a PDF needs Chromium or Google Chrome, and none was found \(set CHROMIUM_PATH to one\); the HTML report prints to PDF from any browser/,
      );
    } finally {
      if (before === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = before;
    }
    expect((await cli(['report', file, '--format', 'html', '--out', dir, '--baseline', 'nope'])).err).toMatch(
      /--baseline: no runs of scheduler "nope" in this result \(it has "FIFO", "PureFair"/,
    );
    expect((await cli(['report', file, '--format', 'html'])).err).toMatch(/report needs --out DIR/);
    expect((await cli(['report', file, '--format', 'docx', '--out', dir])).err).toMatch(/--format: must be one of html, pdf, csv, json/);
    const r = await cli(['report', EXAMPLE, '--out', dir]);
    expect(r.code).toBe(1);
    // An experiment file is said to be one, with how a result is made from it.
    expect(r.err).toMatch(
      /is not a result file: line \d+, format: this is a Workload Studio experiment file: run it \(.*`workload-studio run FILE --out RESULT\.json`\) to get a result/,
    );
  });
});
