import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '@shared/files/csv';
import { summaryCsv, summaryRows } from '@shared/results/summaryExport';
import { workloadToCsv } from '@shared/workload/workloadFile';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { reportCsvFiles } from '../../../src-main/reports/reportCsv';
import { resultReport } from '../../../src-main/reports/resultReport';
import { handResult, handRun, handSummary } from '../../helpers/resultFixtures';

/**
 * CSV injection (OWASP): a cell a spreadsheet would run as a formula starts with = + - @, a tab or
 * a carriage return. Job ids, template and queue names and configuration labels come from files
 * people share, so every CSV the studio writes neutralises them with a leading apostrophe. Every
 * writer goes through shared/files/csv.ts; these tests go through each writer.
 */
const HOSTILE = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1:A2)', '\tcmd', '\rcmd'];
const runsFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cell);
const cellsOf = (csv: string): string[] => (parse(csv, { relax_column_count: true }) as string[][]).flat();

describe('CSV cells that a spreadsheet would run', () => {
  it('get a leading apostrophe, and keep their text', () => {
    for (const text of HOSTILE) {
      const [cell] = cellsOf(`${csvCell(text)}\r\n`);
      expect(cell).toBe(`'${text}`);
    }
  });

  it('leave numbers, negative ones included, as numbers', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-1.5e3')).toBe('-1.5e3');
    expect(csvCell('+2')).toBe('+2');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  it('are neutralised in the header too', () => {
    expect(toCsv(['=x'] as const, [{ '=x': 1 }])).toBe("'=x\r\n1\r\n");
  });

  it('are neutralised in the summary table export', () => {
    const summary = {
      meanJct: 10,
      makespan: 30,
      utilization: { cpu: 0.5, memory: 0.5, disk: 0.5, network: 0.5 },
      locality: { node: 1, server: 0, rack: 0, offRack: 0 },
    };
    const groups = HOSTILE.map((label) => ({ key: label, label, runs: [{ seed: 1, status: 'finished' as const, summary: summary as never }] }));
    const cells = cellsOf(summaryCsv(summaryRows(groups, HOSTILE[0])));
    expect(cells.filter(runsFormula)).toEqual([]);
    expect(cells).toContain(`'${HOSTILE[3]}`);
  });

  it('are neutralised in a workload exported as CSV', () => {
    const spec = WorkloadSpecSchema.parse({ name: 'w', jobs: HOSTILE.map((q, i) => ({ id: `=job${i}`, template: 'Sort', submit: i, maps: 2, queue: q })) });
    const cells = cellsOf(workloadToCsv(spec));
    expect(cells.filter(runsFormula)).toEqual([]);
    expect(cells).toContain("'=job0");
  });

  it('are neutralised in every CSV of a report', () => {
    const jobs = HOSTILE.map((id, i) => ({
      id,
      template: '@tpl',
      status: 'succeeded' as const,
      submit: i,
      start: i,
      finish: i + 10,
      maps: 2,
      locality: { node: 1, server: 0, rack: 1, offRack: 0 },
    }));
    const summary = handSummary();
    const runs = [handRun('=fifo', 1, jobs), handRun('-fair', 1, jobs)].map((r) => ({ ...r, summary }));
    const files = reportCsvFiles(resultReport(handResult(runs)));
    expect(Object.keys(files).length).toBeGreaterThan(2);
    for (const [name, csv] of Object.entries(files)) expect(cellsOf(csv).filter(runsFormula), name).toEqual([]);
  });
});
