import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ReportMeta } from './reportHtml';

export interface ArchiveParts {
  base: string;
  /** The report's title (the experiment or batch as the studio names it); `base` is that name made safe for a file. */
  title: string;
  /** The configuration the comparisons are made against, as the tables name it. */
  baseline: string;
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

/**
 * What each table holds, by its file's ending, so a colleague who unpacks the zip can read a column
 * without the studio: its rows, its units, and which way is better where that is not plain.
 */
function tableNotes(baseline: string): Record<string, string> {
  return {
    'runs.csv': 'one row per run: scheduler, seed and every metric as a column (times in s, shares in %). Loads as it is in pandas or R.',
    'jobs.csv': 'one row per job of each run: submit, start and finish in s after the run began, its maps and where they read their input.',
    'summary.csv': `each configuration's mean of each metric over its seeds, with the 95 % confidence interval of that mean (clipped to the metric's range); changePercent and ratio set it against ${baseline} (a ratio above 1 is better, whichever way the metric runs); best is true only where a test across seeds separates the leader from the rest (paired where they ran the same jobs); diagnostic rows are the simulator's own counters, not results.`,
    'speedup.csv': `each scheduler against ${baseline}, job by job over the jobs both finished: perJob is the geometric mean of ${baseline}'s job time over this one's (above 1: faster), meanJct the ratio of mean job times, lowestSeed and highestSeed the per-job figure of the worst and best seed, p the paired t-test across seeds (empty with one seed).`,
    'locality.csv':
      "per group of jobs of one template and size, and per scheduler: maps run, maps that read their input on their own node, and maps local to the node or its server (the ILA paper's local), with that share in %.",
    'jct-cdf.csv': 'the distribution of job times: for each scheduler, each finished job time in s and the fraction of its jobs done by then.',
    'series.csv':
      "the cluster over time, for each run: t in s, cpu, memory, disk and network as a fraction (0 to 1) of the cluster's capacity, and the tasks running and waiting.",
    'decisions.csv': "why each run's scheduler placed what it placed: each reason, how many task attempts it launched, and their share of the run's attempts.",
    'mr-clusters.csv': 'one row per MR-cluster of each FAWKES run: its average job slowdown, its resizing and its largest size.',
    'node-losses.csv': 'one row per node a run lost: when it died, when the master noticed, what it made run again, when it was replaced (times in s).',
  };
}

/** What each file is, first in the archive, so whoever unpacks it knows where to start. */
function readme(p: ArchiveParts, names: { html: string; pdf?: string; result: string; experiment?: string; csv: string[] }): string {
  const notes = tableNotes(p.baseline);
  const lines = [
    `${p.title}: a Workload Studio report (${p.meta.studioVersion}, ${p.meta.generatedAt}, from ${p.meta.source})`,
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
    ...names.csv.flatMap((n) => {
      const note = Object.entries(notes).find(([ending]) => n.endsWith(`.${ending}`))?.[1];
      return note ? [n, `  ${note}`] : [n];
    }),
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
