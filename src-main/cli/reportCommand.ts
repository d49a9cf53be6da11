import { makeOutFolder } from './outPaths';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NoBrowserError, pdfBytes } from '../reports/pdfFromHtml';
import { REPORT_FORMATS, reportFiles, type ReportFormat } from '../reports/reportFiles';
import { resultReport } from '../reports/resultReport';
import { CliUsageError, type CliIo } from './output';
import { resultFileOrSay } from './readResultFile';

export const reportHelp = `workload-studio report <result.json> --format html|pdf|csv|json|zip --out DIR [--baseline SCHEDULER]

  A report of a run result (docs/result.schema.json) to hand to colleagues:
  html  one standalone file, no script: the summary with 95 % intervals and the best marked only
        where the paired test says so, per-job speedup over the baseline, data locality by job
        group, a FAWKES run's MR-clusters, charts as inline SVG, and how to reproduce it (cluster,
        workload, every scheduler parameter, seeds, simulation options, the experiment file and
        the command)
  pdf   the same, printed by headless Chromium or Chrome (CHROMIUM_PATH picks one)
  csv   every table and series: runs.csv (one row per run, every metric a column) and jobs.csv
        (one row per job per run) for pandas or R, and summary.csv, speedup.csv, locality.csv,
        jct-cdf.csv as the report shows them (mr-clusters.csv too for FAWKES runs)
  json  the same numbers in one file
  zip   all of it for a colleague: the HTML and PDF report (the PDF when a browser can print it),
        every CSV, the result file and the experiment file, and a README.txt saying what each is
  The baseline is the first scheduler of the result unless --baseline names another (in any
  capitals).
`;

export async function reportCommand(args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo, version: string): Promise<number> {
  const file = args[0];
  if (!file) throw new CliUsageError(`report needs a result file\n\n${reportHelp}`);
  const format = flags.format ?? 'html';
  if (typeof format !== 'string' || !(REPORT_FORMATS as readonly string[]).includes(format))
    throw new CliUsageError(`--format: must be one of ${REPORT_FORMATS.join(', ')}`);
  if (typeof flags.out !== 'string' || flags.out === '') throw new CliUsageError(`report needs --out DIR\n\n${reportHelp}`);
  makeOutFolder(flags.out);
  const result = resultFileOrSay(file, io);
  if (!result) return 1;
  let report;
  try {
    report = resultReport(result, typeof flags.baseline === 'string' ? flags.baseline : undefined);
  } catch (err) {
    throw new CliUsageError(`--baseline: ${(err as Error).message}`);
  }
  const dir = flags.out;
  const base = path
    .basename(file)
    .replace(/\.json$/i, '')
    .replace(/\.result$/i, '');
  const meta = { source: path.basename(file), studioVersion: version, generatedAt: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC' };
  let files;
  try {
    files = await reportFiles(report, format as ReportFormat, { meta, base, result, printPdf: (html) => pdfBytes(html) });
  } catch (err) {
    io.err(`error: ${(err as Error).message}\n`);
    return err instanceof NoBrowserError ? 2 : 1;
  }
  for (const f of files) {
    const target = path.join(dir, f.name);
    fs.writeFileSync(target, f.content);
    io.err(`wrote ${target}\n`);
  }
  return 0;
}
