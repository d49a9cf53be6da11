/**
 * Why a job got nothing on a node at a heartbeat: structured reasons, found by
 * re-running the run up to that moment with the job traced (runner/whyNotReplay.ts), and their words.
 * The app's why-panel and `workload-studio why` print the same words.
 */
import { plural } from '../plural';
import { scoresText, type WhyNotScores } from './whyNotScores';

/** Jobs holding a node's slots or containers, most tasks first. */
export interface Holder {
  job: string;
  tasks: number;
}

export type WhyNotReason =
  | { kind: 'launched'; task: string; reason: string }
  | { kind: 'notSubmitted'; submitAt: number }
  /** Its submit time has passed, but jobs it depends on have not finished (it is submitted when they have). */
  | { kind: 'waitsForJobs'; jobs: string[] }
  | { kind: 'finished'; at: number }
  | { kind: 'nodeDown' }
  /** Every map runs or is done, and its reduces may not start yet (slow start) or all run too. */
  | { kind: 'nothingPending'; runningMaps: number; runningReduces: number; pendingReduces: number; reducesMayStart: boolean }
  | { kind: 'noFreeSlot'; slot: 'map' | 'reduce'; used: number; slots: number; holders: Holder[] }
  | { kind: 'noContainerRoom'; needMb: number; freeMb: number; needVcores: number; freeVcores: number; holders: Holder[] }
  /** The node's free slot or container went to another job at this heartbeat. */
  | { kind: 'tookByOther'; job: string; reason: string }
  /** Where the job stood in the scheduler's order, and the order's key for it. */
  | { kind: 'order'; rank: number; of: number; key: string; ahead: string[] }
  /** Delay scheduling: it may only take a map at `allowed` or better; the best here is `bestHere`. */
  | { kind: 'localityWait'; allowed: string; bestHere: string; waited: number; wait: number; next: string; unit?: 'opportunities' }
  | { kind: 'overLimit'; what: string; running: number; limit: number }
  | { kind: 'queueFull'; queue: string; usedMb: number; maxMb: number }
  /** YARN: application masters already hold the share of the cluster's memory they may (maxAmShare), so this job's waits. */
  | { kind: 'amShareFull'; usedMb: number; limitMb: number; usedVcores: number; limitVcores: number; share: number }
  | { kind: 'outsideMrCluster'; jobMrCluster: string; nodeMrCluster: string }
  /** FAWKES: the job's MR-cluster runs nothing yet (sec. 4.2.1: admitted in FIFO order, then its data set loaded). */
  | { kind: 'mrClusterInactive'; mrCluster: string; stage: 'waiting for admission' | 'loading its data set' }
  | { kind: 'deadlineAllocation'; slot: 'map' | 'reduce'; running: number; allocated: number }
  | { kind: 'speculativeCap'; running: number; cap: number }
  /** PRISM: the job's next phase would overflow one of the machine's resources (Algorithm 1 line 2). */
  | { kind: 'phaseDoesNotFit'; phase: string; resource: 'cpu' | 'memory' | 'disk' | 'net'; need: number; used: number; capacity: number }
  /** A scheduler file's own explanation (its policy's `explain`), in its words; `scheduler` is its title. */
  | { kind: 'ownWords'; scheduler: string; text: string }
  /** The scheduler placed nothing of the job here and its own explanation names no limit. */
  | { kind: 'notChosen' };

export type { WhyNotScores };

/** One heartbeat of one node (regular, or out of band when a task ended there) and what the job got. */
export interface WhyNotBeat {
  time: number;
  reasons: WhyNotReason[];
  /** What the scheduler weighed before deciding, when it says (Scheduler.scores). */
  scores?: WhyNotScores;
}

export interface WhyNotNode {
  node: string;
  beats: WhyNotBeat[];
}

export interface WhyNotAnswer {
  job: string;
  run: string;
  seed: number;
  at: number;
  /** The heartbeats looked at: from, to (simulated seconds): one heartbeat interval either side of `at`. */
  window: [number, number];
  /** Nodes that beat in the window, in node order. */
  nodes: WhyNotNode[];
  /** When the replay stopped: before `window[1]` only when the run had ended; past it, at the first event after the window. */
  stoppedAt: number;
  /** The asked job's submit time, and when it finished (null: not by `stoppedAt`). */
  jobSpan: { submitAt: number; finishedAt: number | null };
}

