import { MAX_SUBMIT_S, MAX_SUBMIT_WORDS } from '@shared/workload/workload';
import { TraceCollector } from './collector';
import { templateByName } from '../benchmarkTemplates';
import { JsonObjectStream } from './jsonObjectStream';
import { BYTES_PER_MB, readAll, type TraceImport, type TraceReader } from './types';
import { replayedCosts } from './replayedTimes';
import { rumenTaskTimes } from './rumenTimes';
import { known } from './rumenRecords';
import { RUMEN_TIMES_READING, type TraceReplay } from '@shared/workload/imports';

/**
 * Hadoop Rumen job traces: job objects with `submitTime` (epoch ms), `mapTasks[]` and
 * `reduceTasks[]`; maps carry `inputBytes` and `outputBytes`, reduces `outputBytes`. A job named
 * after a known template (WordCount, Sort …) uses it; others get the trace default.
 *
 * `replay` 'times' replays each task's own time instead, as YARN SLS replays a Rumen trace
 * (./rumenTimes.ts, ./replayedTimes.ts): a timed kind computes for its attempts' times, and its
 * bytes are kept only where they still mean something (each map reads its input; the shuffle and
 * output of timed reduces are not moved, their time covers them).
 */
export function rumenReader(limit = Infinity, replay: TraceReplay = 'bytes'): TraceReader {
  const out = new TraceCollector('rumen', limit);
  // Epoch submit times: kept aside and made relative to the first job at the end.
  const submitMs: number[] = [];
  const lines: number[] = [];
  const objects = new JsonObjectStream((value, line) => {
    if (out.full) return;
    const o = (value ?? {}) as Record<string, unknown>;
    const submit = known(o.submitTime) ? o.submitTime : known(o.launchTime) ? o.launchTime : undefined;
    if (submit === undefined) {
      out.problem(line, 'submitTime', 'missing or -1 (and no launchTime)');
      return;
    }
    const mapTasks = o.mapTasks;
    const reduceTasks = o.reduceTasks ?? [];
    if (!Array.isArray(mapTasks) || !Array.isArray(reduceTasks)) {
      out.problem(line, Array.isArray(mapTasks) ? 'reduceTasks' : 'mapTasks', 'expected a list of tasks');
      return;
    }
    let input = 0;
    let inputKnown = 0;
    let shuffle = 0;
    for (const t of mapTasks as (Record<string, unknown> | null)[]) {
      if (known(t?.inputBytes)) {
        input += t.inputBytes;
        inputKnown++;
      }
      if (known(t?.outputBytes)) shuffle += t.outputBytes;
    }
    let output = 0;
    for (const t of reduceTasks as (Record<string, unknown> | null)[]) if (known(t?.outputBytes)) output += t.outputBytes;
    const times = replay === 'times' ? rumenTaskTimes(mapTasks, reduceTasks) : undefined;
    if (times && 'field' in times) return void out.problem(line, times.field, times.message);
    const costs = times ? replayedCosts(times.map, times.reduce) : {};
    // Timed reduces compute for their time and receive nothing (replayedCosts): the trace's shuffle and output are theirs to replay, not to move again.
    const bytesMoved = costs.reduceCpuSPerTask === undefined;
    const name = typeof o.jobName === 'string' ? o.jobName : '';
    const before = out.jobs.length;
    out.accept(
      {
        id: typeof o.jobID === 'string' ? o.jobID : `rumen-${out.jobs.length + 1}`,
        // A timed job's work is its times: a named template's per-MB costs (TeraGen's per MB written, too) would be counted again.
        template: costs.mapCpuSPerTask !== undefined ? 'Generic' : (templateByName(name)?.name ?? 'Generic'),
        submit: 0,
        ...(inputKnown > 0 ? { inputMb: input / BYTES_PER_MB } : {}),
        maps: Math.max(1, mapTasks.length),
        reduces: reduceTasks.length,
        queue: typeof o.queue === 'string' && o.queue ? o.queue : 'default',
        dependsOn: [],
        ...(bytesMoved && reduceTasks.length > 0 ? { shuffleMb: shuffle / BYTES_PER_MB } : {}),
        ...(bytesMoved ? { outputMb: output / BYTES_PER_MB } : {}),
        ...costs,
      },
      line,
    );
    if (out.jobs.length > before) {
      submitMs.push(submit);
      lines.push(line);
    }
  });
  return {
    format: 'rumen',
    push: (chunk) => objects.push(chunk),
    end(): TraceImport {
      objects.end();
      if (objects.error) out.problem(objects.error.line, 'file', objects.error.error);
      const first = submitMs.reduce((best, t, i) => (t < submitMs[best] ? i : best), 0);
      const t0 = submitMs[first];
      out.jobs.forEach((j, i) => (j.submit = (submitMs[i] - t0) / 1000));
      // Only now is each arrival known: one too far after the first job is refused at its own line, so the rest can be imported.
      out.withdraw((j, i) =>
        j.submit > MAX_SUBMIT_S
          ? {
              line: lines[i],
              field: 'submitTime',
              message: `arrives ${Math.round(j.submit).toLocaleString('en-US')} s after the trace's first job (line ${lines[first]}); ${MAX_SUBMIT_WORDS}`,
            }
          : undefined,
      );
      return { ...out.result(), ...(replay === 'times' ? { reading: RUMEN_TIMES_READING } : {}) };
    },
  };
}

export function parseRumen(text: string, limit = Infinity, replay: TraceReplay = 'bytes'): TraceImport {
  return readAll(rumenReader(limit, replay), text);
}
