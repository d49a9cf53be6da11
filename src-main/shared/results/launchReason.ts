/**
 * Why a scheduler started a task (or let a paused phase go on): a kind and its fields, as every
 * policy states it at launch (engine/scheduling/schedulerApi.ts `launch`), rendered to words here
 * and nowhere else. Runs keep the words (a run's `reasons`) and, beside each, its kind
 * (`reasonKinds`), so the why-panel and reports count decisions by kind (decisionCounts.ts).
 */

/** Where a map reads its input. */
export type MapPlacement = 'node-local' | 'server-local' | 'rack-local' | 'off-rack' | 'no input';

/** What a launch started: a map (and where it reads) or a reduce. */
export type Launched = { task: 'map'; placement: MapPlacement } | { task: 'reduce' };

/** One of PRISM's candidates (sec. 4, Algorithm 1): a new task's first phase or a paused task's next one. */
export interface PhaseCandidate {
  /** A new task (its first phase) or a paused one asking for its next phase. */
  leading: boolean;
  phase: 'map' | 'merge' | 'shuffle' | 'sort' | 'reduce';
  job: string;
  utility: number;
}

export type LaunchReason =
  /** FIFO: the first job in submission order with a task of this kind to place. */
  | { kind: 'submissionOrder'; job: string; launched: Launched }
  /** Fair, ILA, IAO, LAO: the job furthest below its fair share; delay scheduling's level, ILA's prediction. */
  | { kind: 'fairShare'; scheduler: string; job: string; mayGo?: string; predicted?: { slowdown: number; threshold: number }; launched: Launched }
  /** Capacity: the leaf queue furthest below its capacity, its first job; a container. */
  | { kind: 'queueCapacity'; queue: string; capacityPercent: number; job: string; launched: Launched }
  /** DRF: the job with the smallest dominant share. */
  | { kind: 'dominantShare'; job: string; share: number; launched: Launched }
  /** Finer-Grained CPU (Liu eq. 3.1-3.2): the job furthest below its share, and what it asks of the node's CPU pool. */
  | { kind: 'cpuPool'; job: string; needs: number; free: number; pool: number; launched: Launched }
  /** LATE: a speculative copy of the running task with the longest estimated time left (the attempt's row names the task). */
  | { kind: 'speculation'; of: 'map' | 'reduce'; job: string; leftSeconds: number; percentile: number }
  /** PRISM: the candidate with the highest utility, its parts, and the runner-up. */
  | { kind: 'utility'; best: PhaseCandidate; pausedSeconds: number; fairness: number; performance: number; nextBest?: PhaseCandidate; placement?: MapPlacement }
  /** MinEDF: a job below its minimum allocation (ARIA), earliest deadline first. */
  | { kind: 'belowMinimum'; job: string; minimum: string; mayGo?: string; launched: Launched }
  /** MinEDF: a slot beyond every job's minimum, lent to the next job by deadline (or to one without). */
  | { kind: 'spareSlot'; job: string; deadline?: number; mayGo?: string; launched: Launched }
  /** A scheduler added beside the built-ins (src-main/schedulers/addedScheduler.ts): its title, and its rule in its own words ("is the newest job"). */
  | { kind: 'ownRule'; scheduler: string; job: string; rule: string; launched: Launched }
  /** The studio's own runs that profile a server for ILA's model, not a policy's decision. */
  | { kind: 'profiling' };

export type LaunchReasonKind = LaunchReason['kind'];

/** Every kind, in the order tables list them; the check below fails to compile when a kind is missing. */
export const LAUNCH_REASON_KINDS = [
  'submissionOrder',
  'fairShare',
  'queueCapacity',
  'dominantShare',
  'cpuPool',
  'belowMinimum',
  'spareSlot',
  'utility',
  'speculation',
  'ownRule',
  'profiling',
] as const;
type Missing = Exclude<LaunchReasonKind, (typeof LAUNCH_REASON_KINDS)[number]>;
const allKinds: Missing extends never ? true : Missing = true;
void allKinds;

