import { TraceCollector } from './collector';
import { JsonObjectStream } from './jsonObjectStream';
import { readAll, type TraceImport, type TraceReader } from './types';
import { quote } from '@shared/files/quote';
import { MAX_TASK_SECONDS, replayedCosts, TaskTimes } from './replayedTimes';

/**
 * YARN SLS native traces: job objects back to back with `job.start.ms`, `job.queue.name`, `job.id`,
 * `job.count` and `job.tasks[]` (`container.type` map or reduce, "map" when absent, and `count`
 * containers of each entry, as SLS reads them). The optional first object giving `num.nodes` and
 * `num.racks` describes SLS's own cluster and is passed over. SLS gives no bytes, so each map reads
 * one block; the template is the trace default (Generic). Container times are replayed as SLS
 * replays them (containerTimes below, ./replayedTimes.ts): each container of a kind whose
 * containers give times computes for its own time (a container without one, for their mean), and
 * moves no data beyond the map's block.
 */
export function slsReader(limit = Infinity): TraceReader {
  const out = new TraceCollector('sls', limit);
  const objects = new JsonObjectStream((value, line) => {
    if (out.full) return;
    const o = (value ?? {}) as Record<string, unknown>;
    // SLS's cluster size ({"num.nodes": 3, "num.racks": 1}): not a job.
    if (!('job.tasks' in o) && ('num.nodes' in o || 'num.racks' in o)) return;
    const start = o['job.start.ms'];
    if (typeof start !== 'number' || !Number.isFinite(start) || start < 0) {
      out.problem(line, 'job.start.ms', `expected milliseconds ≥ 0, found ${quote(start)}`);
      return;
    }
    const tasks = o['job.tasks'];
    if (!Array.isArray(tasks)) {
      out.problem(line, 'job.tasks', 'expected a list of tasks');
      return;
    }
    let maps = 0;
    let reduces = 0;
    const timed = { map: new TaskTimes('ms'), reduce: new TaskTimes('ms') };
    for (let k = 0; k < tasks.length; k++) {
      const task = (tasks[k] ?? {}) as Record<string, unknown>;
      const type = task['container.type'] ?? 'map';
      const count = task.count ?? 1;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
        out.problem(line, `job.tasks.${k}.count`, `expected a whole number of containers ≥ 0, found ${quote(count)}`);
        return;
      }
      if (type !== 'map' && type !== 'reduce')
        return void out.problem(line, `job.tasks.${k}.container.type`, `expected "map" or "reduce", found ${quote(type)}`);
      // A container that ends before it starts is a broken trace, said at its field, not replayed as if whole.
      const times = containerTimes(task);
      if ('field' in times) return void out.problem(line, `job.tasks.${k}.${times.field}`, times.message);
      if (type === 'map') maps += count;
      else reduces += count;
      timed[type].add(times.ms, count);
    }
    const copies = o['job.count'] ?? 1;
    if (typeof copies !== 'number' || !Number.isInteger(copies) || copies < 1) {
      out.problem(line, 'job.count', `expected a whole number of jobs ≥ 1, found ${quote(copies)}`);
      return;
    }
    const given = typeof o['job.id'] === 'string' && o['job.id'] ? (o['job.id'] as string) : undefined;
    const queue = typeof o['job.queue.name'] === 'string' && o['job.queue.name'] ? (o['job.queue.name'] as string) : 'default';
    // SLS numbers the copies of a job with a count itself; so does the studio, after the given id.
    // accept() may fill the collector; TypeScript's narrowing from the check at the top cannot see that.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    for (let c = 0; c < copies && !out.full; c++) {
      const id = given === undefined ? `sls-${out.jobs.length + 1}` : copies === 1 ? given : `${given}-${c + 1}`;
      out.accept(
        {
          id,
          template: 'Generic',
          submit: start / 1000,
          maps: Math.max(1, maps),
          reduces,
          queue,
          dependsOn: [],
          ...replayedCosts(timed.map, timed.reduce),
        },
        line,
      );
    }
  });
  return {
    format: 'sls',
    push: (chunk) => objects.push(chunk),
    end(): TraceImport {
      objects.end();
      if (objects.error) out.problem(objects.error.line, 'file', objects.error.error);
      return out.result();
    },
  };
}

/** SLS's longest container the studio replays. */
const MAX_CONTAINER_MS = MAX_TASK_SECONDS * 1000;

/**
 * A task entry's duration as SLS takes it: `duration.ms` where given, else `container.end.ms` −
 * `container.start.ms`; none when neither is. Every time given is milliseconds ≥ 0, the end not
 * before the start, and the duration at most a day.
 */
function containerTimes(task: Record<string, unknown>): { ms?: number } | { field: string; message: string } {
  for (const field of ['duration.ms', 'container.start.ms', 'container.end.ms']) {
    const t = task[field];
    if (t !== undefined && (typeof t !== 'number' || !Number.isFinite(t) || t < 0)) return { field, message: `expected milliseconds ≥ 0, found ${quote(t)}` };
  }
  const [given, start, end] = [task['duration.ms'], task['container.start.ms'], task['container.end.ms']] as (number | undefined)[];
  if (start !== undefined && end !== undefined && end < start)
    return { field: 'container.end.ms', message: `ends at ${end} ms, before the container starts (${start} ms)` };
  const ms = given ?? (start !== undefined && end !== undefined ? end - start : undefined);
  if (ms !== undefined && ms > MAX_CONTAINER_MS)
    return {
      field: given !== undefined ? 'duration.ms' : 'container.end.ms',
      message: `a container of ${ms} ms runs longer than a day (86,400,000 ms), the longest the studio replays`,
    };
  return { ms };
}

export function parseSls(text: string, limit = Infinity): TraceImport {
  return readAll(slsReader(limit), text);
}