const s = (x: number) => (Math.abs(x) >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));
const vcores = (n: number) => `${n} vcore${n === 1 ? '' : 's'}`;
const holders = (hs: Holder[]) =>
  hs.length
    ? ` (held by ${hs
        .slice(0, 4)
        .map((h) => `${h.job} ×${h.tasks}`)
        .join(', ')}${hs.length > 4 ? `, ${hs.length - 4} more` : ''})`
    : '';

/** One reason in words: what the why-panel and the CLI print. */
export function whyNotWords(r: WhyNotReason): string {
  switch (r.kind) {
    case 'launched':
      return `launched ${r.task} here: ${r.reason}`;
    case 'notSubmitted':
      return `not submitted yet (it arrives at ${s(r.submitAt)} s)`;
    case 'finished':
      return `already finished (at ${s(r.at)} s)`;
    case 'waitsForJobs':
      return `not submitted yet: it waits for ${r.jobs.join(', ')} to finish (it depends on ${r.jobs.length === 1 ? 'it' : 'them'})`;
    case 'nodeDown':
      return 'the node is down';
    case 'nothingPending':
      return r.pendingReduces > 0 && !r.reducesMayStart
        ? `nothing to place: every map runs or is done (${r.runningMaps} running) and its ${r.pendingReduces === 1 ? 'reduce waits' : `${r.pendingReduces} reduces wait`} for the maps to finish (slow start)`
        : `nothing to place: every task runs or is done (${plural(r.runningMaps, 'map')}, ${plural(r.runningReduces, 'reduce')} running)`;
    case 'noFreeSlot':
      return `no free ${r.slot} slot: ${r.used} of ${r.slots} in use${holders(r.holders)}`;
    case 'noContainerRoom':
      return `no room for its container (${r.needMb} MB, ${vcores(r.needVcores)}): ${r.freeMb} MB and ${vcores(r.freeVcores)} free${holders(r.holders)}`;
    case 'tookByOther':
      return `what was free went to ${r.job}: ${r.reason}`;
    case 'order':
      return `${ordinal(r.rank)} of ${r.of} in the scheduler's order (${r.key})${r.ahead.length ? `; ahead: ${r.ahead.slice(0, 3).join(', ')}${r.ahead.length > 3 ? ` and ${r.ahead.length - 3} more` : ''}` : ''}`;
    case 'localityWait':
      if (r.unit === 'opportunities')
        return `waiting for a ${r.allowed} container: the best map here is ${r.bestHere}; ${r.waited} of ${r.wait} scheduling opportunities missed, ${r.wait - r.waited} left before it may go ${r.next}`;
      return `waiting for a ${r.allowed} slot: the best map here is ${r.bestHere}; ${s(r.waited)} s of ${s(r.wait)} s waited, ${s(Math.max(0, r.wait - r.waited))} s left before it may go ${r.next}`;
    case 'overLimit':
      return `at its limit of ${r.what}: ${r.running} of ${r.limit} running`;
    case 'amShareFull':
      return `its application master waits: application masters hold ${s(r.usedMb / 1024)} of the ${s(r.limitMb / 1024)} GB and ${s(r.usedVcores)} of the ${s(r.limitVcores)} vcores they may (${s(r.share * 100)} % of what the nodes offer)`;
    case 'queueFull':
      return `its queue ${r.queue} is at its maximum capacity: ${s(r.usedMb / 1024)} of ${s(r.maxMb / 1024)} GB`;
    case 'outsideMrCluster':
      return `the node serves MR-cluster ${r.nodeMrCluster}, the job runs in ${r.jobMrCluster}`;
    case 'mrClusterInactive':
      return `its MR-cluster ${r.mrCluster} runs nothing yet: it is ${r.stage}`;
    case 'deadlineAllocation':
      return `held to its deadline allocation: ${r.running} ${r.slot} slots in use of the ${r.allocated} its deadline needs`;
    case 'speculativeCap':
      return `speculative copies at their cap: ${r.running} of ${r.cap}`;
    case 'phaseDoesNotFit': {
      const unit = { cpu: 'cores', memory: 'MB', disk: 'MB/s of disk', net: 'MB/s of network' }[r.resource];
      return `its next ${r.phase} does not fit the machine: it needs ${s(r.need)} ${unit}, ${s(r.used)} of ${s(r.capacity)} in use`;
    }
    case 'ownWords':
      return `${r.scheduler}: ${r.text}`;
    case 'notChosen':
      return 'the scheduler placed nothing of it here and names no limit';
  }
}

