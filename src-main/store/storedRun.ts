import type { ResultFile } from '@shared/experiment/experiment';

type ResultRun = ResultFile['runs'][number];

/** What a stored run keeps besides its columns: the summary, and the jobs and profiles of the result file. */
export interface StoredRunResult {
  summary: ResultRun['summary'];
  jobs: ResultRun['jobs'];
  profiles?: ResultRun['profiles'];
  aria?: ResultRun['aria'];
  mrClusters?: ResultRun['mrClusters'];
  reasons?: string[];
  /** The kind of each reason; runs saved before kinds were kept have none (shared/results/decisionCounts.ts reads their words). */
  reasonKinds?: string[];
  kind?: string;
  idealSeconds?: (number | null)[];
  jobMaps?: number[];
  jobReduces?: number[];
}
