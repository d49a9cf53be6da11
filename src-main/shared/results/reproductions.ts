import { pairedSpeedup, type PairableRun } from './jobSpeedup';
import { jobSeconds } from './jobTimes';
import type { RunSummary } from '../experiment/experiment';
import type { BatchSummary } from '../experiment/design';
import type { MrClusterReport } from '../cluster/mrClusters';
import { pairedTTest } from './stats';
import { runMeanSlowdown } from './mrClusterSummary';
import FULL_SIZE from './reproductionsFullSize.json';

/**
 * The papers' headline claims next to the studio's own numbers (the Reproduce area). Each claim is
 * one measure the studio computes from a run of a preset, with the paper's range and where the
 * paper prints it; docs/reproductions.md keeps the full-size results and how they were made.
 */

/** How a measure is computed from the runs of two configurations (`of` against `against`). */
export type MeasureKind =
  /** Ratio of the metric's means over seeds, turned so that above 1 means `of` is better. */
  | { kind: 'ratio'; metric: 'meanJct' | 'throughput' | 'cpu' | 'makespan' }
  /** FAWKES (Fig. 9): mean over MR-clusters of their average job slowdown, `against` ÷ `of` (above 1: `of` is better). */
  | { kind: 'mrSlowdown' }
  /** Change of one template's mean job time, `of` against `against`, in percent (negative: faster). */
  | { kind: 'templateChange'; template: string }
  /** Geometric mean of per-job speedups, every job paired with itself (ILA Fig. 5). */
  | { kind: 'perJobSpeedup' }
  /** Difference of the shares of deadlines met, in percentage points. */
  | { kind: 'deadlinePoints' };

export type Measure = MeasureKind & {
  id: string;
  /** What is compared, in words. */
  label: string;
  of: string;
  against: string;
  /** The paper's range for this measure, and its words and place. */
  paper: { low: number; high: number; text: string; where: string };
};

export interface ReproductionPreset {
  /** The file in resources/presets. */
  file: string;
  title: string;
  measures: Measure[];
}

export interface Reproduction {
  id: string;
  paper: string;
  /** The claim in the paper's words, with the section it is from. */
  claim: string;
  presets: ReproductionPreset[];
  /** The heading of docs/reproductions.md with the full-size table. */
  docsSection: string;
  /** What the full-size presets gave: rendered from the stored runs (docs/runs) by `npm run docs:reproductions`. */
  fullSize: FullSize;
}

/** The catalogue's measures on the stored full-size runs: the seeds, and one sentence per measure. */
export interface FullSize {
  seeds: string;
  statements: string[];
}

const fullSizeOf = (id: string): FullSize => (FULL_SIZE as Record<string, FullSize>)[id] ?? { seeds: 'no stored runs', statements: [] };

const FAIR = 'Hadoop Fair Scheduler 0.20.2 (8/6 slots)';
const YARN = 'YARN Capacity (128 vcores)';
const prismMeasures = (fig: string): Measure[] => [
  {
    id: 'jct-fair',
    label: 'Mean job time, Fair ÷ PRISM',
    kind: 'ratio',
    metric: 'meanJct',
    of: 'PRISM',
    against: FAIR,
    paper: { low: 1, high: 1.32, text: 'up to 1.3× (up to 24 % shorter)', where: `sec. 6.3, ${fig}` },
  },
  {
    id: 'jct-yarn',
    label: 'Mean job time, YARN ÷ PRISM',
    kind: 'ratio',
    metric: 'meanJct',
    of: 'PRISM',
    against: YARN,
    paper: { low: 1, high: 1.32, text: 'up to 1.3×', where: `sec. 6.3, ${fig}` },
  },
  {
    id: 'cpu-fair',
    label: 'CPU utilisation, PRISM ÷ Fair',
    kind: 'ratio',
    metric: 'cpu',
    of: 'PRISM',
    against: FAIR,
    paper: { low: 1, high: Infinity, text: 'higher than Fair', where: 'sec. 6.3, Figs. 17-19' },
  },
];

