import type { BuiltInSpecsOf, SchedulerSpec as LooseSpec } from '@shared/schedulers';

/**
 * The built-in schedulers' cards as their policies read them: one precise type per kind, told
 * apart by `kind`. Shared code and the renderer hold a card loosely (@shared/schedulers
 * `SchedulerSpec`); main, where the policies are, narrows it here.
 */
export type SchedulerSpec = BuiltInSpecsOf<'output'>;
export type SchedulerSpecInput = BuiltInSpecsOf<'input'>;
export type SchedulerKind = SchedulerSpec['kind'];
export type SchedulerSpecOf<K extends SchedulerKind> = Extract<SchedulerSpec, { kind: K }>;

/** Whether a card is of the built-in `kind`: a parsed card of that kind holds that kind's options. */
export function isKind<K extends SchedulerKind>(spec: LooseSpec, kind: K): spec is SchedulerSpecOf<K> {
  return spec.kind === kind;
}
