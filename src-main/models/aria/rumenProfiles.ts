import { addDuration, emptyAriaTotals, mergeAriaTotals, type AriaTotals } from '@shared/aria/totals';
import { JsonObjectStream } from '../../workloads/traces/jsonObjectStream';
import { templateByName } from '../../workloads/templates';

const MB = 1024 * 1024;
/** Rumen writes -1 for what it did not see. */
const known = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

interface RumenAttempt {
  startTime?: number;
  finishTime?: number;
  result?: string;
  shuffleFinished?: number;
  sortFinished?: number;
  reduceShuffleBytes?: number;
  hdfsBytesWritten?: number;
}
interface RumenTask {
  inputBytes?: number;
  outputBytes?: number;
  attempts?: RumenAttempt[];
}

function successful(t: RumenTask): RumenAttempt | undefined {
  return (t.attempts ?? []).find((a) => a.result === 'SUCCESS' && known(a.startTime) && known(a.finishTime));
}

/**
 * ARIA measurements (sec. 3.2) of one Rumen job: each successful map's duration and bytes; for each
 * successful reduce, shuffle-and-sort from its start to `sortFinished` (only after the last map
 * finished for the first wave) and the reduce phase from `sortFinished` to its finish. Returns
 * why it cannot when the job lacks what ARIA needs.
 */
export function ariaTotalsOfRumenJob(job: { mapTasks?: RumenTask[]; reduceTasks?: RumenTask[] }): { totals: AriaTotals } | { problem: string } {
  const t = emptyAriaTotals();
  let mapEnd = -Infinity;
  for (const task of job.mapTasks ?? []) {
    const a = successful(task);
    if (!a) continue;
    addDuration(t.maps, (a.finishTime! - a.startTime!) / 1000);
    if (known(task.inputBytes)) t.maps.inputMb += task.inputBytes / MB;
    if (known(task.outputBytes)) t.maps.outputMb += task.outputBytes / MB;
    mapEnd = Math.max(mapEnd, a.finishTime!);
  }
  if (t.maps.count === 0) return { problem: 'no successful map attempt with start and finish times' };
  for (const task of job.reduceTasks ?? []) {
    const a = successful(task);
    if (!a) continue;
    if (!known(a.sortFinished)) return { problem: 'a reduce attempt has no sortFinished time (Rumen traces from Hadoop 0.20 and later carry it)' };
    const start = a.startTime!;
    const sortEnd = a.sortFinished;
    if (start < mapEnd) addDuration(t.firstShuffle, Math.max(0, sortEnd - mapEnd) / 1000);
    else addDuration(t.typicalShuffle, (sortEnd - start) / 1000);
    addDuration(t.reduces, (a.finishTime! - sortEnd) / 1000);
    const input = known(a.reduceShuffleBytes) ? a.reduceShuffleBytes : known(task.inputBytes) ? task.inputBytes : 0;
    t.reduces.inputMb += input / MB;
    if (known(task.outputBytes)) t.reduces.outputMb += task.outputBytes / MB;
  }
  return { totals: t };
}

/**
 * ARIA totals per template from a Rumen job trace (jobs named after a known template use it, the
 * rest are grouped under their job name), and the jobs that could not be profiled with the reason.
 */
export function ariaTotalsFromRumen(text: string): { totals: Record<string, AriaTotals>; skipped: { job: string; line: number; problem: string }[] } {
  const totals: Record<string, AriaTotals> = {};
  const skipped: { job: string; line: number; problem: string }[] = [];
  const stream = new JsonObjectStream((value, line) => {
    const o = (value ?? {}) as Record<string, unknown>;
    const id = typeof o.jobID === 'string' ? o.jobID : `job at line ${line}`;
    const name = typeof o.jobName === 'string' && o.jobName ? o.jobName : id;
    const got = ariaTotalsOfRumenJob(o as { mapTasks?: RumenTask[]; reduceTasks?: RumenTask[] });
    if ('problem' in got) {
      skipped.push({ job: id, line, problem: got.problem });
      return;
    }
    const key = templateByName(name)?.name ?? name;
    totals[key] = totals[key] ? mergeAriaTotals(totals[key], got.totals) : got.totals;
  });
  stream.push(text);
  stream.end();
  if (stream.error) skipped.push({ job: 'file', line: stream.error.line, problem: stream.error.error });
  return { totals, skipped };
}
