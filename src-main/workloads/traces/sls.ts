import { TraceCollector } from './collector';
import { JsonObjectStream } from './jsonObjectStream';
import { readAll, type TraceImport, type TraceReader } from './types';
import { quote } from '@shared/quote';

/**
 * YARN SLS native traces: job objects back to back with `job.start.ms`, `job.queue.name`, `job.id`
 * and `job.tasks[]` (`container.type` map or reduce). SLS gives no bytes, so each map reads one
 * block; the template is the trace default (Generic).
 */
export function slsReader(limit = Infinity): TraceReader {
  const out = new TraceCollector('sls', limit);
  const objects = new JsonObjectStream((value, line) => {
    if (out.full) return;
    const o = (value ?? {}) as Record<string, unknown>;
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
    for (let k = 0; k < tasks.length; k++) {
      const type = (tasks[k] as Record<string, unknown> | null)?.['container.type'];
      if (type === 'map') maps++;
      else if (type === 'reduce') reduces++;
      else {
        out.problem(line, `job.tasks.${k}.container.type`, `expected "map" or "reduce", found ${quote(type)}`);
        return;
      }
    }
    const id = typeof o['job.id'] === 'string' ? (o['job.id'] as string) : `sls-${out.jobs.length + 1}`;
    const queue = typeof o['job.queue.name'] === 'string' && o['job.queue.name'] ? (o['job.queue.name'] as string) : 'default';
    out.accept({ id, template: 'Generic', submit: start / 1000, maps: Math.max(1, maps), reduces, queue, dependsOn: [] }, line);
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

export function parseSls(text: string, limit = Infinity): TraceImport {
  return readAll(slsReader(limit), text);
}