const LIU_YARN = 'YARN (one core per task)';
const LIU_FINE = 'Finer-Grained CPU';
const liu = (id: string, template: string, low: number, high: number, text: string, where: string): Measure => ({
  id,
  label: `${template} mean job time, Finer-Grained against YARN`,
  kind: 'templateChange',
  template,
  of: LIU_FINE,
  against: LIU_YARN,
  paper: { low, high, text, where },
});

/** A few percent either way: what "unaffected" and "almost identical" are read as. */
const SAME = 5;

export const REPRODUCTIONS: Reproduction[] = [
  {
    id: 'prism',
    paper: 'PRISM: Fine-Grained Resource-Aware Scheduling for MapReduce (Zhang et al., IEEE TCC 2015)',
    claim:
      'Phase-level scheduling gives up to 1.3× shorter job running time than the Hadoop Fair Scheduler and YARN on the PUMA and Gridmix2 batches, with higher utilisation and slightly lower locality (sec. 6.3, Figs. 15-19).',
    presets: [
      { file: 'prism-puma.experiment.json', title: 'PUMA batch, 10 nodes', measures: prismMeasures('Fig. 15a') },
      { file: 'prism-gridmix.experiment.json', title: 'Gridmix2 batch, 10 nodes', measures: prismMeasures('Fig. 15b') },
    ],
    docsSection: 'PRISM (000, sec. 6): phase-level scheduling against Fair and YARN',
    fullSize: fullSizeOf('prism'),
  },
  {
    id: 'liu',
    paper: 'Improving the Resource Utilisation in MapReduce: the Finer-Grained CPU scheduler (Kun Liu, U. Tokyo 2015)',
    claim:
      "Against YARN's one core per task, CPU-intensive jobs run 18-23 % faster in the balanced pattern (sec. 4.4.1, Fig. 4.1) and 17-22 % faster in the I/O-heavy one (sec. 4.4.3, Fig. 4.3); in the CPU-heavy pattern jobs take almost the same time (sec. 4.4.2, Fig. 4.2); I/O-intensive jobs are not affected.",
    presets: [
      {
        file: 'liu-balanced.experiment.json',
        title: 'Balanced pattern: Pi + TeraGen',
        measures: [liu('pi', 'Pi', -23, -18, '18-23 % faster', 'sec. 4.4.1, Fig. 4.1'), liu('teragen', 'TeraGen', -SAME, SAME, 'not affected', 'sec. 4.4.1')],
      },
      {
        file: 'liu-cpu-heavy.experiment.json',
        title: 'CPU-heavy pattern: Pi + Bbp + TeraGen',
        measures: [
          liu('pi', 'Pi', -SAME, SAME, 'almost identical', 'sec. 4.4.2, Fig. 4.2'),
          liu('bbp', 'Bbp', -SAME, SAME, 'almost identical', 'sec. 4.4.2, Fig. 4.2'),
        ],
      },
      {
        file: 'liu-io-heavy.experiment.json',
        title: 'I/O-heavy pattern: Pi + TeraGen + ETL',
        measures: [
          liu('pi', 'Pi', -22, -17, '17-22 % faster', 'sec. 4.4.3, Fig. 4.3'),
          liu('teragen', 'TeraGen', -SAME, SAME, 'not compromised', 'sec. 4.4.3'),
          liu('etl', 'ETL', -SAME, SAME, 'not compromised', 'sec. 4.4.3'),
        ],
      },
    ],
    docsSection: 'Finer-Grained CPU scheduler (001, sec. 4)',
    fullSize: fullSizeOf('liu'),
  },
  {
    id: 'ila',
    paper: 'Interference and Locality-Aware Task Scheduling for MapReduce Applications in Virtual Clusters — ILA (Bu, Rao, Xu; HPDC 2013)',
    claim:
      "ILA speeds individual jobs up 1.5-6.5× against PureFair, Delay, LATE, Capacity and LAO and 1.1-2.0× against IAO; its throughput is up to 1.9× the interference-oblivious schedulers' (sec. 5.2, Figs. 5-6).",
    presets: [
      {
        file: 'ila-facebook.experiment.json',
        title: 'Facebook mix on 72 VMs',
        measures: [
          {
            id: 'purefair',
            label: 'Per-job speedup, ILA over PureFair',
            kind: 'perJobSpeedup',
            of: 'ila',
            against: 'PureFair',
            paper: { low: 1.5, high: 6.5, text: '1.5-6.5×', where: 'sec. 5.2, Fig. 5' },
          },
          {
            id: 'capacity',
            label: 'Per-job speedup, ILA over Capacity',
            kind: 'perJobSpeedup',
            of: 'ila',
            against: 'Capacity',
            paper: { low: 1.5, high: 6.5, text: '1.5-6.5×', where: 'sec. 5.2, Fig. 5' },
          },
          {
            id: 'late',
            label: 'Per-job speedup, ILA over LATE',
            kind: 'perJobSpeedup',
            of: 'ila',
            against: 'LATE',
            paper: { low: 1.5, high: 6.5, text: '1.5-6.5×', where: 'sec. 5.2, Fig. 5' },
          },
          {
            id: 'iao',
            label: 'Per-job speedup, ILA over IAO',
            kind: 'perJobSpeedup',
            of: 'ila',
            against: 'iao',
            paper: { low: 1.1, high: 2, text: '1.1-2.0×', where: 'sec. 5.2, Fig. 5' },
          },
          {
            id: 'throughput',
            label: 'Throughput, ILA ÷ PureFair',
            kind: 'ratio',
            metric: 'throughput',
            of: 'ila',
            against: 'PureFair',
            paper: { low: 1, high: 1.9, text: 'up to 1.9×', where: 'sec. 5.2, Fig. 6' },
          },
        ],
      },
    ],
    docsSection: 'ILA, IAO and LAO (004, sec. 5.2): interference- and locality-aware scheduling',
    fullSize: fullSizeOf('ila'),
  },
  {
    id: 'aria',
    paper: 'Resource Provisioning Framework for MapReduce Jobs with Performance Goals — ARIA (Verma, Cherkasova, Campbell; Middleware 2011)',
    claim:
      "Deadline-driven scheduling on ARIA's job profiles (MinEDF) meets more deadlines than FIFO and Fair. This direction is from ARIA's ICAC 2011 evaluation, not from the provisioning paper in the studio's set, whose own claim (completion times predicted within 10 %, sec. 5.3, Fig. 6) is checked by a test of the model against the simulator.",
    presets: [
      {
        file: 'aria-minedf.experiment.json',
        title: '40 jobs with deadlines, Poisson arrivals',
        measures: [
          {
            id: 'fair',
            label: 'Deadlines met, MinEDF − Fair',
            kind: 'deadlinePoints',
            of: 'minedf',
            against: 'fair (delay)',
            paper: { low: 0, high: Infinity, text: 'more deadlines met', where: 'ARIA, ICAC 2011' },
          },
          {
            id: 'fifo',
            label: 'Deadlines met, MinEDF − FIFO',
            kind: 'deadlinePoints',
            of: 'minedf',
            against: 'fifo',
            paper: { low: 0, high: Infinity, text: 'more deadlines met', where: 'ARIA, ICAC 2011' },
          },
        ],
      },
    ],
    docsSection: 'ARIA (002): completion-time bounds and provisioning; MinEDF (ARIA, ICAC 2011)',
    fullSize: fullSizeOf('aria'),
  },
  {
    id: 'fawkes',
    paper: 'Balanced Resource Allocations Across Multiple Dynamic MapReduce Clusters — FAWKES (Ghit, Yigitbasi, Iosup, Epema; SIGMETRICS 2014)',
    claim:
      'FAWKES grows arriving MR-clusters into idle nodes and shrinks them for newcomers (sec. 7.1, Fig. 6); it balances compute-intensive jobs growing with either kind of node, disk-intensive ones only with transient-core nodes (sec. 7.2, Fig. 7). Weighting MR-clusters by the tasks they have waiting (TD) improves the average job slowdown by 25 % over keeping every MR-cluster at its minimum share (None); demand-based policies do at least as well as the performance-based ones (sec. 7.3, Fig. 9). With BTWorld beside HiBench, the most loaded MR-cluster takes most of the nodes and the makespan shrinks (Fig. 11).',
    presets: [
      {
        file: 'fawkes-wkld-a.experiment.json',
        title: 'WKLD-A: three MR-clusters arriving 100 s apart',
        measures: [
          {
            id: 'jd-none-makespan',
            label: 'Makespan, None ÷ JD',
            kind: 'ratio',
            metric: 'makespan',
            of: 'JD (TR)',
            against: 'NONE (TR)',
            paper: {
              low: 1,
              high: Infinity,
              text: 'idle nodes go to the MR-clusters with work and are taken back for newcomers (read as: the batch ends sooner than on minimum shares alone)',
              where: 'sec. 7.1, Fig. 6',
            },
          },
        ],
      },
      {
        file: 'fawkes-wkld-b.experiment.json',
        title: 'WKLD-B: growing and shrinking, WordCount',
        measures: [
          {
            id: 'tr-tc',
            label: 'Makespan, TD with transient ÷ TD with transient-core nodes',
            kind: 'ratio',
            metric: 'makespan',
            of: 'TD (TC)',
            against: 'TD (TR)',
            paper: { low: 1 - SAME / 100, high: 1 + SAME / 100, text: 'balanced with either kind of node', where: 'sec. 7.2, Fig. 7e, 7g' },
          },
        ],
      },
      {
        file: 'fawkes-wkld-c.experiment.json',
        title: 'WKLD-C: growing and shrinking, Sort',
        measures: [
          {
            id: 'tr-tc',
            label: 'Makespan, TD with transient ÷ TD with transient-core nodes',
            kind: 'ratio',
            metric: 'makespan',
            of: 'TD (TC)',
            against: 'TD (TR)',
            paper: {
              low: 1,
              high: Infinity,
              text: 'transient nodes fail to balance disk-intensive jobs, transient-core nodes do',
              where: 'sec. 7.2, Fig. 7f, 7h',
            },
          },
        ],
      },
      {
        file: 'fawkes-wkld-d.experiment.json',
        title: 'WKLD-D: three MR-clusters, imbalanced load',
        measures: [
          {
            id: 'td-none',
            label: 'Average job slowdown, None ÷ TD',
            kind: 'mrSlowdown',
            of: 'TD (TC)',
            against: 'NONE (TC)',
            paper: { low: 1.25, high: 1.43, text: '25 % lower with TD (20-30 % read as 1.25-1.43×)', where: 'sec. 7.3, Fig. 9' },
          },
          {
            id: 'td-js',
            label: 'Average job slowdown, JS ÷ TD',
            kind: 'mrSlowdown',
            of: 'TD (TC)',
            against: 'JS (TC)',
            paper: { low: 1, high: Infinity, text: 'performance-based policies do not outperform the demand-based ones', where: 'sec. 7.3, Fig. 9' },
          },
          {
            id: 'pu-ru',
            label: 'Average job slowdown, RU ÷ PU',
            kind: 'mrSlowdown',
            of: 'PU (TC)',
            against: 'RU (TC)',
            paper: { low: 1, high: Infinity, text: 'of the usage-based policies only PU performs reasonably well', where: 'sec. 7.3, Fig. 9' },
          },
        ],
      },
      {
        file: 'fawkes-wkld-e.experiment.json',
        title: 'WKLD-E: BTWorld beside HiBench',
        measures: [
          {
            id: 'td-eq-makespan',
            label: 'Makespan, EQ ÷ TD',
            kind: 'ratio',
            metric: 'makespan',
            of: 'TD (TC)',
            against: 'EQ (TC)',
            paper: { low: 1, high: Infinity, text: 'TD reduces the overall makespan', where: 'sec. 7.3, Fig. 11' },
          },
        ],
      },
    ],
    docsSection: 'FAWKES (003, sec. 7): balancing several MR-clusters',
    fullSize: fullSizeOf('fawkes'),
  },
];