/** What each kind of decision is called where decisions are counted (the why-panel, reports). */
export const LAUNCH_REASON_LABELS: Record<LaunchReasonKind, string> = {
  submissionOrder: 'First in submission order',
  fairShare: 'Furthest below its fair share',
  queueCapacity: 'Its queue furthest below capacity',
  dominantShare: 'Smallest dominant share',
  cpuPool: 'Below its share, fits the CPU pool',
  belowMinimum: 'Below its minimum allocation',
  spareSlot: 'Spare slot lent',
  utility: 'Highest utility',
  speculation: 'Speculative copy of a slow task',
  ownRule: 'By an added scheduler’s own rule',
  profiling: 'Profiling the server',
};

/** A map by where it reads its input ("node-local map"); a map of a job with no input says so in words, not as a placement. */
const mapWords = (placement: MapPlacement): string => (placement === 'no input' ? 'map that reads no input' : `${placement} map`);
const launchedWords = (l: Launched, container = false): string => {
  const task = l.task === 'map' ? mapWords(l.placement) : 'reduce';
  return container ? `container for a ${task}` : task;
};
const seconds = (s: number) => (Number.isFinite(s) ? `${Math.round(s)} s` : 'none');
const candidateWords = (c: PhaseCandidate) => `${c.leading ? 'new' : 'paused'} ${c.phase} of job ${c.job}`;

/** The reason in words, as runs record it and the "why" views show it. */
export function launchReasonText(r: LaunchReason): string {
  switch (r.kind) {
    case 'submissionOrder':
      return `FIFO: job ${r.job} is first in submission order with ${r.launched.task === 'map' ? 'pending maps' : 'runnable reduces'}; ${launchedWords(r.launched)}`;
    case 'fairShare':
      return (
        `${r.scheduler}: job ${r.job} is furthest below its fair share` +
        (r.mayGo !== undefined ? `, may go ${r.mayGo}` : '') +
        (r.predicted ? `; predicted slowdown ${r.predicted.slowdown.toFixed(2)} ≤ threshold ${r.predicted.threshold.toFixed(2)}` : '') +
        `; ${launchedWords(r.launched)}`
      );
    case 'queueCapacity':
      return `Capacity: queue ${r.queue} is furthest below its ${r.capacityPercent} % capacity; job ${r.job} is first in it; ${launchedWords(r.launched, true)}`;
    case 'dominantShare':
      return `DRF: job ${r.job} has the smallest dominant share (${r.share.toFixed(3)}); ${launchedWords(r.launched)}`;
    case 'cpuPool':
      return `Finer-Grained CPU: job ${r.job} is furthest below its fair share; needs ${r.needs} of the node's CPU pool (${r.free} of ${r.pool} free); ${launchedWords(r.launched)}`;
    case 'speculation':
      return `LATE: copy of the ${r.of} of job ${r.job} with the longest estimated time left (${r.leftSeconds.toFixed(0)} s), its progress rate below the ${r.percentile}th percentile; speculative copy`;
    case 'utility':
      return (
        `PRISM: ${r.best.leading ? `new ${r.best.phase} of job ${r.best.job}` : `${r.best.phase} phase of job ${r.best.job}, paused ${r.pausedSeconds.toFixed(1)} s,`} has the highest utility ${r.best.utility.toFixed(3)} (fairness ${r.fairness.toFixed(3)} + α·perf ${r.performance.toFixed(3)})` +
        (r.nextBest ? `; next best: ${candidateWords(r.nextBest)} at ${r.nextBest.utility.toFixed(3)}` : '') +
        (r.placement ? `; ${mapWords(r.placement)}` : '')
      );
    case 'belowMinimum':
      return (
        `MinEDF: job ${r.job} is below its minimum (${r.minimum}), earliest deadline first` +
        (r.mayGo !== undefined ? `, may go ${r.mayGo}` : '') +
        `; ${launchedWords(r.launched)}`
      );
    case 'spareSlot':
      return (
        (r.deadline !== undefined
          ? `MinEDF: spare slot lent to job ${r.job}, next by deadline (${seconds(r.deadline)})`
          : `MinEDF: spare slot to job ${r.job}, which has no deadline`) +
        (r.mayGo !== undefined ? `, may go ${r.mayGo}` : '') +
        `; ${launchedWords(r.launched)}`
      );
    case 'ownRule':
      return `${r.scheduler} (added): job ${r.job} ${r.rule}; ${launchedWords(r.launched)}`;
    case 'profiling':
      return 'profiling';
  }
}
