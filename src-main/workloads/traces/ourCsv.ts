import { parse } from 'csv-parse/sync';
import { TASK_TIME_FIELDS, type JobSpec } from '@shared/workload/workload';
import { WORKLOAD_CSV_COLUMNS } from '@shared/workload/workloadFile';
import { quote } from '@shared/files/quote';
import { TraceCollector } from './collector';
import type { TraceImport, TraceReader } from './types';
import { readDecimal } from '@shared/decimal';

type Column = (typeof WORKLOAD_CSV_COLUMNS)[number];
/** The columns that hold text, and those that hold numbers separated by spaces (a trace's task times); every other column holds a number. */
const TEXT: readonly Column[] = ['id', 'template', 'queue', 'mrCluster', 'dependsOn'];
const NUMBER_LISTS: readonly Column[] = TASK_TIME_FIELDS;
const NUMBERS: readonly Column[] = WORKLOAD_CSV_COLUMNS.filter((c) => !TEXT.includes(c) && !NUMBER_LISTS.includes(c));

/**
 * The export's guard against spreadsheet formulas (shared/files/csv.ts csvCell) put an apostrophe
 * before text that starts like one; it goes again on the way back in, so a job id "-j1" round-trips.
 */
const unguarded = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/**
 * The separator of a CSV whose header is `headerLine`: a comma, or a semicolon where the header
 * reads as our columns only when split at semicolons (spreadsheets in locales whose decimal mark is
 * a comma save CSV that way).
 */
export function csvDelimiter(headerLine: string): ',' | ';' {
  const names = (sep: string) =>
    headerLine.split(sep).map((c) =>
      c
        .trim()
        .replace(/^\uFEFF/, '')
        .replace(/^"|"$/g, ''),
    );
  const ours = (cols: string[]) => cols.includes('template') && cols.includes('submit');
  return !ours(names(',')) && ours(names(';')) ? ';' : ',';
}

/**
 * Our own workload CSV, as the editor's "Export CSV" writes it: a header naming the columns (any
 * order, any subset with template and submit), one job per row, `dependsOn` and a trace's task
 * times (`mapSeconds`, `reduceSeconds`) space-separated. A column the studio does not know, or a
 * cell that is not what its column holds, is a problem at its line and column; the other rows go
 * on. Read whole at the end, as our JSON is.
 */
export function ourCsvReader(limit = Infinity): TraceReader {
  let text = '';
  const out = new TraceCollector('csv', limit);
  return {
    format: 'csv',
    push(chunk) {
      text += chunk;
    },
    end(): TraceImport {
      let rows: { record: string[]; info: { lines: number } }[];
      let delimiter: ',' | ';' = ',';
      try {
        const body = text.replace(/^\uFEFF/, '');
        delimiter = csvDelimiter(body.split(/\r?\n/).find((l) => l.trim() !== '') ?? '');
        rows = parse(body, { info: true, relax_column_count: true, skip_empty_lines: true, delimiter }) as unknown as typeof rows;
      } catch (err) {
        out.problem((err as { lines?: number }).lines ?? 0, 'file', `not readable as CSV: ${(err as Error).message}`);
        return out.result();
      }
      if (rows.length === 0) return out.result();
      const [header, ...body] = rows;
      const names = header.record.map((h) => h.trim());
      const known = new Set<string>(WORKLOAD_CSV_COLUMNS);
      names.forEach((name) => {
        if (!known.has(name))
          out.problem(header.info.lines, name || 'header', `unknown column ${quote(name)}: the columns are ${WORKLOAD_CSV_COLUMNS.join(', ')}`);
      });
      for (const { record, info } of body) {
        if (out.full) break;
        const job = readRow(names, record, known, delimiter === ';', (name, cell) => out.problem(info.lines, name, `${quote(cell)} is not a number`));
        if (job) out.accept({ dependsOn: [], ...job } as unknown as JobSpec, info.lines);
      }
      return out.result();
    },
  };
}

/**
 * One row's cells by column name, numbers read as numbers (`decimalComma`: "1,5" is 1.5);
 * undefined (said through `notANumber`, with the word that is not one) when a number cell is not one.
 */
function readRow(
  names: string[],
  record: string[],
  known: Set<string>,
  decimalComma: boolean,
  notANumber: (name: string, cell: string) => void,
): Record<string, unknown> | undefined {
  const job: Record<string, unknown> = {};
  for (const [c, name] of names.entries()) {
    if (!known.has(name)) continue;
    const cell = unguarded((record[c] ?? '').trim());
    if (cell === '') continue;
    // A semicolon-separated file's numbers may carry a decimal comma ("1,5").
    const number = (text: string) => readDecimal(decimalComma && /^[+-]?\d+,\d+$/.test(text) ? text.replace(',', '.') : text);
    if ((NUMBERS as readonly string[]).includes(name)) {
      const n = number(cell);
      if (!Number.isFinite(n)) {
        notANumber(name, cell);
        return undefined;
      }
      job[name] = n;
    } else if ((NUMBER_LISTS as readonly string[]).includes(name)) {
      const list = cell.split(/\s+/);
      const bad = list.find((t) => !Number.isFinite(number(t)));
      if (bad !== undefined) {
        notANumber(name, bad);
        return undefined;
      }
      job[name] = list.map(number);
    } else if (name === 'dependsOn') job.dependsOn = cell.split(/\s+/).map(unguarded);
    else job[name] = cell;
  }
  return job;
}
