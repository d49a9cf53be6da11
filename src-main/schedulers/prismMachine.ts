import { PHASE_NAMES, PhaseKind } from '../engine/core/model';
import type { CoreView, SchedulerJob } from '../engine/scheduling/schedulerApi';
import { taskMemory, type ContainerConfig } from './containers';
import type { JobList } from './incrementalOrder';

/** PRISM's fairness measure in its utility (eq. 2): dominant resource share, or slots held (prism.ts `fairness`). */
export type PrismFairness = 'drf' | 'fair';
/** A phase's measured use as a PRISM card's profiles give it (prism.ts `profiles`), any of it missing. */
type PhaseUse = Partial<Record<'cpuCores' | 'memoryMb' | 'localDiskMBps' | 'hdfsMBps' | 'shuffleMBps', number>>;
/** What phaseNeeds reads of a PRISM card: its containers' sizes and its phase-level profiles per template. */
export interface PhaseNeedsSpec extends ContainerConfig {
  profiles: Record<string, Partial<Record<string, PhaseUse>>>;
}

/*
 * PRISM's arithmetic on one machine (schedulers/prism.ts, sec. 4 and 5.2): what a phase needs of it,
 * whether it fits beside what runs there, and the spread of the jobs' shares that eq. 2's
 * fairness gain is taken from.
 */

/** The first resource a phase needing `nd` would overflow on a machine using `used` of `cap` (memory only for a new task); none when it fits. */
export function overflow(used: Need, nd: Need, cap: Need, leading: boolean): keyof Need | undefined {
  if (used.cpu + nd.cpu > cap.cpu + 1e-9) return 'cpu';
  if (leading && used.memory + nd.memory > cap.memory + 1e-9) return 'memory';
  if (nd.disk > 0 && used.disk + nd.disk > cap.disk + 1e-9) return 'disk';
  if (nd.net > 0 && used.net + nd.net > cap.net + 1e-9) return 'net';
  return undefined;
}

/** Resources a phase needs on a machine: cores, memory (MB), disk and network (MB/s). */
export interface Need {
  cpu: number;
  memory: number;
  disk: number;
  net: number;
}
/**
 * The dominant share of `cap` that `u` holds (DRF, eq. 3): the largest of its resources' shares.
 * Written out rather than looped over the resources by name: it runs for every job that changed at
 * every heartbeat, and a keyed loop costs several times as much.
 */
export function dominantShare(u: Need, cap: Need): number {
  let s = 0;
  if (cap.cpu > 0) s = Math.max(s, u.cpu / cap.cpu);
  if (cap.memory > 0) s = Math.max(s, u.memory / cap.memory);
  if (cap.disk > 0) s = Math.max(s, u.disk / cap.disk);
  if (cap.net > 0) s = Math.max(s, u.net / cap.net);
  return s;
}
export const sameNeed = (x: Need, y: Need) => x.cpu === y.cpu && x.memory === y.memory && x.disk === y.disk && x.net === y.net;

/**
 * max − min of the jobs' shares (F of eq. 2), with the runner-up at each end so that the spread
 * after one job's share changes is found without copying every share (fairnessGain runs for every
 * candidate). Read off the ends of the jobs ordered by share; taken again (`read`) at each round.
 */
export class Spread {
  private hi = -Infinity;
  private hi2 = -Infinity;
  private hiJob = -1;
  private lo = Infinity;
  private lo2 = Infinity;
  private loJob = -1;
  private size = 0;

  read(ordered: JobList, shareOf: (j: number) => number): void {
    const size = (this.size = ordered.length);
    this.loJob = size ? ordered[0] : -1;
    this.hiJob = size ? ordered[size - 1] : -1;
    this.lo = size ? shareOf(this.loJob) : Infinity;
    this.hi = size ? shareOf(this.hiJob) : -Infinity;
    this.lo2 = size > 1 ? shareOf(ordered[1]) : Infinity;
    this.hi2 = size > 1 ? shareOf(ordered[size - 2]) : -Infinity;
  }
  get value(): number {
    return this.size < 2 ? 0 : this.hi - this.lo;
  }
  /** The spread if job j's share were v (j among the jobs). */
  with(j: number, v: number): number {
    if (this.size < 2) return 0;
    const hi = Math.max(j === this.hiJob ? this.hi2 : this.hi, v);
    const lo = Math.min(j === this.loJob ? this.lo2 : this.lo, v);
    return hi - lo;
  }
}

