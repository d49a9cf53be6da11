import type { ResultFile } from '@shared/experiment/experiment';
import { formatMeasure, measure, REPRODUCTIONS, type MeasuredRun, type Verdict } from '@shared/results/reproductions';

/** One row of a paper's claim table: the paper's figure beside the studio's, and the verdict of the paired test. */
export interface PaperClaimRow {
  measure: string;
  paper: string;
  where: string;
  /** The studio's value as the Reproduce area prints it; null with the reason in `missing`. */
  studio: string | null;
  missing?: string;
  /** Seeds both configurations ran. */
  seeds?: number;
  verdict?: Verdict;
}

/** The claim a paper preset mirrors, measured on a run of it: what the Reproduce area shows, for a report. */
export interface PaperClaimTable {
  paper: string;
  claim: string;
  preset: string;
  /** A reduced run (fewer or smaller jobs, three seeds: services/reducedRun.ts): a first look, not the paper's set-up. */
  reduced: boolean;
  docsSection: string;
  rows: PaperClaimRow[];
}

/** The runs of a result by scheduler label, as a measure reads them. */
function runsByLabel(result: ResultFile): Record<string, MeasuredRun[]> {
  const out: Record<string, MeasuredRun[]> = {};
  for (const r of result.runs)
    (out[r.scheduler] ??= []).push({ seed: r.seed, summary: r.summary, jobs: r.jobs, ...(r.mrClusters ? { mrClusters: r.mrClusters } : {}) });
  return out;
}

/**
 * The paper's claim table for a run of one of the paper presets (named by its file, as the batch's
 * `preset:` tag names it), measured exactly as the Reproduce area measures it; undefined for any
 * other file.
 */
export function paperClaimTable(presetFile: string, reduced: boolean, result: ResultFile): PaperClaimTable | undefined {
  for (const r of REPRODUCTIONS) {
    const preset = r.presets.find((p) => p.file === presetFile);
    if (!preset) continue;
    const runs = runsByLabel(result);
    const rows = preset.measures.map((m): PaperClaimRow => {
      const o = measure(m, runs);
      return {
        measure: m.label,
        paper: m.paper.text,
        where: m.paper.where,
        studio: o.value === null ? null : formatMeasure(m, o.value),
        ...(o.missing ? { missing: o.missing } : {}),
        ...(o.seeds !== undefined ? { seeds: o.seeds } : {}),
        ...(o.verdict ? { verdict: o.verdict } : {}),
      };
    });
    return { paper: r.paper, claim: r.claim, preset: preset.title, reduced, docsSection: r.docsSection, rows };
  }
  return undefined;
}

/** The preset a batch ran, from its tags (reproduceTags), and whether it was the reduced run. */
export function presetOfTags(tags: readonly string[]): { file: string; reduced: boolean } | undefined {
  const tag = tags.find((t) => t.startsWith('preset:'));
  return tag ? { file: tag.slice('preset:'.length), reduced: tags.includes('reduced') } : undefined;
}
