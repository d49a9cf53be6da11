import { z } from 'zod';
import { describeScheduler, type SpecOf } from '@shared/schedulers/describe';
import { slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from '@shared/schedulers/options';
import { labelText } from '@shared/files/controlCharacters';
import type { TaskCounters } from '../../engine/measure/profiles';
import type { PolicyScores, Scheduler } from '../../engine/scheduling/schedulerApi';
import type { WhyNotReason } from '@shared/results/whyNot';
import { NODE_CORE, NODE_TRANSIENT, NODE_TRANSIENT_CORE } from '../../engine/core/topology';
import { definePlugin } from '../plugin';
import { SlotTable } from '../slotHelpers';
import { MrCluster, Stage } from './mrCluster';
import { mrClusterView } from './mrClusterView';
import { aliveNodes, copyMBps, freeRole } from './nodes';
import { NodeHandover } from './handover';
import { designProblems, FAWKES_GROW_KINDS, FAWKES_INNER, innerScheduler, readDesign, type FawkesView } from './design';
import { discrimination, globalDiscrimination, reconfiguredFor, targetShares } from './shares';
import { FAWKES_POLICIES, normaliseWeights, sampleValues } from './weighting';
import { observeMrCluster } from './observe';

/** Several MR-clusters on one pool of nodes, grown and shrunk every interval T by a weighting policy (FAWKES). */
export const fawkesOptions = describeScheduler({
  kind: 'fawkes',
  title: 'FAWKES (MR-clusters)',
  schema: z.strictObject({
    kind: z.literal('fawkes'),
    label: labelText().optional(),
    policy: z.enum(FAWKES_POLICIES, { error: `must be one of ${FAWKES_POLICIES.join(', ')}` }).default('td'),
    /** T: weights are recomputed every interval (sec. 7.1-7.2: 60 s; 7.3: 120 s). */
    intervalS: z.number().positive('must be greater than 0').default(60),
    /** τ: shares change only when the global discrimination factor (eq. 3) exceeds it (sec. 5.3: 10). */
    tau: z.number().min(0, 'must be at least 0').default(10),
    grow: z.enum(FAWKES_GROW_KINDS, { error: `must be one of ${FAWKES_GROW_KINDS.join(', ')}` }).default('transient-core'),
    /** ψ of eq. 5: the weight of processor usage against disk usage in RU. */
    psi: z.number().gt(0, 'must be greater than 0').lt(1, 'must be less than 1').default(0.5),
    /** a of eq. 6 (JT, TT): the paper sets 2. */
    a: z.number().gt(1, 'must be greater than 1').default(2),
    inner: z.enum(FAWKES_INNER, { error: `must be one of ${FAWKES_INNER.join(', ')}` }).default('fifo'),
    ...slots,
    /** Each MR-cluster's data set, loaded on activation (l^D); unset: its largest job's input. */
    dataSetGb: z.number().positive('must be greater than 0').optional(),
    /** Storage of a node, for DU's share of capacity used (sec. 5.1: 2 TB per node). */
    diskGbPerNode: z.number().positive('must be greater than 0').default(2000),
    ...topologyAwareness,
  }),
  labels: {
    policy: 'Weighting policy',
    intervalS: 'Interval T s',
    tau: 'Threshold τ (share²·s², eq. 3)',
    grow: 'Grow with',
    inner: 'Scheduler inside',
    psi: 'RU ψ (eq. 5)',
    a: 'JT/TT a (eq. 6)',
    ...slotLabels,
    dataSetGb: 'Data set GB',
    diskGbPerNode: 'Disk GB / node',
    ...topologyLabels,
  },
  choices: { policy: FAWKES_POLICIES, grow: FAWKES_GROW_KINDS, inner: FAWKES_INNER },
  choiceLabels: {
    policy: {
      none: 'None: every MR-cluster keeps its minimum share',
      eq: 'EQ: equal shares',
      jd: 'JD: jobs waiting (demand, sec. 4.3.1)',
      dd: 'DD: input data waiting (demand)',
      td: 'TD: tasks waiting (demand)',
      pu: 'PU: processors in use (usage, sec. 4.3.2)',
      du: 'DU: output over storage (usage)',
      ru: 'RU: processors and disk, eq. 5 (usage)',
      js: 'JS: job slowdown (performance, sec. 4.3.3)',
      jt: 'JT: job throughput, eq. 6 (performance)',
      tt: 'TT: task throughput, eq. 6 (performance)',
    },
    grow: { transient: 'transient nodes (TR: hold no data)', 'transient-core': 'transient-core nodes (TC: hold output)' },
    inner: { fifo: 'FIFO (the paper)', fair: 'Fair' },
  },
  auto: { ...slotAuto, dataSetGb: 'auto: largest job input' },
  // ψ weighs RU's two usages (eq. 5); a shapes JT's and TT's weights (eq. 6): shown only with those policies.
  shownWhen: { psi: { policy: ['ru'] }, a: { policy: ['jt', 'tt'] } },
  // τ bounds E[D²] (eq. 3), D being share × seconds over an interval T: the same as a root-mean-square
  // gap of √τ / T between the share an MR-cluster holds and its weight — the unit of the discrimination chart.
  notes: (s) =>
    s.policy === 'none'
      ? ['None never re-balances: τ and T only set when weights are sampled.']
      : [
          `τ = ${s.tau} with T = ${s.intervalS} s: shares are re-balanced when the MR-clusters' held shares stray from their weights by more than about ${(Math.sqrt(s.tau) / s.intervalS).toFixed(3)} (root mean square, the discrimination chart's c − w).`,
        ],
  capacity: 'slots',
  runName: 'FAWKES',
  runNames: FAWKES_POLICIES.map((policy) => ({ when: { policy: [policy] }, name: `FAWKES ${policy.toUpperCase()}` })),
});

type FawkesSpec = SpecOf<typeof fawkesOptions>;

/** Samples of the monitored metric per interval T (sec. 4.2.2 averages the samples of the last T). */
const SAMPLES_PER_INTERVAL = 6;

/**
 * FAWKES (Ghit et al., SIGMETRICS'14): several MR-clusters on one pool of nodes. Each MR-cluster
 * has its own queue and scheduler inside (FIFO in the paper) and a minimum share of core nodes,
 * where its data set lives (sec. 3). Its first job requests it; FAWKES admits requests in FIFO
 * order when the minimum shares fit, gives it its core nodes back from whoever borrowed them and
 * loads its data set (l^D) before it runs anything (sec. 4.2.1); an MR-cluster idle for T saves its
 * output (b^D) and is removed. Every T the weights are recomputed from the policy's samples (eq. 4,
 * sec. 4.3) and, when the global discrimination factor (eq. 1-3) exceeds τ, the shares follow the
 * weights: MR-clusters above their share shrink — instant pre-emption of transient nodes, delayed
 * pre-emption (their output copied off first, least data first) of transient-core nodes — and those
 * below grow with free nodes of the chosen kind (sec. 4.2.2).
 */
export class Fawkes implements Scheduler {
  readonly name = 'fawkes';
  private clusters: MrCluster[] = [];
  /** Per job, its MR-cluster and the time it would take alone on that MR-cluster's minimum share. */
  private jobCluster: Int32Array = new Int32Array(0);
  private reference = new Float64Array(0);
  /** Who holds each node; replaced once the MR-clusters are read from the design. */
  private hands = new NodeHandover(0, [], () => undefined);
  private readonly admission: MrCluster[] = [];
  private readonly slots: SlotTable;
  private readonly sampleEvery: number;
  private started = false;
  private periodic = false;
  private nextSample = 0;
  private samplesTaken = 0;
  private lastTick = 0;
  private readonly growRole: number;

  constructor(private readonly spec: Omit<FawkesSpec, 'kind'>) {
    this.slots = new SlotTable(spec);
    this.sampleEvery = spec.intervalS / SAMPLES_PER_INTERVAL;
    this.growRole = spec.grow === 'transient' ? NODE_TRANSIENT : NODE_TRANSIENT_CORE;
  }

  onHeartbeat(n: number, view: FawkesView): void {
    const c = this.hands.own[n];
    if (c < 0 || this.hands.leaving[n]) return;
    const cluster = this.clusters[c];
    if (cluster.stage === Stage.Active) cluster.inner.onHeartbeat(n, cluster.view);
  }

  /** Why job j got nothing on node n: the node serves another MR-cluster, is leaving, or the MR-cluster's own scheduler says. */
  explain(j: number, n: number, view: FawkesView): WhyNotReason[] {
    const mine = this.clusters[this.jobCluster[j]];
    const c = this.hands.own[n];
    if (c !== this.jobCluster[j])
      return [{ kind: 'outsideMrCluster', jobMrCluster: mine.name, nodeMrCluster: c < 0 ? 'none (a free node)' : this.clusters[c].name }];
    if (this.hands.leaving[n])
      return [{ kind: 'outsideMrCluster', jobMrCluster: mine.name, nodeMrCluster: `none: it is leaving ${mine.name}, its data being copied off` }];
    if (mine.stage !== Stage.Active)
      return [{ kind: 'mrClusterInactive', mrCluster: mine.name, stage: mine.stage === Stage.Loading ? 'loading its data set' : 'waiting for admission' }];
    return mine.inner.explain?.(j, n, mine.view) ?? [];
  }

  /** What node n's MR-cluster's own scheduler weighs there (its table, its jobs only); nothing on a free, leaving or inactive node. */
  scores(n: number): PolicyScores | undefined {
    const mine = this.hands.own[n] < 0 || this.hands.leaving[n] ? undefined : this.clusters[this.hands.own[n]];
    return mine?.stage === Stage.Active ? mine.inner.scores?.(n, mine.view) : undefined;
  }

  onJobSubmitted(j: number, view: FawkesView): void {
    if (!this.started) this.start(view);
    const c = this.clusters[this.jobCluster[j]];
    c.view.jobs.push(j);
    c.jobsTotal++;
    c.maxQueue = Math.max(c.maxQueue, c.view.jobs.length);
    c.idleSince = NaN;
    this.reference[j] = view.jobAloneSeconds(j, c.referenceCores);
    c.queueSlowdown.add(view.jobSubmitTime(j), this.reference[j]);
    c.inner.onJobSubmitted?.(j, c.view);
    if (c.stage === Stage.Inactive) this.request(c, view);
    this.hands.recordSizes(view);
    if (!this.periodic) {
      this.periodic = true;
      this.nextSample = view.now + this.sampleEvery;
      view.wakeAt(this.nextSample);
    }
  }

  onJobFinished(j: number, view: FawkesView): void {
    const c = this.clusters[this.jobCluster[j]];
    const at = c.view.jobs.indexOf(j);
    // A workflow step that failed with its input was never submitted, so never queued here.
    if (at >= 0) {
      c.view.jobs.splice(at, 1);
      c.queueSlowdown.remove(view.jobSubmitTime(j), this.reference[j]);
    }
    c.jobFinished(view.jobSucceeded(j) ? (view.jobFinishTime(j) - view.jobSubmitTime(j)) / this.reference[j] : undefined);
    c.inner.onJobFinished?.(j, c.view);
    if (c.view.jobs.length === 0) c.idleSince = view.now;
  }

  onTaskFinished(task: number, counters: TaskCounters, view: FawkesView): void {
    const c = this.clusters[this.jobCluster[view.jobOfTask(task)]];
    c.tasksDone++;
    c.outputMb += counters.hdfsWriteMb;
    c.inner.onTaskFinished?.(task, counters, c.view);
  }

  onWake(view: FawkesView): void {
    const now = view.now;
    this.hands.endLeaving(view);
    for (const c of this.clusters) {
      if (c.stage === Stage.Loading && c.stageEnd <= now) {
        c.stage = Stage.Active;
        c.stageEnd = NaN;
      } else if (c.stage === Stage.Saving && c.stageEnd <= now) this.removed(c, view);
    }
    if (this.periodic && now >= this.nextSample) {
      this.sample(view);
      this.samplesTaken++;
      if (this.samplesTaken % SAMPLES_PER_INTERVAL === 0) this.tick(view);
      this.nextSample += this.sampleEvery;
      if (this.clusters.some((c) => c.stage !== Stage.Inactive) || this.admission.length > 0) view.wakeAt(this.nextSample);
      else this.periodic = false;
    }
    this.grow(view);
    this.hands.recordSizes(view);
  }

  report(view: FawkesView) {
    if (!this.started) return undefined;
    for (const c of this.clusters) c.record(view.now);
    return this.clusters.map((c) => c.report());
  }

  // ------------------------------------------------------------------ set-up

  /** Read the MR-clusters from the design (design.ts checks it) and free every node. */
  private start(view: FawkesView): void {
    this.started = true;
    const N = view.topology.nodeCount;
    const design = readDesign(view, this.spec);
    this.jobCluster = design.jobCluster;
    this.reference = new Float64Array(view.jobCount);
    this.clusters = design.clusters.map((c, i) => new MrCluster(i, c.name, c.home, c.cores, c.dataSetMb, mrClusterView(view, i), innerScheduler(this.spec)));
    this.hands = new NodeHandover(N, this.clusters, (c, v) => this.checkMinShare(c, v));
    // FAWKES owns every node: all start free, core nodes ready for their MR-cluster.
    for (let n = 0; n < N; n++) view.assignNode(n, -1, freeRole(n, view));
    this.lastTick = view.now;
  }

  // ------------------------------------------------------------------ admission (sec. 4.2.1)

  private request(c: MrCluster, view: FawkesView): void {
    c.stage = Stage.Queued;
    if (Number.isNaN(c.firstRequest)) c.firstRequest = view.now;
    this.admission.push(c);
    this.admit(view);
  }

  /** Admit queued MR-clusters in FIFO order while their minimum shares fit beside those of the active ones. */
  private admit(view: FawkesView): void {
    const alive = aliveNodes(view);
    while (this.admission.length > 0) {
      const held = this.clusters.reduce((s, c) => s + (c.stage === Stage.Loading || c.stage === Stage.Active || c.stage === Stage.Saving ? c.minShare : 0), 0);
      const head = this.admission[0];
      if (held + head.minShare > alive) return;
      this.admission.shift();
      head.stage = Stage.Loading;
      head.target = head.minShare;
      // Its core nodes come back from whoever borrowed them, at once or once their data is copied off.
      for (const n of head.home) {
        if (this.hands.own[n] >= 0 && !this.hands.leaving[n]) this.hands.release(n, view);
        if (this.hands.leaving[n]) this.hands.reservedFor[n] = head.index;
        else this.hands.take(n, head, NODE_CORE, view);
      }
      this.checkMinShare(head, view);
    }
  }

  /** Once it holds all its core nodes, it has its minimum share: its data set loads (l^D), then it runs. */
  private checkMinShare(c: MrCluster, view: FawkesView): void {
    if (c.stage !== Stage.Loading || !Number.isNaN(c.stageEnd)) return;
    for (const n of c.home) if (this.hands.own[n] !== c.index || this.hands.leaving[n]) return;
    if (c.minShareReachedS === null) c.minShareReachedS = view.now - c.firstRequest;
    let rate = 0;
    for (const n of c.home) rate += copyMBps(n, view);
    c.stageEnd = view.now + (c.dataSetMb * view.topology.replication) / Math.max(1e-9, rate);
    view.wakeAt(c.stageEnd);
  }

  /** Idle for T: save its output (b^D) on all its nodes, then free them (sec. 3.1). */
  private remove(c: MrCluster, view: FawkesView): void {
    c.stage = Stage.Saving;
    c.target = 0;
    let mb = 0;
    let rate = 0;
    for (const n of c.nodes) {
      mb += view.takeStoredData(n);
      rate += copyMBps(n, view);
    }
    c.stageEnd = view.now + mb / Math.max(1e-9, rate);
    view.wakeAt(c.stageEnd);
  }

  private removed(c: MrCluster, view: FawkesView): void {
    c.stage = Stage.Inactive;
    c.stageEnd = NaN;
    c.touch(view.now);
    for (const n of [...c.nodes]) this.hands.free(n, view);
    // Jobs that came while it was saving make it request again.
    if (c.view.jobs.length > 0) this.request(c, view);
    this.admit(view);
  }

  // ------------------------------------------------------------------ weights and shares (sec. 4.1-4.3)

  private sample(view: FawkesView): void {
    const monitored = this.clusters.filter((c) => c.monitored);
    const values = sampleValues(
      monitored.map((c) => observeMrCluster(c, view, this.slots, this.spec.diskGbPerNode)),
      monitored.map((c) => c.minShare),
      this.spec,
    );
    monitored.forEach((c, i) => {
      c.sampleSum += values[i];
      c.sampleCount++;
    });
  }

  /** Every T: new weights (eq. 4), discriminations (eq. 1-3), removal of idle MR-clusters, and new shares past τ. */
  private tick(view: FawkesView): void {
    const now = view.now;
    const span = Math.max(1e-9, now - this.lastTick);
    this.lastTick = now;
    const alive = aliveNodes(view);
    const active = this.clusters.filter((c) => c.monitored);
    const weights =
      this.spec.policy === 'none'
        ? active.map((c) => c.minShare / Math.max(1, alive))
        : normaliseWeights(active.map((c) => (c.sampleCount > 0 ? c.sampleSum / c.sampleCount : 0)));
    const ds: number[] = [];
    active.forEach((c, i) => {
      c.weight = weights[i];
      c.touch(now);
      ds.push(discrimination(c.heldNodeSeconds / Math.max(1, alive) / span, c.weight, 1) * span);
    });
    for (const c of this.clusters) c.record(now, c.monitored ? ds[active.indexOf(c)] / span : 0);
    for (const c of this.clusters) c.startInterval(now);
    for (const c of active) if (c.stage === Stage.Active && c.view.jobs.length === 0 && now - c.idleSince >= this.spec.intervalS) this.remove(c, view);
    const stay = active.filter((c) => c.monitored);
    if (this.spec.policy === 'none' || stay.length === 0 || globalDiscrimination(ds) <= this.spec.tau) return;
    const targets = targetShares(
      alive,
      stay.map((c) => ({ weight: c.weight, minShare: c.minShare })),
    );
    const moved = reconfiguredFor(
      stay.map((c) => c.target),
      targets,
    );
    if (moved >= 0) stay[moved].reconfigurations++;
    stay.forEach((c, i) => (c.target = targets[i]));
    for (const c of stay) this.shrink(c, view);
  }

  // ------------------------------------------------------------------ grow and shrink (sec. 4.2.2)

  /** Give up nodes beyond its share: transient ones first, then transient-core ones holding the least data. */
  private shrink(c: MrCluster, view: FawkesView): void {
    const extra = c.nodes.size - c.target;
    if (extra <= 0) return;
    const home = new Set(c.home);
    const lent = [...c.nodes].filter((n) => !home.has(n));
    const role = (n: number) => (view.nodeRole(n) === NODE_TRANSIENT ? 0 : 1);
    lent.sort((x, y) => role(x) - role(y) || view.nodeStoredMb(x) - view.nodeStoredMb(y) || x - y);
    for (const n of lent.slice(0, extra)) this.hands.release(n, view);
  }

  /** Hand free nodes to the MR-clusters below their share, the furthest below first. */
  private grow(view: FawkesView): void {
    const wanting = this.clusters
      .filter((c) => c.monitored && c.nodes.size < c.target)
      .sort((x, y) => y.target - y.nodes.size - (x.target - x.nodes.size) || x.index - y.index);
    if (wanting.length === 0) return;
    const free = this.hands.freeNodes(view);
    let k = 0;
    for (const c of wanting) while (c.nodes.size < c.target && k < free.length) this.hands.take(free[k++], c, this.growRole, view);
  }
}

export function fawkesScheduler(spec: Omit<FawkesSpec, 'kind'>): Scheduler<FawkesView> {
  return new Fawkes(spec);
}

export const fawkesPlugin = definePlugin({
  capabilities: ['attempts', 'timers', 'preemption', 'cluster'],
  description: fawkesOptions,
  create: (spec) => fawkesScheduler(spec),
  checkDesign: (_spec, topology, jobs, limit) => designProblems(topology, jobs, limit),
});