/**
 * Eq. 2's fairness gain of giving job j a phase needing `nd`: the spread of the jobs' shares (in
 * `ordered`, lowest first) before, less the spread after. Taken in submission order (`ordered`
 * undefined), fairness is no part of the choice. One object serves round after round (`start`):
 * a round is most of a PRISM heartbeat, and closures made per round were much of its garbage.
 */
export class FairnessGain<V extends CoreView> {
  private view!: V;
  private cap!: Need;
  private ordered: JobList | undefined;
  private readonly spread = new Spread();
  /** Whether the spread was read this round: at the first candidate that fits (most rounds have none); nothing changes before it. */
  private spreadRead = false;
  private readonly shareOf = (j: number) => this.jobUse(this.view, j, this.cap).share;

  constructor(
    private readonly fairness: PrismFairness,
    private readonly jobUse: (view: V, j: number, cap: Need) => { use: Need; share: number },
  ) {}

  start(view: V, cap: Need, ordered: JobList | undefined): void {
    this.view = view;
    this.cap = cap;
    this.ordered = ordered;
    this.spreadRead = false;
  }

  of(j: number, nd: Need, leading: boolean): number {
    if (this.ordered === undefined) return 0;
    const spread = this.spread;
    if (!this.spreadRead) {
      spread.read(this.ordered, this.shareOf);
      this.spreadRead = true;
    }
    const before = spread.value;
    if (this.fairness === 'fair') return before - spread.with(j, this.shareOf(j) + (leading ? 1 / Math.max(1, this.view.topology.nodeCount) : 0));
    // The job's share with this phase added, as share() takes it (the same sums and maxima in
    // the same order), without copying its use for every candidate.
    const cap = this.cap;
    const u = this.jobUse(this.view, j, cap).use;
    let s = 0;
    if (cap.cpu > 0) s = Math.max(s, (u.cpu + nd.cpu) / cap.cpu);
    if (cap.memory > 0) s = Math.max(s, (leading ? u.memory + nd.memory : u.memory) / cap.memory);
    if (cap.disk > 0) s = Math.max(s, (u.disk + nd.disk) / cap.disk);
    if (cap.net > 0) s = Math.max(s, (u.net + nd.net) / cap.net);
    return before - spread.with(j, s);
  }
}

/**
 * What each phase of a job needs of a machine: its template's phase-level profile (sec. 4, Fig. 8),
 * or, without one, what the task asks of YARN (one core and its container's memory). A phase's
 * needs depend only on the job's template and the spec: each is worked out once and shared
 * (read-only).
 */
export function phaseNeeds(spec: PhaseNeedsSpec): (view: CoreView, j: number, phase: PhaseKind) => Need {
  const profiles = new Map(Object.entries(spec.profiles).map(([k, v]) => [k.toLowerCase(), v]));
  const needOf = new Map<SchedulerJob['template'], Need[]>();
  function phaseNeed(view: CoreView, j: number, phase: PhaseKind): Need {
    const job = view.job(j);
    const isReduce = phase === PhaseKind.Shuffle || phase === PhaseKind.Sort || phase === PhaseKind.Reduce;
    const memory = taskMemory(spec, view, j, isReduce);
    const p = profiles.get(job.template.name.toLowerCase())?.[PHASE_NAMES[phase]];
    if (!p) return { cpu: 1, memory, disk: 0, net: 0 };
    return { cpu: p.cpuCores ?? 1, memory: p.memoryMb ?? memory, disk: (p.localDiskMBps ?? 0) + (p.hdfsMBps ?? 0), net: p.shuffleMBps ?? 0 };
  }
  // Each job's template's list, by job index: asked for every attempt at every round.
  const ofJob: (Need[] | undefined)[] = [];
  return (view, j, phase) => {
    let byPhase = ofJob[j];
    if (byPhase === undefined) {
      const template = view.job(j).template;
      byPhase = needOf.get(template);
      if (byPhase === undefined) needOf.set(template, (byPhase = []));
      ofJob[j] = byPhase;
    }
    return (byPhase[phase] ??= phaseNeed(view, j, phase));
  };
}
