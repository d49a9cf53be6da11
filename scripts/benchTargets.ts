// The engine issue's targets (issue 56, "Done when"), read from one `npm run bench` report, so the
// one command ends with its verdict, target by target, instead of a reader comparing the JSON with
// the issue by hand (README "Benchmark").

/** One target: what the issue asks, what this run measured, and whether it holds (undefined: not measured). */
export interface TargetRow {
  target: string;
  asked: string;
  measured: string;
  met: boolean | undefined;
}

/** What bench.ts reports of one case, and of the summaries it builds from several. */
interface CaseFigures {
  wallSeconds?: number;
  peakRssMb?: number;
  failed?: string;
}
interface DaySum {
  sumSeconds?: number;
}
interface WorstRatios {
  days?: string[];
  worstToFifo?: Partial<Record<string, { ratio: number; day: string }>>;
}
interface ServeWaits {
  worstMs?: number;
  failed?: string;
}

export const TARGETS = {
  a: { wallSeconds: 1.5 },
  b: { wallSeconds: 2.5 },
  eSum: { seconds: 12 },
  kToFifo: 1.3,
  l: { wallSeconds: 30, peakRssMb: 2048 },
  serveWorstMs: 200,
} as const;

const NOT_RUN = 'not run';
const seconds = (s: number) => `${s.toFixed(2)} s`;

function caseRow(target: string, figures: CaseFigures | undefined, wallSeconds: number, peakRssMb?: number): TargetRow {
  const asked = `≤ ${wallSeconds} s${peakRssMb !== undefined ? `, ≤ ${peakRssMb / 1024} GB` : ''}`;
  if (figures?.failed !== undefined) return { target, asked, measured: `failed: ${figures.failed}`, met: false };
  if (figures?.wallSeconds === undefined) return { target, asked, measured: NOT_RUN, met: undefined };
  const memory = peakRssMb !== undefined && figures.peakRssMb !== undefined ? `, ${Math.round(figures.peakRssMb)} MB` : '';
  const withinMemory = peakRssMb === undefined || (figures.peakRssMb !== undefined && figures.peakRssMb <= peakRssMb);
  return { target, asked, measured: `${seconds(figures.wallSeconds)}${memory}`, met: figures.wallSeconds <= wallSeconds && withinMemory };
}

/**
 * The issue's targets against `report` (bench.ts's JSON: cases by key, and its summaries e, k and
 * serve). `kDays`: the made days (k) has; a run over fewer of them can fail (k) but not meet it.
 */
export function targetRows(report: Readonly<Record<string, unknown>>, kDays: readonly string[]): TargetRow[] {
  const rows: TargetRow[] = [
    caseRow('(a) 1,000,000 tasks on 10,000 nodes, FIFO', report.a as CaseFigures | undefined, TARGETS.a.wallSeconds),
    caseRow('(b) the same under Fair with delay scheduling', report.b as CaseFigures | undefined, TARGETS.b.wallSeconds),
  ];

  const e = report.e as DaySum | undefined;
  rows.push({
    target: '(e) the six schedulers on the FB-2009 day, their sum',
    asked: `≤ ${TARGETS.eSum.seconds} s`,
    measured: e?.sumSeconds !== undefined ? seconds(e.sumSeconds) : NOT_RUN,
    met: e?.sumSeconds !== undefined ? e.sumSeconds <= TARGETS.eSum.seconds : undefined,
  });

  const k = report.k as WorstRatios | undefined;
  const daysRun = kDays.filter((d) => k?.days?.includes(d)).length;
  const partly = daysRun < kDays.length ? ` (on ${daysRun} of ${kDays.length} days)` : '';
  const worst = Object.entries(k?.worstToFifo ?? {}).filter(([, w]) => w !== undefined) as [string, { ratio: number; day: string }][];
  const over = worst.filter(([, w]) => w.ratio > TARGETS.kToFifo);
  const highest = worst.reduce<[string, { ratio: number; day: string }] | undefined>((a, b) => (a === undefined || b[1].ratio > a[1].ratio ? b : a), undefined);
  rows.push({
    target: '(k) every scheduler against FIFO on each made day',
    asked: `≤ ${TARGETS.kToFifo}x`,
    measured:
      highest === undefined
        ? NOT_RUN
        : over.length > 0
          ? `over: ${over.map(([kind, w]) => `${kind} ${w.ratio}x (${w.day})`).join(', ')}${partly}`
          : `highest ${highest[0]} ${highest[1].ratio}x (${highest[1].day})${partly}`,
    met: highest === undefined ? undefined : over.length > 0 ? false : partly ? undefined : true,
  });

  rows.push(
    caseRow('(l) the made production day on 3,000 nodes, FIFO', report['l-fifo'] as CaseFigures | undefined, TARGETS.l.wallSeconds, TARGETS.l.peakRssMb),
  );

  const serve = report.serve as ServeWaits | undefined;
  const waitTarget = 'API calls while serve runs and saves a batch, the worst wait';
  const waitAsked = `≤ ${TARGETS.serveWorstMs} ms`;
  if (serve?.failed !== undefined) rows.push({ target: waitTarget, asked: waitAsked, measured: `failed: ${serve.failed}`, met: false });
  else
    rows.push({
      target: waitTarget,
      asked: waitAsked,
      measured: serve?.worstMs !== undefined ? `${serve.worstMs} ms` : NOT_RUN,
      met: serve?.worstMs !== undefined ? serve.worstMs <= TARGETS.serveWorstMs : undefined,
    });
  return rows;
}

/** The rows as lines for a terminal: target, asked, measured, and yes / no / not measured. */
export function targetLines(rows: readonly TargetRow[]): string[] {
  const width = Math.max(...rows.map((r) => r.target.length));
  const askedWidth = Math.max(...rows.map((r) => r.asked.length));
  return rows.map(
    (r) => `${r.target.padEnd(width)}  ${r.asked.padEnd(askedWidth)}  ${r.measured}  → ${r.met === undefined ? 'not measured' : r.met ? 'met' : 'NOT met'}`,
  );
}
