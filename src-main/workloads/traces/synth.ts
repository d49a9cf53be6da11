import { Random } from '../../engine/random';
import { TraceCollector } from './collector';
import type { TraceImport, TraceReader } from './types';

interface JobClass {
  class_weight?: number;
  mtasks_avg?: number;
  mtasks_stddev?: number;
  rtasks_avg?: number;
  rtasks_stddev?: number;
  dur_avg?: number;
  dur_stddev?: number;
  deadline_factor_avg?: number;
  deadline_factor_stddev?: number;
}

/** A log-normal draw with the given mean and standard deviation, as SLS's SYNTH generator uses. */
function logNormal(rng: Random, mean: number, sd: number): number {
  if (!(mean > 0)) return 0;
  if (!(sd > 0)) return mean;
  const sigma2 = Math.log(1 + (sd * sd) / (mean * mean));
  return Math.exp(Math.log(mean) - sigma2 / 2 + Math.sqrt(sigma2) * rng.normal());
}

function pickByWeight<T>(rng: Random, items: T[], weight: (t: T) => number): T {
  const total = items.reduce((s, t) => s + Math.max(0, weight(t)), 0);
  let x = rng.next() * total;
  for (const t of items) if ((x -= Math.max(0, weight(t))) < 0) return t;
  return items[items.length - 1];
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * SLS SYNTH workload descriptions (`num_jobs`, `rand_seed`, `workloads[]` of `job_classes[]`):
 * expanded into concrete jobs with the file's own seed, so the same file always gives the same
 * jobs. A job picks a workload by `workload_weight`, a class by `class_weight`; maps, reduces,
 * duration and deadline factor are log-normal with the class's mean and deviation; the submit
 * time falls uniformly in a `time_distribution` bucket picked by its weight (seconds). Task
 * durations are not kept: tasks run the trace default template on one block each.
 */
export function synthReader(limit = Infinity): TraceReader {
  let text = '';
  return {
    format: 'synth',
    push(chunk) {
      text += chunk;
    },
    end(): TraceImport {
      const out = new TraceCollector('synth', limit);
      let doc: Record<string, unknown>;
      try {
        doc = JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as Record<string, unknown>;
      } catch (err) {
        out.problem(1, 'file', `not valid JSON: ${(err as Error).message}`);
        return out.result();
      }
      const count = doc.num_jobs;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1_000_000) {
        out.problem(1, 'num_jobs', `expected a whole number of jobs from 1 to 1,000,000, found ${JSON.stringify(count)}`);
        return out.result();
      }
      const workloads = Array.isArray(doc.workloads) ? (doc.workloads as Record<string, unknown>[]) : [];
      if (workloads.length === 0) {
        out.problem(1, 'workloads', 'expected at least one workload');
        return out.result();
      }
      for (let w = 0; w < workloads.length; w++) {
        const classes = workloads[w]?.job_classes;
        if (!Array.isArray(classes) || classes.length === 0) {
          out.problem(1, `workloads.${w}.job_classes`, 'expected at least one job class');
          return out.result();
        }
      }
      const seed = num(doc.rand_seed, 0);
      const pick = new Random(seed, 'sizes');
      const when = new Random(seed, 'arrivals');
      for (let i = 0; i < count && !out.full; i++) {
        const w = pickByWeight(pick, workloads, (x) => num(x.workload_weight, 1));
        const c = pickByWeight(pick, w.job_classes as JobClass[], (x) => num(x.class_weight, 1));
        const buckets = (Array.isArray(w.time_distribution) ? w.time_distribution : [{ time: 0, weight: 1 }]) as { time?: number; weight?: number }[];
        const b = pickByWeight(when, buckets, (x) => num(x.weight, 0));
        const k = buckets.indexOf(b);
        const from = num(b.time, 0);
        const to = k + 1 < buckets.length ? num(buckets[k + 1].time, from) : from;
        const submit = from + when.next() * Math.max(0, to - from);
        const maps = Math.max(1, Math.round(logNormal(pick, num(c.mtasks_avg, 1), num(c.mtasks_stddev, 0))));
        const reduces = Math.max(0, Math.round(logNormal(pick, num(c.rtasks_avg, 0), num(c.rtasks_stddev, 0))));
        const duration = logNormal(pick, num(c.dur_avg, 0), num(c.dur_stddev, 0));
        const factor = logNormal(pick, num(c.deadline_factor_avg, 0), num(c.deadline_factor_stddev, 0));
        const queue = typeof w.queue_name === 'string' && w.queue_name ? w.queue_name : 'default';
        out.accept(
          {
            id: `synth-${i + 1}`,
            template: 'Generic',
            submit,
            maps,
            reduces,
            queue,
            dependsOn: [],
            ...(duration > 0 && factor > 0 ? { deadline: submit + factor * duration } : {}),
          },
          1,
        );
      }
      out.jobs.sort((a, b) => a.submit - b.submit);
      return out.result();
    },
  };
}
