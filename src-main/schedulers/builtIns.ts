import type { SchedulerSpec as LooseSpec } from '@shared/schedulers';
import { capacityPlugin } from './capacity';
import { drfPlugin } from './drf';
import { fairPlugin } from './fair';
import { fawkesPlugin } from './fawkes/fawkes';
import { fifoPlugin } from './fifo';
import { fineGrainedCpuPlugin } from './fineGrainedCpu';
import { ilaPlugin } from './ila';
import { latePlugin } from './late';
import { minEdfPlugin } from './minEdf';
import type { SchedulerPlugin } from './plugin';
import { prismPlugin } from './prism';

/**
 * The built-in schedulers, one line each, by kind, in the designer's menu order (docs/architecture.md
 * "Schedulers"): each is one file, its description beside its policy. The registry registers them
 * (registry.ts), and their cards' types below come from this list, so a new one is its file and its line.
 */
export const BUILT_INS = {
  fifo: fifoPlugin,
  fair: fairPlugin,
  capacity: capacityPlugin,
  drf: drfPlugin,
  late: latePlugin,
  prism: prismPlugin,
  finegrained: fineGrainedCpuPlugin,
  ila: ilaPlugin,
  minedf: minEdfPlugin,
  fawkes: fawkesPlugin,
} as const;

type BuiltIns = typeof BUILT_INS;
type SpecOfPlugin<P> = P extends SchedulerPlugin<infer S, infer _C> ? S : never;

/**
 * The built-in schedulers' cards as their policies read them: one precise type per kind, told
 * apart by `kind`. Shared code and the renderer hold a card loosely (@shared/schedulers
 * `SchedulerSpec`); main, where the policies are, narrows it here.
 */
export type SchedulerSpec = { [K in keyof BuiltIns]: SpecOfPlugin<BuiltIns[K]> }[keyof BuiltIns];
export type SchedulerKind = SchedulerSpec['kind'];
export type SchedulerSpecOf<K extends SchedulerKind> = Extract<SchedulerSpec, { kind: K }>;

// A line's key is its scheduler's kind: a key another kind's plugin stands under does not compile.
type KeyIsKind = { [K in keyof BuiltIns]: SpecOfPlugin<BuiltIns[K]>['kind'] extends K ? true : false }[keyof BuiltIns];
const keysAreKinds: KeyIsKind extends true ? true : never = true;
void keysAreKinds;

/** Whether a card is of the built-in `kind`: a parsed card of that kind holds that kind's options. */
export function isKind<K extends SchedulerKind>(spec: LooseSpec, kind: K): spec is SchedulerSpecOf<K> {
  return spec.kind === kind;
}
