import {
  addSchedulerCard,
  addedSchedulerCards,
  builtInDescriptions,
  findDescription,
  registerBuiltInScheduler,
  type AddedCard,
  type AnyDescription,
  type BuiltInCard,
  type SchedulerSpec,
} from '@shared/schedulers';
import { builtInCardOf } from './builtInCard';
import { BUILT_INS } from './builtIns';
import type { Scheduler, SchedulerTopology } from '../engine/scheduling/schedulerApi';
import type { EngineJob } from '../engine/core/model';
import { cardOf, type AddedScheduler } from './addedScheduler';
import * as addedHere from './added';
import type { KnownProfiles, RunContext, RunNeeds, SchedulerPlugin } from './plugin';
import { slotFitProblems } from './slotFit';

/** The built-ins by kind (builtIns.ts, one line each), as the registry calls them. */
const PLUGINS: Readonly<Record<string, SchedulerPlugin>> = BUILT_INS as unknown as Record<string, SchedulerPlugin>;

// The built-ins first, in the designer's menu order (BUILT_INS' order), then those added.
for (const plugin of Object.values(PLUGINS)) registerBuiltInScheduler(plugin.description as unknown as AnyDescription);

/** Schedulers added beside the built-ins: each one file and one line in ./added/index.ts. */
const ADDED: readonly AddedScheduler[] = Object.entries(addedHere).map(([name, s]: [string, unknown]) => {
  if (typeof s !== 'object' || s === null || typeof (s as Partial<AddedScheduler>).create !== 'function')
    throw new Error(`src-main/schedulers/added exports "${name}", which is not a scheduler made with defineAddedScheduler`);
  return s as AddedScheduler;
});

const added = new Map<string, AddedScheduler>();

/**
 * Make an added scheduler a kind of the designer's menu, of designs, runs and reports in this
 * process. The schedulers of ./added go through here; so does a test's scheduler from a fixture (its runs
 * then go in this thread: worker threads know only what ./added exports).
 */
export function registerScheduler(s: AddedScheduler): void {
  addSchedulerCard(cardOf(s));
  added.set(s.kind, s);
}
for (const s of ADDED) registerScheduler(s);

/** The added schedulers as registered now, by kind: what a batch run in this thread keeps to its end. */
export function addedNow(): ReadonlyMap<string, AddedScheduler> {
  return new Map(added);
}

/**
 * `run` with the added schedulers as `pinned` holds them, then as they were: a batch run in this
 * thread (no worker bundle) keeps the versions it began with though a new one is registered
 * between its runs. `run` must be synchronous, so nothing else runs under the pinned set.
 */
export function withAddedPinned<T>(pinned: ReadonlyMap<string, AddedScheduler>, run: () => T): T {
  const now = new Map(added);
  for (const [kind, s] of pinned) added.set(kind, s);
  try {
    return run();
  } finally {
    added.clear();
    for (const [kind, s] of now) added.set(kind, s);
  }
}

/** What the renderer needs of every added scheduler (channel `schedulers:added`): importing this module has registered ADDED. */
export function addedCatalogue(): AddedCard[] {
  return addedSchedulerCards();
}

/** The built-ins' cards, in the designer's menu order (channel `schedulers:builtIn`); made once, as they never change in a process. */
let builtInCards: BuiltInCard[] | undefined;
export function builtInCatalogue(): BuiltInCard[] {
  builtInCards ??= builtInDescriptions().map(builtInCardOf);
  return builtInCards;
}

/**
 * The lines a card shows under its options, read from its settings (FAWKES' re-balancing gap;
 * an added scheduler's own words), for the renderer, which has the card but not the description's
 * code (channel `schedulers:notes`). None for a kind this process has not.
 */
export function schedulerNotes(spec: SchedulerSpec): readonly string[] {
  const notes = findDescription(spec.kind)?.notes;
  return notes ? notes(spec as never) : [];
}

/** The built-in plugin of the card's kind, if it is one, typed as the card's own (a card is parsed before it gets here). */
function pluginOf(spec: SchedulerSpec): SchedulerPlugin | undefined {
  return Object.hasOwn(PLUGINS, spec.kind) ? PLUGINS[spec.kind] : undefined;
}

/**
 * A fresh scheduler for one run (schedulers keep per-run state). What a run must prepare for it
 * (ILA's fitted model) comes in `context`; runner/schedulerFor.ts prepares it.
 */
export function createScheduler(spec: SchedulerSpec, context: RunContext = {}): Scheduler {
  const plugin = pluginOf(spec);
  if (plugin) return plugin.create(spec as never, context);
  const extra = added.get(spec.kind);
  if (!extra) throw new Error(`no scheduler of kind "${spec.kind}" is registered in this process`);
  return extra.create(spec as never, context) as Scheduler;
}

/** What a run of `spec` needs made first (its plugin's `needs`); nothing for most. */
export function runNeeds(spec: SchedulerSpec): RunNeeds {
  return pluginOf(spec)?.needs?.(spec as never) ?? {};
}

/**
 * What a run of `spec` on this cluster and these jobs would fail on, in words: a slot card's slots
 * too large for every node (built-in or added alike), then its plugin's or added scheduler's own `checkDesign`.
 */
export function designProblemsOf(spec: SchedulerSpec, topology: SchedulerTopology, jobs: readonly EngineJob[], limit = 5): string[] {
  const own =
    pluginOf(spec)?.checkDesign?.(spec as never, topology, jobs, limit) ?? added.get(spec.kind)?.checkDesign?.(spec as never, topology, jobs, limit) ?? [];
  return [...slotFitProblems(spec, topology, jobs), ...own].slice(0, limit);
}

/** The spec with what the profile store knows pinned in, for the schedulers that use profiles. */
export function pinProfiles(spec: SchedulerSpec, known: KnownProfiles): SchedulerSpec {
  return pluginOf(spec)?.pinProfiles?.(spec as never, known) ?? spec;
}

/** Whether a scheduler takes profiles from the store (so a design using it pins them). Added schedulers do not. */
export function takesProfiles(spec: SchedulerSpec): boolean {
  return pluginOf(spec)?.pinProfiles !== undefined;
}
