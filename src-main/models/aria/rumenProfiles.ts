import { addJob, addMap, addReduce, emptyAriaTotals, mergeAriaTotals, type AriaTotals } from '@shared/aria/totals';
import { JsonObjectStream } from '../../workloads/traces/jsonObjectStream';
import { templateByName } from '../../workloads/benchmarkTemplates';
import { known, successfulAttempt, type RumenAttempt, type RumenTask } from '../../workloads/traces/rumenRecords';

const BYTES_PER_MB = 1024 * 1024;

function successful(t: RumenTask): RumenAttempt | undefined {
  return t.attempts?.[successfulAttempt(t.attempts)];
}

/**
 * ARIA measurements (sec. 3.2) of one Rumen job: each successful map's duration and bytes; each
 * successful reduce's stages from its start, `sortFinished` and finish (addReduce). Returns why it
 * cannot when the job lacks what ARIA needs.
 */
export function ariaTotalsOfRumenJob(job: { mapTasks?: RumenTask[]; reduceTasks?: RumenTask[] }): { totals: AriaTotals } | { problem: string } {
  const t = emptyAriaTotals();
  let mapEnd = -Infinity;
  for (const task of job.mapTasks ?? []) {
    const a = successful(task);
    if (!a) continue;
    addMap(
      t,
      (a.finishTime! - a.startTime!) / 1000,
      known(task.inputBytes) ? task.inputBytes / BYTES_PER_MB : 0,
      known(task.outputBytes) ? task.outputBytes / BYTES_PER_MB : 0,
    );
    mapEnd = Math.max(mapEnd, a.finishTime!);
  }
  if (t.maps.count === 0) return { problem: 'no successful map attempt with start and finish times' };
  addJob(t, (job.mapTasks ?? []).length);
  for (const task of job.reduceTasks ?? []) {
    const a = successful(task);
    if (!a) continue;
    if (!known(a.sortFinished)) return { problem: 'a reduce attempt has no sortFinished time (Rumen traces from Hadoop 0.20 and later carry it)' };
    const input = known(a.reduceShuffleBytes) ? a.reduceShuffleBytes : known(task.inputBytes) ? task.inputBytes : 0;
    const output = known(task.outputBytes) ? task.outputBytes : 0;
    // Rumen times are epoch milliseconds.
    addReduce(t, a.startTime! / 1000, a.sortFinished / 1000, a.finishTime! / 1000, mapEnd / 1000, input / BYTES_PER_MB, output / BYTES_PER_MB);
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
    totals[key] = Object.hasOwn(totals, key) ? mergeAriaTotals(totals[key], got.totals) : got.totals;
  });
  stream.push(text);
  stream.end();
  if (stream.error) skipped.push({ job: 'file', line: stream.error.line, problem: stream.error.error });
  return { totals, skipped };
}