/** One run as a measure needs it: its seed, summary and jobs (and a FAWKES run's MR-clusters). */
export interface MeasuredRun extends PairableRun {
  summary: RunSummary;
  mrClusters?: readonly Pick<MrClusterReport, 'avgSlowdown'>[];
}

export interface MeasureOutcome {
  value: number | null;
  /** Why there is no value (a configuration did not run, no job of the template finished). */
  missing?: string;
  /** Seeds both configurations ran, the measure on each, and the paired test of those against no difference. */
  seeds?: number;
  perSeed?: number[];
  p?: number | null;
  verdict?: Verdict;
}

/**
 * Within / smaller / larger / opposite: the paired test across seeds separates the two
 * configurations, and the value lies in, short of, beyond or against the paper's range.
 * Unexpected: a difference, separated, where the paper claims none. Unseparated: the test cannot
 * tell the configurations apart (a tie is never "more"). Untested: fewer than two seeds.
 */
export type Verdict = { kind: 'within' | 'smaller' | 'larger' | 'opposite' | 'unexpected' | 'unseparated' | 'untested'; text: string };

/** Significance level of the paired test that a verdict needs. */
export const SIGNIFICANCE = 0.05;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function metricOf(run: MeasuredRun, metric: 'meanJct' | 'throughput' | 'cpu' | 'makespan'): number {
  return metric === 'meanJct'
    ? run.summary.meanJct
    : metric === 'makespan'
      ? run.summary.makespan
      : metric === 'throughput'
        ? run.summary.throughputJobsPerHour
        : run.summary.utilization.cpu;
}

