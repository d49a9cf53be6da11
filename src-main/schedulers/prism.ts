import { z } from 'zod';
import { describeScheduler, type SpecOf } from '@shared/schedulers/describe';
import { containerAuto, containerLabels, containerSizeLabels, containers, topologyAwareness, topologyLabels } from '@shared/schedulers/options';
import { labelText } from '@shared/files/controlCharacters';
import type { LaunchReason } from '@shared/results/launchReason';
import { PHASE_NAMES, PhaseKind } from '../engine/core/model';
import { definePlugin } from './plugin';
import { containerFitProblems } from './containerFit';
import { orderReason } from './whyNotReasons';
import type { WhyNotReason } from '@shared/results/whyNot';
import type { Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/core/topology';
import { appMasterFirst, appMasterFits, onlyMasterHolders, freeOnNode } from './containers';
import { IncrementalJobOrder, type JobList } from './incrementalOrder';
import { BestTwo, blankCandidate, submissionOrder, type Candidate } from './prismCandidates';
import { FairnessGain, overflow, phaseNeeds, type Need } from './prismMachine';
import { JobShares } from './prismShares';
import { MachineCapacities, MachineUse } from './prismCapacity';
import { utilityReason, utilityTable } from './prismExplain';

/** PRISM (Zhang et al., IEEE TCC 2015): phase-level scheduling by utility. */
export const prismOptions = describeScheduler({
  kind: 'prism',
  title: 'PRISM (phase-level)',
  schema: z.strictObject({
    kind: z.literal('prism'),
    label: labelText().optional(),
    ...containers,
    /** Weight of performance against fairness in U = U_fairness + α·U_perf (PRISM eq. 1). */
    alpha: z.number().min(0).default(1),
    /** Urgency of a paused phase, p(T_wait) = a·T_wait² (eq. 6; a = 0.1 in sec. 5.2). */
    urgency: z.number().min(0).default(0.1),
    /** Only the k jobs furthest below their share offer new tasks (sec. 5.2; k = 20). */
    topK: z.number().int().min(1).default(20),
    /** ε of eq. 5, so a job with no task of a type running gets a large, finite gain. */
    epsilon: z.number().positive().default(0.1),
    /** Fairness measure of eq. 2: DRF dominant shares (eq. 3) or Hadoop Fair Scheduler task shares. */
    fairness: z.enum(['drf', 'fair']).default('drf'),
    /**
     * Which jobs come first: the paper's, those furthest below their share (Alg. 1 line 11, with
     * eq. 2's fairness in the utility), or submission order (FIFO) with the same phase-level
     * placement: a reading of our own, to tell what job order gives from what placement gives.
     */
    jobOrder: z.enum(['share', 'submission']).default('share'),
    /** Phase-level profiles per template (`workload-studio profile` output); others fall back to task level. */
    profiles: z
      .record(
        z.string(),
        // Partial: a template may have no merge or reduce phase (map-only jobs).
        z.partialRecord(
          z.enum(['map', 'merge', 'shuffle', 'sort', 'reduce']),
          z
            .strictObject({
              cpuCores: z.number().min(0),
              memoryMb: z.number().min(0),
              localDiskMBps: z.number().min(0),
              hdfsMBps: z.number().min(0),
              shuffleMBps: z.number().min(0),
            })
            .partial(),
        ),
      )
      .default({}),
    ...topologyAwareness,
  }),
  labels: {
    ...containerSizeLabels,
    ...containerLabels,
    alpha: 'α (eq. 1)',
    urgency: 'a, urgency (eq. 6)',
    topK: 'k, top jobs',
    epsilon: 'ε (eq. 5)',
    fairness: 'Fairness measure (eq. 2)',
    jobOrder: 'Job order',
    ...topologyLabels,
  },
  choices: { fairness: ['drf', 'fair'], jobOrder: ['share', 'submission'] },
  choiceLabels: {
    fairness: { drf: 'Dominant share of the machine (DRF, eq. 3)', fair: 'Running tasks per equal share (Fair Scheduler)' },
    jobOrder: { share: 'Furthest below its share first (the paper)', submission: 'Submission order, same placement (for comparison)' },
  },
  // The fairness measure orders jobs only when they go furthest below their share first.
  shownWhen: { fairness: { jobOrder: ['share'] } },
  auto: containerAuto,
  capacity: 'containers',
  usesProfiles: 'phase-level profiles (PRISM sec. 4)',
  runName: 'PRISM',
  runNames: [{ when: { jobOrder: ['submission'] }, name: 'PRISM (submission order)' }],
});

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts' | 'phases'>;

type PrismSpec = SpecOf<typeof prismOptions>;

/**
 * PRISM (Zhang et al., IEEE TCC 2015): phase-level scheduling. Tasks ask permission before each
 * phase after their first (sec. 4, Fig. 5); on every heartbeat the scheduler runs Algorithm 1:
 * the candidates are the paused phases on the machine plus one new task's leading phase from each
 * of the top-k jobs furthest below their share (a data-local map first); a candidate must fit the
 * machine's remaining capacity under its phase-level profile (Fig. 8; task-level requirement when
 * the job has no profile, sec. 4); the one with the highest utility
 *   U = U_fairness + α·U_perf                                   (eq. 1)
 *   U_fairness = F_before − F_after,  F = max_{j,j'} |s_j − s_j'|  (eq. 2, 3)
 *   U_perf = N_rem / max(N_cur, ε) − N_rem / (N_cur + 1)      for a leading phase (eq. 5)
 *   U_perf = a·T_wait²                                          for a paused phase (eq. 6)
 * is scheduled, and the loop repeats until no candidate fits or has positive utility.
 * s_j is job j's dominant share of one machine's capacities (DRF, eq. 3 — the printed equation
 * shows a minimum over resources, but the DRF measure it cites is the maximum, used here), or its
 * running tasks per equal share for the Fair-Scheduler measure.
 */
export function prismScheduler(spec: PrismSpec): Scheduler<View> {
  const found = { level: Locality.Node as Locality };
  /** What each phase of a job needs of a machine (sec. 4, Fig. 8), worked out once per template and phase. */
  const need = phaseNeeds(spec);

  /** Each machine's capacities (C), one object per shape. */
  const capacities = new MachineCapacities(spec);
  const machine = (view: View, n: number) => capacities.of(view, n);

  /** Each job's use and share (eq. 3), kept until the job changes. */
  const shares = new JobShares(spec, need);
  const jobUse = (view: View, j: number, cap: Need) => shares.of(view, j, cap);

  /**
   * The active jobs by their share of one machine's capacities, lowest first (ties: the lower job
   * index), one order per machine shape and cluster size (the Fair measure divides by it). A share
   * moves only when its own job changes, so each order is kept from the engine's change log
   * instead of re-reading every job at every heartbeat.
   */
  const byShare = new Map<Need, IncrementalJobOrder<View>>();
  /** The same orders of the jobs holding their application master: all that may offer a task while masters hold their share (maxAmShare). */
  const withAppMaster = new Map<Need, IncrementalJobOrder<View>>();
  function sharesOrder(view: View, cap: Need, holdingMaster = false): JobList {
    const orders = holdingMaster ? withAppMaster : byShare;
    let order = orders.get(cap);
    if (!order) {
      order = new IncrementalJobOrder<View>(
        (v, j) => jobUse(v, j, cap).share,
        () => 0,
        holdingMaster ? { includes: (v, j) => v.appMasterNode(j) >= 0 } : {},
      );
      orders.set(cap, order);
    }
    return order.current(view);
  }

  /** Line 2: the machine's utilisation. */
  const use = new MachineUse(need);

  const bySubmission = spec.jobOrder === 'submission';
  /** The candidates of one round (reused objects, BestTwo). */
  const top = new BestTwo(bySubmission);
  /**
   * Files the candidate just filled. A candidate without positive utility is dropped (Alg. 1 lines
   * 25-26); by share the best one has the highest utility, so the round's end test drops them all
   * at once, but in submission order an earlier job's useless phase must not hide a later job's.
   */
  function offerIfUseful(): void {
    if (!bySubmission || top.next().utility > 0) top.offer();
  }
  function fill(
    view: View,
    c: Candidate,
    job: number,
    task: number,
    attempt: number,
    phase: PhaseKind,
    leading: boolean,
    level: Locality,
    gain: number,
    performance: number,
    wait: number,
  ): void {
    c.job = job;
    c.task = task;
    c.attempt = attempt;
    c.phase = phase;
    c.leading = leading;
    c.level = level;
    c.utility = gain + spec.alpha * performance;
    c.fairnessGain = gain;
    c.performance = performance;
    c.wait = wait;
    c.submitted = bySubmission ? view.jobSubmitTime(job) : 0;
  }

  /** Eq. 2's fairness gain in a round, and in working out the outlook (which a round may ask for). */
  const roundFairness = new FairnessGain<View>(spec.fairness, jobUse);
  const outlookFairness = new FairnessGain<View>(spec.fairness, jobUse);

  /** Eq. 5: what one more running task of the phase's kind gains job j. */
  function leadingPerformance(view: View, j: number, isReduce: boolean): number {
    const remaining = isReduce ? view.pendingReduces(j) + view.runningReduces(j) : view.pendingMaps(j) + view.runningMaps(j);
    const current = isReduce ? view.runningReduces(j) : view.runningMaps(j);
    return remaining / Math.max(current, spec.epsilon) - remaining / (current + 1);
  }

  /** The jobs that may offer a new task at a round on a machine of `cap` (lines 11-17), best first; k of them are asked. */
  function offeringJobs(view: View, cap: Need, ordered: JobList | undefined): JobList {
    // While masters hold their share, jobs waiting for one can offer nothing: the top k hold one.
    const masters = onlyMasterHolders(spec, view);
    return ordered === undefined ? submissionOrder(view, masters, spec.topK) : masters ? sharesOrder(view, cap, true) : ordered;
  }

  /**
   * What the top-k jobs could offer a machine of `cap` now, wherever it fits: whether any job's
   * next task (a map while it has one pending, else a reduce that may start) has a leading phase of
   * positive utility, and whether any of them still waits for its application master. Neither
   * depends on the machine's own load or on the time, only on the jobs, so it is worked out once
   * per state version (View.stateVersion) and capacity, and answers every idle beat until an event
   * moves it.
   */
  interface Outlook {
    version: number;
    useful: boolean;
    masterless: boolean;
  }
  const outlooks = new Map<Need, Outlook>();
  function outlook(view: View, cap: Need): Outlook {
    const version = view.stateVersion();
    const known = outlooks.get(cap);
    if (known?.version === version) return known;
    const ordered = bySubmission ? undefined : sharesOrder(view, cap);
    outlookFairness.start(view, cap, ordered);
    const usefulPhase = (j: number, phase: PhaseKind) => {
      const nd = need(view, j, phase);
      return outlookFairness.of(j, nd, true) + spec.alpha * leadingPerformance(view, j, phase === PhaseKind.Shuffle) > 0;
    };
    const fresh: Outlook = { version, useful: false, masterless: false };
    const offering = offeringJobs(view, cap, ordered);
    const k = Math.min(offering.length, spec.topK);
    for (let i = 0; i < k && !fresh.useful; i++) {
      const j = offering[i];
      // As a round asks (gather): a job with a pending map offers a map (one is always found
      // anywhere on the cluster), else a reduce that may start.
      if (view.appMasterNode(j) < 0) fresh.masterless = true;
      else if (view.pendingMaps(j) > 0) fresh.useful = usefulPhase(j, PhaseKind.Map);
      else if (view.pendingReduces(j) > 0 && view.reducesMayStart(j)) fresh.useful = usefulPhase(j, PhaseKind.Shuffle);
    }
    outlooks.set(cap, fresh);
    return fresh;
  }

  /** Where one round's candidates go: the heartbeat's best two, or the why panel's table. */
  interface CandidateSink {
    next(): Candidate;
    offer(): void;
  }

  /**
   * One round of Algorithm 1's candidates on machine n (lines 2-17): the paused phases there and
   * a leading phase from each of the top k jobs, each with its fairness gain and performance term,
   * filed into `sink`. With `placeMasters`, a job still waiting for its application master gets it
   * placed first (true when one was: the round then starts over); without, the round only weighs.
   */
  function gather(n: number, view: View, cap: Need, sink: CandidateSink, placeMasters: boolean): boolean {
    const onNode = view.attemptIdsOnNode(n);
    const used = use.on(view, n, onNode);

    const ordered = bySubmission ? undefined : sharesOrder(view, cap);
    roundFairness.start(view, cap, ordered);

    // Lines 6-10: phases of tasks on this machine waiting for permission.
    // The ids are read before anything else asks for a node's attempts (the list is reused).
    for (let i = 0; i < onNode.length; i++) {
      const a = onNode[i];
      if (!view.attemptPaused(a)) continue;
      const task = view.attemptTask(a);
      const job = view.jobOfTask(task);
      const phase = view.attemptPhase(a);
      const nd = need(view, job, phase);
      if (overflow(used, nd, cap, false)) continue;
      const wait = view.now - view.attemptPausedSince(a);
      const performance = spec.urgency * wait * wait;
      const gain = roundFairness.of(job, nd, false);
      fill(view, sink.next(), job, task, a, phase, false, view.attemptLocality(a), gain, performance, wait);
      sink.offer();
    }
    // Lines 11-17: the top-k jobs with the largest deficit offer one new task each, data-local first.
    const free = freeOnNode(spec, view, n);
    // Deciding (the heartbeat's candidates are in `top`): no paused phase worth resuming, and no
    // job's next task of positive utility anywhere nor a master to place here (the outlook, shared
    // by every node of this shape until an event), so the round ends with nothing (lines 25-26)
    // whatever this node's k jobs offer: they are not walked. Nothing launches, so no reason names them.
    if (placeMasters && !(top.hasBest && top.best.utility > 0)) {
      const o = outlook(view, cap);
      if (!o.useful && !(o.masterless && appMasterFits(spec, view, free))) return false;
    }
    let placedAm = false;
    // The order is not changed in this loop (an application master placed ends it).
    const offering = offeringJobs(view, cap, ordered);
    const k = Math.min(offering.length, spec.topK);
    for (let i = 0; i < k; i++) {
      const j = offering[i];
      if (!placeMasters) {
        // Weighed without deciding: a job still waiting for its master offers nothing yet.
        if (view.appMasterNode(j) < 0) continue;
      } else {
        const am = appMasterFirst(spec, view, j, n, free);
        if (am === 'placed') {
          placedAm = true;
          break;
        }
        if (am === 'waiting') continue;
      }
      let task = -1;
      let phase = PhaseKind.Map;
      let level: Locality = Locality.None;
      if (view.pendingMaps(j) > 0) {
        task = view.findMap(j, n, Locality.OffRack, found, spec.serverLocality);
        level = found.level;
      }
      if (task < 0 && view.pendingReduces(j) > 0 && view.reducesMayStart(j)) {
        task = view.nextReduce(j);
        phase = PhaseKind.Shuffle;
      }
      if (task < 0) continue;
      const nd = need(view, j, phase);
      if (overflow(used, nd, cap, true)) continue;
      const performance = leadingPerformance(view, j, phase === PhaseKind.Shuffle);
      const gain = roundFairness.of(j, nd, true);
      fill(view, sink.next(), j, task, -1, phase, true, level, gain, performance, 0);
      sink.offer();
    }
    return placedAm;
  }

  const heartbeatSink: CandidateSink = { next: () => top.next(), offer: offerIfUseful };

  /**
   * A launch's reason, built only when the run records reasons, from the round's best two as the
   * launch asks for it (the engine asks at once): one function for every launch, not two made per launch.
   */
  let reasonView: View;
  const launchReason = (): LaunchReason => utilityReason(reasonView, top, spec.alpha);

  return {
    name: 'prism',
    // A YARN policy: each job's application master takes a container before its tasks.
    placesAppMasters: true,
    gatesPhases: true,
    // Not among the top-k by deficit, or its next phase does not fit the machine (Algorithm 1).
    explain(j, n, view) {
      const out: WhyNotReason[] = [];
      const cap = machine(view, n);
      const rank = bySubmission
        ? orderReason(view, view.activeJobs, j, `submitted at ${view.jobSubmitTime(j).toFixed(0)} s; the first ${spec.topK} with work offer a task`)
        : orderReason(view, sharesOrder(view, cap), j, `share ${jobUse(view, j, cap).share.toFixed(3)}; the top ${spec.topK} offer a task`);
      if (rank) out.push(rank);
      const phase = view.pendingMaps(j) > 0 ? PhaseKind.Map : PhaseKind.Shuffle;
      const nd = need(view, j, phase);
      const used = use.on(view, n);
      const over = overflow(used, nd, cap, true);
      if (over) out.push({ kind: 'phaseDoesNotFit', phase: PHASE_NAMES[phase], resource: over, need: nd[over], used: used[over], capacity: cap[over] });
      return out;
    },
    // No paused phase here (the engine asks only then), and no job's next task worth starting
    // anywhere or application master placeable here: Algorithm 1's round would end at once.
    nodePlacesNothing(n, view) {
      const o = outlook(view, machine(view, n));
      return !o.useful && !(o.masterless && appMasterFits(spec, view, freeOnNode(spec, view, n)));
    },
    onJobFinished(j: number) {
      shares.forget(j);
    },
    // The candidates of the beat's first round with each term of eq. 1, best first (the why panel's table).
    scores(n, view) {
      const weighed: Candidate[] = [];
      let pending = blankCandidate();
      gather(n, view, machine(view, n), { next: () => (pending = blankCandidate()), offer: () => void weighed.push(pending) }, false);
      return utilityTable(view, weighed, spec.alpha, bySubmission);
    },
    onHeartbeat(n: number, view: View) {
      const cap = machine(view, n);
      for (let guard = 0; guard < 256; guard++) {
        top.reset();
        if (gather(n, view, cap, heartbeatSink, true)) continue;
        // Lines 18-35: the best candidate, if its utility is positive, then start over.
        if (!top.hasBest || !(top.best.utility > 0)) return;
        const b = top.best;
        reasonView = view;
        const ok = b.leading
          ? view.launch(b.task, n, launchReason, { memoryMb: need(view, b.job, b.phase).memory })
          : view.resumePhase(b.attempt, launchReason);
        if (!ok) return;
      }
    },
  };
}

export const prismPlugin = definePlugin({
  capabilities: ['attempts', 'phases'],
  description: prismOptions,
  create: (spec) => prismScheduler(spec),
  // Its tasks' containers are sized phase by phase from profiles (sec. 4.2): only the master is checked.
  checkDesign: (spec, topology, jobs, limit) => containerFitProblems(spec, topology, jobs, limit, false),
  // A design that names no profiles takes the store's phase-level profiles, pinned when the batch starts (sec. 4).
  pinProfiles: (spec, known) => (Object.keys(spec.profiles).length === 0 && Object.keys(known.phases).length ? { ...spec, profiles: known.phases } : spec),
});
