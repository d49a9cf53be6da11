import { PhaseKind } from '../engine/core/model';
import type { ViewWith } from '../engine/scheduling/schedulerApi';
import { dominantShare, sameNeed, type Need, type PrismFairness } from './prismMachine';

type View = ViewWith<'attempts' | 'phases'>;

interface Entry {
  version: number;
  use: Need;
  share: number;
  cap: Need;
}

/**
 * What each job uses of the cluster under PRISM's phase-level needs, and its share of one
 * machine's capacities (schedulers/prism.ts, sec. 4 and eq. 3): the DRF measure, or running tasks
 * per equal share for the Fair-Scheduler measure. Kept per job until the job's version moves.
 */
export class JobShares {
  /**
   * Per job (by index): what it uses and its share, as of its version (View.jobVersion) and the
   * capacity the share was taken of. An entry is rewritten in place when its job changes: a fresh
   * object per change was much of the run's garbage.
   */
  private readonly perJob: (Entry | undefined)[] = [];
  /** Where a job's use is summed before it is known to be whole (useByCounts). */
  private readonly counted: Need = { cpu: 0, memory: 0, disk: 0, net: 0 };

  constructor(
    private readonly spec: { amMemoryMb: number; fairness: PrismFairness },
    private readonly need: (view: View, j: number, phase: PhaseKind) => Need,
  ) {}

  /** A finished job's entry is dropped. */
  forget(j: number): void {
    this.perJob[j] = undefined;
  }

  /**
   * What job j uses now (running phases; memory of every attempt, paused ones included) and its
   * share of `cap`. Both change only when one of the job's attempts starts, ends, pauses or
   * resumes, or its AM is placed, so they are kept until the job's version moves: a heartbeat
   * re-reads only the jobs that changed, not every running attempt. The answer is read at once:
   * it changes in place when the job next changes.
   */
  of(view: View, j: number, cap: Need): { use: Need; share: number } {
    const version = view.jobVersion(j);
    let entry = this.perJob[j];
    if (entry === undefined) {
      entry = { version: -1, use: { cpu: 0, memory: 0, disk: 0, net: 0 }, share: 0, cap };
      this.perJob[j] = entry;
    }
    if (entry.version !== version) {
      if (!this.useByCounts(view, j, entry.use)) this.useByAttempts(view, j, entry.use);
      entry.version = version;
      entry.share = this.share(view, j, entry.use, cap);
      entry.cap = cap;
    } else if (entry.cap !== cap && !sameNeed(entry.cap, cap)) {
      entry.share = this.share(view, j, entry.use, cap);
      entry.cap = cap;
    }
    return entry;
  }

  /**
   * The job's use from its attempt counts per phase — without reading thousands of attempts —
   * when every need is a whole number: the sums are then exact in any order, so they equal the
   * attempt-by-attempt ones bit for bit. False (and `into` untouched) when a need is fractional (a
   * measured profile).
   */
  private useByCounts(view: View, j: number, into: Need): boolean {
    const u = this.counted;
    u.cpu = u.disk = u.net = 0;
    u.memory = view.appMasterNode(j) >= 0 ? this.spec.amMemoryMb : 0;
    if (!Number.isInteger(u.memory)) return false;
    for (let phase = PhaseKind.Map; phase <= PhaseKind.Reduce; phase++) {
      const running = view.jobAttemptCount(j, phase, false);
      const paused = view.jobAttemptCount(j, phase, true);
      if (running + paused === 0) continue;
      const nd = this.need(view, j, phase);
      if (!Number.isInteger(nd.memory) || !Number.isInteger(nd.cpu) || !Number.isInteger(nd.disk) || !Number.isInteger(nd.net)) return false;
      u.memory += (running + paused) * nd.memory;
      u.cpu += running * nd.cpu;
      u.disk += running * nd.disk;
      u.net += running * nd.net;
    }
    into.cpu = u.cpu;
    into.memory = u.memory;
    into.disk = u.disk;
    into.net = u.net;
    return true;
  }

  /** The job's use attempt by attempt, in launch order (running phases; memory of every attempt, paused ones included). */
  private useByAttempts(view: View, j: number, u: Need): void {
    u.cpu = u.disk = u.net = 0;
    u.memory = view.appMasterNode(j) >= 0 ? this.spec.amMemoryMb : 0;
    for (const a of view.jobAttempts(j)) {
      const nd = this.need(view, j, view.attemptPhase(a));
      u.memory += nd.memory;
      if (!view.attemptPaused(a)) {
        u.cpu += nd.cpu;
        u.disk += nd.disk;
        u.net += nd.net;
      }
    }
  }

  private share(view: View, j: number, u: Need, cap: Need): number {
    if (this.spec.fairness === 'fair') return (view.runningMaps(j) + view.runningReduces(j)) / Math.max(1, view.topology.nodeCount);
    return dominantShare(u, cap);
  }
}
