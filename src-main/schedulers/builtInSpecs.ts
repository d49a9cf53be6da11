import type { SchedulerSpec as LooseSpec, SpecOf } from '@shared/schedulers';
import type { capacityOptions } from './capacity';
import type { drfOptions } from './drf';
import type { fairOptions } from './fair';
import type { fawkesOptions } from './fawkes/fawkes';
import type { fifoOptions } from './fifo';
import type { fineGrainedCpuOptions } from './fineGrainedCpu';
import type { ilaOptions } from './ila';
import type { lateOptions } from './late';
import type { minEdfOptions } from './minEdf';
import type { prismOptions } from './prism';

/**
 * The built-in schedulers' cards as their policies read them: one precise type per kind, told
 * apart by `kind`, each from its scheduler's own file. Shared code and the renderer hold a card
 * loosely (@shared/schedulers `SchedulerSpec`); main, where the policies are, narrows it here.
 */
export type SchedulerSpec =
  | SpecOf<typeof fifoOptions>
  | SpecOf<typeof fairOptions>
  | SpecOf<typeof capacityOptions>
  | SpecOf<typeof drfOptions>
  | SpecOf<typeof lateOptions>
  | SpecOf<typeof prismOptions>
  | SpecOf<typeof fineGrainedCpuOptions>
  | SpecOf<typeof ilaOptions>
  | SpecOf<typeof minEdfOptions>
  | SpecOf<typeof fawkesOptions>;
export type SchedulerKind = SchedulerSpec['kind'];
export type SchedulerSpecOf<K extends SchedulerKind> = Extract<SchedulerSpec, { kind: K }>;

/** Whether a card is of the built-in `kind`: a parsed card of that kind holds that kind's options. */
export function isKind<K extends SchedulerKind>(spec: LooseSpec, kind: K): spec is SchedulerSpecOf<K> {
  return spec.kind === kind;
}
