import type { JobSpec } from '@shared/workload';
import { templateByName } from '../templates';
import { splitJsonObjects } from './jsonObjects';
import { MB, type TraceImport, type TraceProblem } from './types';

const known = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0; // Rumen writes -1 for unknown

/**
 * Hadoop Rumen job traces: job objects with `submitTime` (epoch ms), `mapTasks[]` and
 * `reduceTasks[]`; maps carry `inputBytes` and `outputBytes`, reduces `outputBytes`. A job named
 * after a known template (WordCount, Sort …) uses it; others get the trace default.
 */
export function parseRumen(text: string, limit = Infinity): TraceImport {
  const problems: TraceProblem[] = [];
  const jobs: JobSpec[] = [];
  const objects = splitJsonObjects(text);
  if (!Array.isArray(objects)) return { format: 'rumen', jobs, problems: [{ line: objects.line, field: 'file', message: objects.error }] };
  const raw: { spec: JobSpec; submitMs: number }[] = [];
  for (const { value, line } of objects) {
    if (raw.length >= limit) break;
    const o = value as Record<string, unknown>;
    const submitMs = known(o.submitTime) ? o.submitTime : known(o.launchTime) ? o.launchTime : undefined;
    if (submitMs === undefined) {
      problems.push({ line, field: 'submitTime', message: 'missing or -1 (and no launchTime)' });
      continue;
    }
    const mapTasks = o.mapTasks;
    const reduceTasks = o.reduceTasks ?? [];
    if (!Array.isArray(mapTasks) || !Array.isArray(reduceTasks)) {
      problems.push({ line, field: Array.isArray(mapTasks) ? 'reduceTasks' : 'mapTasks', message: 'expected a list of tasks' });
      continue;
    }
    let input = 0;
    let inputKnown = 0;
    let shuffle = 0;
    for (const t of mapTasks as Record<string, unknown>[]) {
      if (known(t?.inputBytes)) {
        input += t.inputBytes;
        inputKnown++;
      }
      if (known(t?.outputBytes)) shuffle += t.outputBytes;
    }
    let output = 0;
    for (const t of reduceTasks as Record<string, unknown>[]) if (known(t?.outputBytes)) output += t.outputBytes;
    const name = typeof o.jobName === 'string' ? o.jobName : '';
    raw.push({
      submitMs,
      spec: {
        id: typeof o.jobID === 'string' ? o.jobID : `rumen-${raw.length + 1}`,
        template: templateByName(name)?.name ?? 'Generic',
        submit: 0,
        inputMb: inputKnown > 0 ? input / MB : -1,
        maps: Math.max(1, mapTasks.length),
        reduces: reduceTasks.length,
        queue: typeof o.queue === 'string' && o.queue ? o.queue : 'default',
        dependsOn: [],
        ...(reduceTasks.length > 0 ? { shuffleMb: shuffle / MB, outputMb: output / MB } : { outputMb: output / MB }),
      },
    });
  }
  const t0 = raw.reduce((m, r) => Math.min(m, r.submitMs), Infinity);
  for (const r of raw) jobs.push({ ...r.spec, submit: (r.submitMs - t0) / 1000 });
  return { format: 'rumen', jobs, problems };
}
