import type { BatchSummary } from '../../experiment/design';
import type { ReproductionPreset, Reproduction } from './measures';
import type { MeasureOutcome } from './verdicts';

/*
 * The papers' headline claims next to the studio's own numbers (the Reproduce area). Each claim is
 * one measure the studio computes from a run of a preset, with the paper's range and where the
 * paper prints it; docs/reproductions.md keeps the full-size results and how they were made.
 * One file per paper (prism.ts, liu.ts, ila.ts, aria.ts, fawkes.ts) holds its claims, catalogue.ts
 * lists them, measures.ts says what a measure is, verdicts.ts computes one on runs and words it.
 */
export * from './measures';
export * from './verdicts';
export { REPRODUCTIONS } from './catalogue';

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
    /** Why its numbers may be missing: its runs' reason for failing, or a cancel (shared/results/failedRuns.ts `batchTrouble`). */
    trouble?: string;
  };
}

export interface ReproduceEntry extends Omit<Reproduction, 'presets'> {
  presets: ReproducePresetView[];
}

/** Tags of a batch the Reproduce area started: which preset, and at which size. */
export const reproduceTags = (file: string, reduced: boolean) => ['reproduce', `preset:${file}`, reduced ? 'reduced' : 'full size'];
