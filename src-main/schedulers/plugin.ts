import type { PinnedProfiles } from '@shared/experiment/pinnedProfiles';
import type { ScalingFactors } from '@shared/aria/scaling';
import type { SchedulerDescription } from '@shared/schedulers/describe';
import type { z } from 'zod';
import type { Capability, Scheduler, SchedulerTopology, ViewWith } from '../engine/scheduling/schedulerApi';
import type { EngineJob } from '../engine/core/model';
import type { FittedInterference } from '../models/interference';

/** What a run hands a scheduler beyond its own options: ILA's model fitted on profiling runs of the cluster's servers (runner/schedulerFor.ts). */
export interface RunContext {
  interference?: FittedInterference;
}

/**
 * What a design pinned from the profile store, in the shapes the profile-driven schedulers take
 * (shared/experiment/pinnedProfiles.ts), for the cluster a run is on: ARIA profiles and their
 * scaling factors measured there.
 */
export type KnownProfiles = Pick<PinnedProfiles, 'phases' | 'cpuRequirements' | 'aria'> & { ariaScaling: Record<string, ScalingFactors> };

/**
 * A built-in scheduler as the studio runs it (docs/architecture.md "Schedulers"), made in its own
 * file: its description (kind, options schema, labels — the registry registers it, and the renderer
 * gets it as a card), the factory that makes a fresh policy for one run, and, for schedulers that
 * learn from profiles, how a design pins what the store knows.
 */
export interface SchedulerPlugin<S extends { kind: string } = { kind: string }, C extends Capability = Capability> {
  description: SchedulerDescription<S['kind'], z.ZodType<S>>;
  /**
   * What the policy uses beyond the core view (engine/scheduling/schedulerApi.ts `Capabilities`):
   * its code is typed against exactly these, so using another is a compile error.
   */
  capabilities: readonly C[];
  create(spec: S, context: RunContext): Scheduler<ViewWith<C>>;
  /** The spec with the design's pinned profiles copied in, or unchanged when it names its own. */
  pinProfiles?(spec: S, known: KnownProfiles): S;
  /**
   * What a run must make before the policy starts, as a need the runner meets (runner/schedulerFor.ts),
   * so a policy never runs simulations: ILA's interference model fitted on this many profiling runs
   * of the cluster's servers.
   */
  needs?(spec: S): RunNeeds;
  /**
   * What a run of this card on this cluster and these jobs would fail on, in words, before it runs
   * (services/designChecks.ts; the designer shows them beside the card). At most `limit`.
   */
  checkDesign?(spec: S, topology: SchedulerTopology, jobs: readonly EngineJob[], limit: number): string[];
}

/** What a plugin asks the runner to prepare for one run (runner/schedulerFor.ts makes it into the RunContext). */
export interface RunNeeds {
  /** Fit the interference model on this many profiling runs of the run's cluster's servers (ILA sec. 4.1). */
  interferenceSamples?: number;
}

export function definePlugin<S extends { kind: string }, C extends Capability = never>(plugin: SchedulerPlugin<S, C>): SchedulerPlugin<S, C> {
  return plugin;
}
