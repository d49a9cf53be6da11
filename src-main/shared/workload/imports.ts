import type { JobSpec } from './workload';

/** Workload file formats the importers read; `json` and `csv` are our own workload files. */
export const TRACE_FORMATS = ['swim', 'sls', 'rumen', 'synth', 'json', 'csv'] as const;
export type TraceFormat = (typeof TRACE_FORMATS)[number];

export const TRACE_FORMAT_LABELS: Record<TraceFormat, string> = {
  swim: 'SWIM (tab-separated)',
  sls: 'YARN SLS trace',
  rumen: 'Hadoop Rumen',
  synth: 'SLS SYNTH description',
  json: 'Workload Studio JSON',
  csv: 'Workload Studio CSV (one job per row)',
};

/** Short names for sentences ("imported from x.tsv (SWIM)"). */
export const TRACE_FORMAT_NAMES: Record<TraceFormat, string> = {
  swim: 'SWIM',
  sls: 'YARN SLS',
  rumen: 'Rumen',
  synth: 'SLS SYNTH',
  json: 'Workload Studio JSON',
  csv: 'Workload Studio CSV',
};

/** What an imported workload's description says of how the studio reads a format's figures: what it replays, what it does not keep. */
export const TRACE_FORMAT_READING: Partial<Record<TraceFormat, string>> = {
  sls: "Each map and reduce computes for its own container's time (a container without one, for its kind's mean), moving no data but each map's block, as SLS replays them (SLS gives no bytes); a kind whose containers give no times runs as the Generic template prices it.",
  synth:
    "Each map and reduce computes for its own task time, drawn per task from the description, moving no data but each map's block, as SLS replays them; a kind without a time runs as the Generic template prices it; container memory and vcores are not kept.",
};

/**
 * How a trace that gives both bytes and task times is replayed (Hadoop Rumen): each task priced
 * from its bytes by its job's template (the studio's model), or each task computing for its own
 * traced time, as YARN SLS replays a Rumen trace. Other formats have one reading.
 */
export const TRACE_REPLAYS = ['bytes', 'times'] as const;
export type TraceReplay = (typeof TRACE_REPLAYS)[number];

export const TRACE_REPLAY_LABELS: Record<TraceReplay, string> = {
  bytes: 'Priced from their bytes',
  times: 'Their own traced times (as SLS)',
};

/** An imported Rumen trace's description when its task times are replayed. */
export const RUMEN_TIMES_READING =
  "Each map computes for its successful attempt's time and each reduce for its time after its shuffle (a task without one, for its kind's mean), as YARN SLS replays a Rumen trace; each map still reads its input, and timed reduces receive and write nothing (their time covers it); a kind without times is priced from its bytes.";

export interface TraceProblem {
  /** 1-based; 0 when the format has no meaningful line (our JSON is checked as a whole, by field). */
  line: number;
  field: string;
  message: string;
}

/** A file main has opened for import (from its file dialog or an upload), known by a token only. */
export interface ImportFile {
  file: string;
  fileName: string;
  bytes: number;
}

/** What a parsed file would import, shown before the user confirms. */
export interface ImportPreview extends ImportFile {
  format: TraceFormat;
  jobs: number;
  /** The maps and reduces the file gives. */
  tasks: number;
  /** Jobs that give no number of maps: a run makes them from the job's input and the cluster's block size. */
  mapsFromInput: number;
  /** Seconds from the first submission to the last. */
  spanS: number;
  hasGenerator: boolean;
  /** Jobs that carry a deadline (absolute or as a factor) of their own. */
  withDeadlines: number;
  /** Of those, jobs whose own deadline no run can meet (shared/workload/deadlineReach.ts). */
  unmeetableDeadlines: number;
  firstRows: JobSpec[];
  /** The first problems (at most `MAX_PREVIEW_PROBLEMS`); `problemCount` counts them all. */
  problems: TraceProblem[];
  problemCount: number;
  suggestedName: string;
  /** How many jobs move how many bytes (input + shuffle + output), log-scale bins. */
  sizes: SizeBin[];
  /** Jobs whose tasks the importer's rule makes pathological (the first ones), and how many there are. */
  flagged: ShapeFlag[];
  flaggedCount: number;
  /**
   * A generator description (SYNTH) that would make more than `LARGE_GENERATED` jobs or tasks:
   * what it would make, stated before making any. Nothing was generated; preview again with
   * `allowLarge` to make them.
   */
  large?: GeneratedSize;
}

export interface GeneratedSize {
  jobs: number;
  /** Expected tasks: jobs × the weighted mean of the classes' maps + reduces. */
  tasks: number;
}

/** Above either, a generator description is stated and asked about before it is expanded. */
export const LARGE_GENERATED: GeneratedSize = { jobs: 50_000, tasks: 2_000_000 };

export interface SizeBin {
  label: string;
  jobs: number;
  tasks: number;
}

export interface ShapeFlag {
  job: string;
  inputMb: number;
  shuffleMb: number;
  outputMb: number;
  maps: number;
  reduces: number;
  reasons: string[];
}

export const MAX_PREVIEW_PROBLEMS = 50;
export const PREVIEW_ROWS = 20;

/** "line 12, submit time: …", or the field alone where lines mean nothing. */
export function describeProblem(p: TraceProblem): string {
  return `${p.line > 0 ? `line ${p.line}, ` : ''}${p.field}: ${p.message}`;
}