function templateMean(runs: MeasuredRun[], template: string): number | null {
  const times = runs.flatMap((r) =>
    r.jobs
      .filter((j) => j.template === template && j.status === 'succeeded' && j.submit !== null && j.finish !== null)
      .map((j) => jobSeconds(j.submit!, j.finish!)),
  );
  return times.length ? mean(times) : null;
}

/** The measure's value on these runs (all seeds together), or why there is none. */
function valueOf(m: Measure, of: MeasuredRun[], against: MeasuredRun[]): number | string {
  if (m.kind === 'ratio') {
    const a = mean(of.map((r) => metricOf(r, m.metric)));
    const b = mean(against.map((r) => metricOf(r, m.metric)));
    return m.metric === 'meanJct' || m.metric === 'makespan' ? b / a : a / b;
  }
  if (m.kind === 'templateChange') {
    const a = templateMean(of, m.template);
    const b = templateMean(against, m.template);
    if (a === null || b === null) return `no ${m.template} job finished under both`;
    return (100 * (a - b)) / b;
  }
  if (m.kind === 'perJobSpeedup') {
    const s = pairedSpeedup(of, against);
    return s ? s.perJob : 'no job finished under both';
  }
  if (m.kind === 'mrSlowdown') {
    const a = of.map(runMeanSlowdown).filter((x): x is number => x !== null);
    const b = against.map(runMeanSlowdown).filter((x): x is number => x !== null);
    return a.length && b.length ? mean(b) / mean(a) : 'no MR-cluster finished a job under both';
  }
  const share = (rs: MeasuredRun[]) => rs.map((r) => r.summary.deadlineHitRate).filter((x): x is number => x !== null);
  const a = share(of);
  const b = share(against);
  if (!a.length || !b.length) return 'no job had a deadline';
  return 100 * (mean(a) - mean(b));
}