function ordinal(n: number): string {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${tail}`;
}

/** The reasons of one beat in one line. */
export function beatWords(b: WhyNotBeat): string {
  return b.reasons.map(whyNotWords).join('; ');
}

/** A heartbeat before the job arrived or after it ended: it says only that, so it is counted, not listed. */
export function beatOutsideJob(b: WhyNotBeat): boolean {
  return b.reasons.length === 1 && (b.reasons[0].kind === 'notSubmitted' || b.reasons[0].kind === 'waitsForJobs' || b.reasons[0].kind === 'finished');
}

/** With no heartbeat of the window finding the job in the cluster: when it was there, so the next question can ask then. */
export function outsideJobWords(a: WhyNotAnswer): string {
  const t1 = (x: number) => x.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const reasons = a.nodes.flatMap((n) => n.beats.flatMap((b) => b.reasons));
  const arrives = reasons.find((r) => r.kind === 'notSubmitted');
  const ended = reasons.find((r) => r.kind === 'finished');
  const waits = reasons.find((r) => r.kind === 'waitsForJobs');
  const job = a.job;
  if (waits && !ended)
    return `${job} is not submitted until ${waits.jobs.join(', ')} ${waits.jobs.length === 1 ? 'finishes' : 'finish'} (it depends on ${waits.jobs.length === 1 ? 'it' : 'them'}): ask about a later moment.`;
  if (arrives && ended)
    return `No heartbeat of that window found ${job} in the cluster: it arrived at ${t1(arrives.submitAt)} s and finished at ${t1(ended.at)} s.`;
  if (ended) return `${job} had finished at ${t1(ended.at)} s, before this window: ask about an earlier moment.`;
  if (arrives) return `${job} arrives at ${t1(arrives.submitAt)} s, after this window: ask about a later moment.`;
  return '';
}

/**
 * Why no node beat in the window: the run had ended, or nothing ran or waited in the cluster then
 * (the engine simulates no heartbeat of an empty cluster, docs/model.md "Scheduling"), with where the
 * asked job stood so the next question can ask when it was there.
 */
export function noBeatWords(a: WhyNotAnswer): string {
  if (a.stoppedAt < a.window[1]) return `the run ended at ${s(a.stoppedAt)} s.`;
  const empty = `nothing ran or waited in the cluster from ${s(a.window[0])} s until ${s(a.stoppedAt)} s, so no node asked the scheduler`;
  const { submitAt, finishedAt } = a.jobSpan;
  if (finishedAt !== null && finishedAt <= a.window[0]) return `${empty}; ${a.job} had finished at ${s(finishedAt)} s: ask about an earlier moment.`;
  if (submitAt >= a.window[1]) return `${empty}; ${a.job} arrives at ${s(submitAt)} s: ask about a later moment.`;
  return `${empty}.`;
}

/** The whole answer as text, one line per node and heartbeat: what `workload-studio why` prints. */
export function whyNotText(a: WhyNotAnswer): string {
  const head = `Why ${a.job} got nothing around ${s(a.at)} s — ${a.run}, seed ${a.seed}; heartbeats from ${s(a.window[0])} to ${s(a.window[1])} s\n`;
  if (!a.nodes.length) return `${head}No heartbeat in that window: ${noBeatWords(a)}\n`;
  const width = Math.max(...a.nodes.map((n) => n.node.length));
  const lines = a.nodes.flatMap((n) =>
    n.beats
      .filter((b) => !beatOutsideJob(b))
      .map(
        (b) =>
          `${n.node.padEnd(width)}  ${b.time.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).padStart(9)} s  ${beatWords(b)}`,
      ),
  );
  if (!lines.length) return `${head}\n${outsideJobWords(a)}\n`;
  const note = hiddenBeatsWords(a);
  const weighed = scoresText(a);
  return `${head}${note ? `${note}\n` : ''}\n${lines.join('\n')}\n${weighed ? `\n${weighed}\n` : ''}`;
}

/** "3 heartbeats not listed: not submitted yet (…)." for the beats beatOutsideJob leaves out of a listing that has others. */
export function hiddenBeatsWords(a: WhyNotAnswer): string {
  const hidden = a.nodes.flatMap((n) => n.beats.filter(beatOutsideJob).map(beatWords));
  if (!hidden.length) return '';
  const alike = new Set(hidden).size > 1 ? ', and the like' : '';
  return `${hidden.length.toLocaleString('en-US')} heartbeat${hidden.length === 1 ? '' : 's'} not listed: ${hidden[0]}${alike}.`;
}
