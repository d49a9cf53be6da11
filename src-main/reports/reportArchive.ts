import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ReportMeta } from './reportHtml';

export interface ArchiveParts {
  base: string;
  meta: ReportMeta;
  html: string;
  /** The printed report, or why it could not be printed here. */
  pdf: Uint8Array | string;
  /** CSV files by name (summary.csv, runs.csv, …). */
  csv: Record<string, string>;
  /** The result file's text: opens in any studio without running anything. */
  result: string;
  /** The experiment file's text, when the runs are one cluster × one workload. */
  experiment?: string;
}

/** The archive's time stamp: when the report was made ("2026-11-26 09:10 UTC"), or the zip format's earliest date. */
function stamp(generatedAt: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(generatedAt);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5])) : new Date(Date.UTC(1980, 0, 1));
}

/** What each file is, first in the archive, so whoever unpacks it knows where to start. */
function readme(p: ArchiveParts, names: { html: string; pdf?: string; result: string; experiment?: string; csv: string[] }): string {
  const lines = [
    `${p.base}: a Workload Studio report (${p.meta.studioVersion}, ${p.meta.generatedAt}, from ${p.meta.source})`,
    '',
    `${names.html}  the report: one standalone page, no script; open it in any browser`,
    names.pdf
      ? `${names.pdf}  the same report, printed`
      : `(no PDF: ${typeof p.pdf === 'string' ? p.pdf : 'not printed'}; print the HTML report from a browser)`,
    `${names.result}  every run's summary and jobs: Workload Studio opens it (Run history → Open result file) without running anything`,
    names.experiment
      ? `${names.experiment}  the experiment that made these runs: \`workload-studio run ${names.experiment} --out ${names.result}\` gives the same numbers byte for byte`
      : '(no experiment file: these runs compare several clusters or workloads, which no single experiment file holds)',
    '',
    'Tables (CSV, RFC 4180; text that a spreadsheet would run as a formula starts with an apostrophe):',
    ...names.csv.map((n) => `  ${n}`),
    '  runs.csv: one row per run (scheduler, seed, every metric as a column); jobs.csv: one row per job per run. Both load as they are in pandas or R.',
    ...(names.csv.some((n) => n.endsWith('.mr-clusters.csv'))
      ? ['  mr-clusters.csv: one row per MR-cluster of each FAWKES run (its average job slowdown, resizing and largest size).']
      : []),
    ...(names.csv.some((n) => n.endsWith('.node-losses.csv'))
      ? ['  node-losses.csv: one row per node a run lost (when it died, when the master noticed, what it made run again, when it was replaced).']
      : []),
    '',
  ];
  return lines.join('\r\n');
}

/** The whole report as one zip: HTML and PDF, every CSV, the result file and the experiment file, in a folder named after it. */
export function reportArchive(p: ArchiveParts): Uint8Array {
  const mtime = stamp(p.meta.generatedAt);
  const names = {
    html: `${p.base}.report.html`,
    ...(typeof p.pdf === 'string' ? {} : { pdf: `${p.base}.report.pdf` }),
    result: `${p.base}.result.json`,
    ...(p.experiment ? { experiment: `${p.base}.experiment.json` } : {}),
    csv: Object.keys(p.csv).map((n) => `${p.base}.${n}`),
  };
  const folder: Zippable = {
    'README.txt': strToU8(readme(p, names)),
    [names.html]: strToU8(p.html),
    ...(names.pdf && typeof p.pdf !== 'string' ? { [names.pdf]: [p.pdf, { level: 0 }] } : {}),
    [names.result]: strToU8(p.result),
    ...(names.experiment && p.experiment ? { [names.experiment]: strToU8(p.experiment) } : {}),
    ...Object.fromEntries(Object.entries(p.csv).map(([n, text]) => [`${p.base}.${n}`, strToU8(text)])),
  };
  return zipSync({ [p.base]: folder }, { level: 6, mtime });
}
