import type { SchedulerKind, SchedulerSpec, SchedulerSpecOf } from '@shared/schedulers';
import type { Scheduler } from '../engine/scheduling/schedulerApi';
import { capacityPlugin } from './capacity';
import { drfPlugin } from './drf';
import { fairPlugin } from './fair';
import { fawkesPlugin } from './fawkes/fawkes';
import { fifoPlugin } from './fifo';
import { fineGrainedCpuPlugin } from './fineGrainedCpu';
import { ilaPlugin } from './ila';
import { latePlugin } from './late';
import { minEdfPlugin } from './minEdf';
import type { KnownProfiles, RunContext, SchedulerPlugin } from './plugin';
import { prismPlugin } from './prism';

/**
 * Every scheduler the engine can run, one line each (docs/architecture.md "Schedulers"). The type
 * makes a kind described in @shared/schedulers but missing here a compile error.
 */
const PLUGINS: { [K in SchedulerKind]: SchedulerPlugin<K> } = {
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
};

function pluginOf<K extends SchedulerKind>(spec: SchedulerSpecOf<K>): SchedulerPlugin<K> {
  return PLUGINS[spec.kind as K];
}

/**
 * A fresh scheduler for one run (schedulers keep per-run state). What a run must prepare for it
 * (ILA's fitted model) comes in `context`; runner/schedulerFor.ts prepares it.
 */
export function createScheduler(spec: SchedulerSpec, context: RunContext = {}): Scheduler {
  return pluginOf(spec).create(spec, context);
}

/** The spec with what the profile store knows pinned in, for the schedulers that use profiles. */
export function pinProfiles(spec: SchedulerSpec, known: KnownProfiles): SchedulerSpec {
  return pluginOf(spec).pinProfiles?.(spec, known) ?? spec;
}

/** Whether a scheduler takes profiles from the store (so a design using it pins them). */
export function takesProfiles(spec: SchedulerSpec): boolean {
  return pluginOf(spec).pinProfiles !== undefined;
}
