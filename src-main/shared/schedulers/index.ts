import { z } from 'zod';
import { capacityOptions } from './capacity';
import type { Concurrency, NodeShape } from './concurrency';
import type { SchedulerDescription } from './describe';
import { drfOptions } from './drf';
import { fairOptions } from './fair';
import { fawkesOptions } from './fawkes';
import { fifoOptions } from './fifo';
import { fineGrainedCpuOptions } from './fineGrainedCpu';
import { ilaOptions } from './ila';
import { lateOptions } from './late';
import { minEdfOptions } from './minEdf';
import { prismOptions } from './prism';

export type { QueueConfig } from './options';
export type { Concurrency, NodeShape };
export { nodeShapes, parityGap, PARITY_FACTOR } from './concurrency';
export { PoolSchema, QueueSchema } from './options';

/**
 * The registry of schedulers the studio offers (docs/architecture.md "Schedulers"): each entry is
 * a scheduler's description (its file beside this one); the policies that run them are registered
 * in src-main/schedulers/registry.ts. The order is the designer's menu order.
 */
export const SCHEDULERS = [fifoOptions, fairOptions, capacityOptions, drfOptions, lateOptions, prismOptions, fineGrainedCpuOptions, ilaOptions, minEdfOptions, fawkesOptions] as const;

type SchemasOf<T extends readonly { schema: unknown }[]> = { -readonly [I in keyof T]: T[I]['schema'] };
/** Every scheduler's options, told apart by `kind`: derived from SCHEDULERS, so a new one is one line there. */
export const SchedulerSpecSchema = z.discriminatedUnion('kind', SCHEDULERS.map((d) => d.schema) as unknown as SchemasOf<typeof SCHEDULERS>);

export type SchedulerSpec = z.output<typeof SchedulerSpecSchema>;
export type SchedulerSpecInput = z.input<typeof SchedulerSpecSchema>;
export type SchedulerKind = SchedulerSpec['kind'];
export type SchedulerSpecOf<K extends SchedulerKind> = Extract<SchedulerSpec, { kind: K }>;

/** Every description by kind; a kind missing from SCHEDULERS fails to compile here. */
export const SCHEDULER_BY_KIND: { [K in SchedulerKind]: SchedulerDescription<K, z.ZodType<SchedulerSpecOf<K>>> } = Object.fromEntries(SCHEDULERS.map((d) => [d.kind, d])) as never;

/** The name a run is reported under: the label if given, else the scheduler's own (its kind with its distinguishing settings). */
export function schedulerLabel(spec: SchedulerSpec): string {
  if (spec.label) return spec.label;
  return (SCHEDULER_BY_KIND[spec.kind].runLabel as (s: SchedulerSpec) => string)(spec);
}

/** The designer's label of one option of a scheduler (its key when the scheduler gives none). */
export function optionLabel(kind: SchedulerKind, key: string): string {
  const labels: Partial<Record<string, string>> = SCHEDULER_BY_KIND[kind].labels;
  return labels[key] ?? key;
}

/** What a scheduler can run at once on these nodes with its settings (the designer's capacity line). */
export function schedulerConcurrency(spec: SchedulerSpec, nodes: readonly NodeShape[]): Concurrency {
  return (SCHEDULER_BY_KIND[spec.kind].concurrency as (s: SchedulerSpec, n: readonly NodeShape[]) => Concurrency)(spec, nodes);
}