/**
 * The measure on a batch's finished runs, by configuration label: its value over all seeds, its
 * value on each seed both ran, and the paired test of those against no difference, which the
 * verdict needs before it calls anything reproduced.
 */
export function measure(m: Measure, runs: Record<string, MeasuredRun[]>): MeasureOutcome {
  const of = runs[m.of] ?? [];
  const against = runs[m.against] ?? [];
  const absent = [m.of, m.against].filter((l) => !(runs[l] ?? []).length);
  if (absent.length) return { value: null, missing: `no finished run of ${absent.map((l) => `"${l}"`).join(' and ')}` };
  const value = valueOf(m, of, against);
  if (typeof value === 'string') return { value: null, missing: value };
  if (!Number.isFinite(value)) return { value: null, missing: 'the measure is not defined on these runs' };
  const seeds = [...new Set(of.map((r) => r.seed))].filter((s) => against.some((r) => r.seed === s)).sort((a, b) => a - b);
  const perSeed = seeds
    .map((s) =>
      valueOf(
        m,
        of.filter((r) => r.seed === s),
        against.filter((r) => r.seed === s),
      ),
    )
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const n = neutral(m);
  const test = pairedTTest(
    perSeed,
    perSeed.map(() => n),
  );
  return { value, seeds: perSeed.length, perSeed, p: test.p, verdict: verdict(m, value, { n: perSeed.length, p: test.p }) };
}

