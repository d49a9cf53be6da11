import type { JobSpec } from '@shared/workload/workload';
import type { ShapeFlag, SizeBin } from '@shared/workload/imports';
import { BYTES_PER_MB } from './types';

/**
 * What a trace's jobs look like once the importer made tasks of them, so the import preview can
 * show the workload's shape and point at the jobs a byte-to-task rule serves badly: a task left
 * with far more data than a task normally handles, or a job writing orders of magnitude more than
 * it reads (SWIM FB-2009's job6565 reads 430 KB and writes 1.15 TB).
 */

/** A task handling more than this is flagged: no single map or reduce of the replay moves so much. */
const MAX_TASK_BYTES = 16 * 1024 * BYTES_PER_MB;
/** Output this many times larger than input + shuffle (and at least 10 GiB) is flagged. */
const WRITE_AMPLIFICATION = 1000;
const BIG_OUTPUT = 10 * 1024 * BYTES_PER_MB;
export const MAX_FLAGGED = 50;

const size = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let u = 0;
  let x = bytes;
  while (x >= 1024 && u < units.length - 1) {
    x /= 1024;
    u++;
  }
  return `${x >= 100 || u === 0 ? Math.round(x) : x.toFixed(1)} ${units[u]}`;
};

/** Why a job's tasks are pathological under the rule that made them; empty when they are not. */
export function shapeProblems(job: JobSpec): string[] {
  const input = (job.inputMb ?? 0) * BYTES_PER_MB;
  const shuffle = (job.shuffleMb ?? 0) * BYTES_PER_MB;
  const output = (job.outputMb ?? 0) * BYTES_PER_MB;
  const maps = Math.max(1, job.maps ?? 1);
  const reduces = job.reduces ?? 0;
  const out: string[] = [];
  if (input / maps > MAX_TASK_BYTES) out.push(`each map reads ${size(input / maps)}`);
  if (reduces > 0 && (shuffle + output) / reduces > MAX_TASK_BYTES) out.push(`each of its ${reduces} reduces moves ${size((shuffle + output) / reduces)}`);
  if (reduces === 0 && output / maps > MAX_TASK_BYTES) out.push(`each map writes ${size(output / maps)}`);
  if (output >= BIG_OUTPUT && output > WRITE_AMPLIFICATION * Math.max(input + shuffle, 1))
    out.push(`writes ${size(output)} from ${size(input)} of input (${Math.round(output / Math.max(input + shuffle, 1)).toLocaleString('en-US')}×)`);
  return out;
}

/** Bins of a log-scale histogram of the bytes each job moves (input + shuffle + output). */
const BIN_EDGES = [0, BYTES_PER_MB, 100 * BYTES_PER_MB, 10 * 1024 * BYTES_PER_MB, 1024 * 1024 * BYTES_PER_MB, Infinity];
const BIN_LABELS = ['< 1 MB', '1–100 MB', '100 MB–10 GB', '10 GB–1 TB', '≥ 1 TB'];

export function sizeHistogram(jobs: readonly JobSpec[]): SizeBin[] {
  const bins = BIN_LABELS.map((label) => ({ label, jobs: 0, tasks: 0 }));
  for (const j of jobs) {
    const bytes = ((j.inputMb ?? 0) + (j.shuffleMb ?? 0) + (j.outputMb ?? 0)) * BYTES_PER_MB;
    let b = 0;
    while (b < BIN_LABELS.length - 1 && bytes >= BIN_EDGES[b + 1]) b++;
    bins[b].jobs++;
    bins[b].tasks += (j.maps ?? 0) + (j.reduces ?? 0);
  }
  return bins;
}

/** The flagged jobs (the first MAX_FLAGGED) and how many there are. */
export function flaggedJobs(jobs: readonly JobSpec[]): { flagged: ShapeFlag[]; flaggedCount: number } {
  const flagged: ShapeFlag[] = [];
  let flaggedCount = 0;
  jobs.forEach((j, i) => {
    const reasons = shapeProblems(j);
    if (!reasons.length) return;
    flaggedCount++;
    if (flagged.length < MAX_FLAGGED)
      flagged.push({
        job: j.id ?? `#${i + 1}`,
        inputMb: j.inputMb ?? 0,
        shuffleMb: j.shuffleMb ?? 0,
        outputMb: j.outputMb ?? 0,
        maps: j.maps ?? 0,
        reduces: j.reduces ?? 0,
        reasons,
      });
  });
  return { flagged, flaggedCount };
}
