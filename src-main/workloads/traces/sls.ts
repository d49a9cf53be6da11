import type { JobSpec } from '@shared/workload';
import { splitJsonObjects } from './jsonObjects';
import type { TraceImport, TraceProblem } from './types';

/**
 * YARN SLS native traces: job objects back to back with `job.start.ms`, `job.queue.name`, `job.id`
 * and `job.tasks[]` (`container.type` map or reduce). SLS gives no bytes, so each map reads one
 * block; the template is the trace default (Generic).
 */
export function parseSls(text: string, limit = Infinity): TraceImport {
  const problems: TraceProblem[] = [];
  const jobs: JobSpec[] = [];
  const objects = splitJsonObjects(text);
  if (!Array.isArray(objects)) return { format: 'sls', jobs, problems: [{ line: objects.line, field: 'file', message: objects.error }] };
  for (const { value, line } of objects) {
    if (jobs.length >= limit) break;
    const o = value as Record<string, unknown>;
    const start = o['job.start.ms'];
    if (typeof start !== 'number' || !Number.isFinite(start) || start < 0) {
      problems.push({ line, field: 'job.start.ms', message: `expected milliseconds ≥ 0, found ${JSON.stringify(start)}` });
      continue;
    }
    const tasks = o['job.tasks'];
    if (!Array.isArray(tasks)) {
      problems.push({ line, field: 'job.tasks', message: 'expected a list of tasks' });
      continue;
    }
    let maps = 0;
    let reduces = 0;
    let bad = false;
    tasks.forEach((t: Record<string, unknown>, k) => {
      const type = t?.['container.type'];
      if (type === 'map') maps++;
      else if (type === 'reduce') reduces++;
      else if (!bad) {
        problems.push({ line, field: `job.tasks.${k}.container.type`, message: `expected "map" or "reduce", found ${JSON.stringify(type)}` });
        bad = true;
      }
    });
    if (bad) continue;
    const id = typeof o['job.id'] === 'string' ? (o['job.id'] as string) : `sls-${jobs.length + 1}`;
    const queue = typeof o['job.queue.name'] === 'string' && o['job.queue.name'] ? (o['job.queue.name'] as string) : 'default';
    jobs.push({ id, template: 'Generic', submit: start / 1000, inputMb: -1, maps: Math.max(1, maps), reduces, queue, dependsOn: [] });
  }
  return { format: 'sls', jobs, problems };
}