/** The neutral point of a measure: no difference between the two configurations. */
const neutral = (m: Measure) => (m.kind === 'ratio' || m.kind === 'perJobSpeedup' || m.kind === 'mrSlowdown' ? 1 : 0);

export function formatMeasure(m: Measure, value: number): string {
  if (m.kind === 'templateChange') return `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)} %`;
  if (m.kind === 'deadlinePoints') return `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)} points`;
  return `${value.toFixed(2)}×`;
}

const pText = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

/**
 * Where the studio's value (shown beside it with formatMeasure) lies against the paper's range, in
 * plain words, once the paired test across seeds (`test`: seeds and p) has separated the two
 * configurations: inside the range, the same direction but smaller or larger, the opposite
 * direction, or a difference the paper did not find. Without the separation there is no verdict
 * on a direction: "not separated" (or "one seed" when there is nothing to test), and a tie is
 * never read as "more". A claim of no difference is met by a value inside its range.
 */
export function verdict(m: Measure, value: number, test: { n: number; p: number | null }): Verdict {
  const { low, high } = m.paper;
  const range = `${Number.isFinite(low) ? formatMeasure(m, low) : ''}${Number.isFinite(high) ? ` to ${formatMeasure(m, high)}` : ' or more'}`;
  const n = neutral(m);
  const noDifference = low < n && high > n;
  if (noDifference && value >= low && value <= high) return { kind: 'within', text: `within the paper's range (${m.paper.text})` };
  if (test.n < 2 || test.p === null) return { kind: 'untested', text: `one seed: no test, so no verdict (paper: ${m.paper.text}); run at full size` };
  const separated = test.p < SIGNIFICANCE && value !== n;
  if (!separated) return { kind: 'unseparated', text: `not separated from no difference across ${test.n} seeds (${pText(test.p)}; paper: ${m.paper.text})` };
  const seeds = `${test.n} seeds, ${pText(test.p)}`;
  // A range around the neutral point is a claim of no difference: anything separated outside it is one the paper did not see.
  if (noDifference) return { kind: 'unexpected', text: `a difference the paper did not find (${seeds}; paper: ${m.paper.text}, read as ${range})` };
  if (value >= low && value <= high) return { kind: 'within', text: `within the paper's range (${seeds}; paper: ${m.paper.text})` };
  const paperSide = Math.sign(low - n) || Math.sign(high - n);
  if (Math.sign(value - n) !== paperSide) return { kind: 'opposite', text: `the opposite direction (${seeds}; paper: ${m.paper.text})` };
  const smaller = Math.abs(value - n) < Math.min(Math.abs(low - n), Math.abs(high - n));
  return smaller
    ? { kind: 'smaller', text: `the paper's direction, but smaller (${seeds}; paper: ${m.paper.text})` }
    : { kind: 'larger', text: `the paper's direction, but larger (${seeds}; paper: ${m.paper.text})` };
}

/** A preset as the Reproduce area shows it: what it sets up, and the studio's latest run of it. */
export interface ReproducePresetView extends ReproductionPreset {
  name: string;
  setup: { nodes: number; jobs: number; schedulers: string[]; seeds: number[] };
  /** What "Run reduced" runs of it: "25 of its 50 generated jobs", "each of its 2 jobs with half its maps". */
  reducedAs: string;
  latest?: {
    batchId: string;
    name: string;
    status: BatchSummary['status'];
    createdAt: string;
    /** The seeds that ran: the first one alone at reduced size. */
    seeds: number[];
    reduced: boolean;
    outcomes: Record<string, MeasureOutcome>;
  };
}

export interface ReproduceEntry extends Omit<Reproduction, 'presets'> {
  presets: ReproducePresetView[];
}

/** Tags of a batch the Reproduce area started: which preset, and at which size. */
export const reproduceTags = (file: string, reduced: boolean) => ['reproduce', `preset:${file}`, reduced ? 'reduced' : 'full size'];
