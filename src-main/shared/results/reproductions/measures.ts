/** What a paper's claim is made of: measures computed from two configurations' runs, each with the paper's range. */

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

/** A claim as its paper's file writes it; the catalogue adds what the full-size runs gave. */
export type PaperClaim = Omit<Reproduction, 'fullSize'>;

/** A few percent either way: what "unaffected", "almost identical" and "do not outperform" are read as. */
export const SAME = 5;
