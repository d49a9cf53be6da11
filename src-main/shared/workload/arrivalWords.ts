import type { z } from 'zod';
import type { ArrivalSchema } from './workload';

type ArrivalKind = z.output<typeof ArrivalSchema>['kind'];

/** How a generator's arrivals are named to people: the workload editor's choices and the reports' descriptions. */
export const ARRIVAL_WORDS: Record<ArrivalKind, { choice: string; described: string }> = {
  batch: { choice: 'Batch (all at once)', described: 'submitted all at once' },
  poisson: { choice: 'Poisson', described: 'Poisson arrivals' },
  bursty: { choice: 'Bursty (on/off)', described: 'bursty (on/off) arrivals' },
  sequential: { choice: 'Sequential (one after another)', described: 'one after another' },
};

/** A workload's jobs in words: "3 jobs + 12 generated (Poisson arrivals)", or only the part it has. */
export function workloadJobsText(w: { jobs: readonly unknown[]; generate?: { count: number; arrival: { kind: ArrivalKind } } }): string {
  const parts: string[] = [];
  if (w.jobs.length > 0 || !w.generate) parts.push(`${w.jobs.length.toLocaleString('en-US')} job${w.jobs.length === 1 ? '' : 's'}`);
  if (w.generate) parts.push(`${w.generate.count.toLocaleString('en-US')} generated (${ARRIVAL_WORDS[w.generate.arrival.kind].described})`);
  return parts.join(' + ');
}
