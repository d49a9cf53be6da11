import { z } from 'zod';
import { describeScheduler, type SpecOf } from '@shared/schedulers/describe';
import { QueueSchema, containerAuto, containerLabels, containerSizeLabels, containers, topologyAwareness, topologyLabels } from '@shared/schedulers/options';
import { labelText } from '@shared/files/controlCharacters';
import type { QueueConfig } from '@shared/schedulers';
import { definePlugin } from './plugin';
import { containerFitProblems } from './containerFit';
import { unknownQueueProblems } from './capacityQueues';
import type { Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/core/topology';
import { appMasterFirst, freeOnNode, offeredTotals, onlyMasterHolders, SmallestContainer, taskMemory } from './containers';
import type { Launched, LaunchReason } from '@shared/results/launchReason';
import { LEVEL_WORDS, mapAt, REDUCE } from './slotHelpers';
import { containerRoom, orderReason } from './whyNotReasons';
import type { WhyNotReason } from '@shared/results/whyNot';
import { MOST_ROWS, nextCandidate, type ScoreRow } from './scoreRows';

/** YARN's Capacity Scheduler: hierarchical queues with capacities, containers by memory and vcores. */
export const capacityOptions = describeScheduler({
  kind: 'capacity',
  title: 'YARN Capacity',
  schema: z.strictObject({
    kind: z.literal('capacity'),
    label: labelText().optional(),
    ...containers,
    queues: z.array(QueueSchema).default([{ name: 'default', capacity: 100, maxCapacity: 100, children: [] }]),
    /** Missed scheduling opportunities before a container may go rack-local (YARN node-locality-delay). */
    localityDelay: z.number().int().min(0).default(40),
    /**
     * Order of the jobs inside a leaf queue (YARN `ordering-policy`): first come, first served, or
     * YARN's fair ordering (the job holding the least memory first, ties by submission).
     */
    orderingPolicy: z.enum(['fifo', 'fair']).default('fifo'),
    /**
     * MapReduce's reduce ramp-up limit (`yarn.app.mapreduce.am.job.reduce.rampup.limit`): while a
     * job has maps waiting, its reduces hold at most this share of the memory its tasks hold.
     * Unset: Hadoop's 0.5 under fair ordering, no limit under first come, first served.
     */
    reduceRampupLimit: z.number().min(0, 'must be at least 0').max(1, 'must be at most 1').optional(),
    ...topologyAwareness,
  }),
  labels: {
    queues: 'Queues',
    ...containerSizeLabels,
    ...containerLabels,
    localityDelay: 'Locality delay (missed offers)',
    orderingPolicy: 'Order inside a queue',
    reduceRampupLimit: 'Reduce ramp-up limit (0–1)',
    ...topologyLabels,
  },
  choices: { orderingPolicy: ['fifo', 'fair'] },
  choiceLabels: {
    orderingPolicy: { fifo: 'First come, first served (YARN default)', fair: 'Least memory held first (fair)' },
  },
  auto: { ...containerAuto, reduceRampupLimit: 'auto: 0.5 fair, else none' },
  capacity: 'containers',
  runRules: ['queues'],
  runName: 'Capacity',
  runNames: [{ when: { orderingPolicy: ['fair'] }, name: 'Capacity (fair order)' }],
});

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts'>;

type CapacitySpec = SpecOf<typeof capacityOptions>;

interface Leaf {
  name: string;
  /** Fractions of the whole cluster. */
  capacity: number;
  maxCapacity: number;
}

/** Absolute capacities of the leaf queues: the product of the percentages down the tree. */
export function leafQueues(queues: QueueConfig[], parentCap = 1, parentMax = 1): Leaf[] {
  return queues.flatMap((q) => {
    const cap = (parentCap * q.capacity) / 100;
    const max = (parentMax * q.maxCapacity) / 100;
    return q.children.length ? leafQueues(q.children, cap, max) : [{ name: q.name, capacity: cap, maxCapacity: Math.max(cap, max) }];
  });
}

/**
 * YARN Capacity Scheduler on containers: hierarchical queues with guaranteed and maximum
 * capacities (in memory), FIFO inside a queue (or YARN's fair ordering policy), an application-master container per job before its
 * tasks, and node-locality delay counted in missed scheduling opportunities. A container fits when
 * the node's NodeManager offer (memory, vcores — up to 128 as PRISM sec. 6.1 configured) has room.
 */
export function capacityScheduler(spec: CapacitySpec): Scheduler<View> {
  const leaves = leafQueues(spec.queues);
  const leafOf = (queue: string) => leaves.find((l) => l.name === queue) ?? leaves[0];
  const missed = new Map<number, number>();
  const smallest = new SmallestContainer(spec);
  const found = { level: Locality.Node as Locality };
  let clusterMemory = 0;

  /** Memory each active job holds (its containers and its application master), in whole MB. */
  const jobMemory = (view: View, j: number) =>
    view.runningMaps(j) * taskMemory(spec, view, j, false) +
    view.runningReduces(j) * taskMemory(spec, view, j, true) +
    (view.appMasterNode(j) >= 0 ? spec.amMemoryMb : 0);
  // Each leaf's memory in use, kept as jobs change (the engine's change log) instead of summed over
  // every queued job at every decision. Container sizes are whole MB, so the sums are exact.
  const used = new Map<string, number>();
  /** Memory each active job was last counted with; finished jobs wait in `gone` to be taken out. */
  const held = new Map<number, number>();
  const gone = new Set<number>();
  const jobsOf = new Map<string, number[]>(leaves.map((l) => [l.name, []]));
  /**
   * Each leaf's jobs that got their application master here, in the same order (the Capacity
   * Scheduler's active applications): all a heartbeat may serve while masters hold their share
   * (maxAmShare), when the others could only wait. A job whose master was lost with its node
   * stays listed and is passed over like any job without one.
   */
  const holding = new Map<string, number[]>(leaves.map((l) => [l.name, []]));
  const arrival = new Map<number, number>();
  let arrivals = 0;
  function nowHolding(leaf: Leaf, j: number): void {
    const list = holding.get(leaf.name)!;
    if (list.includes(j)) return;
    const seq = arrival.get(j)!;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (arrival.get(list[mid])! < seq) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, j);
  }
  let usedAt = -1;
  let usageStamp = 0;
  const seenAt: number[] = [];
  function queueUsage(view: View): Map<string, number> {
    const version = view.stateVersion();
    if (version === usedAt) return used;
    const changed = usedAt >= 0 ? view.jobsChangedSince(usedAt) : undefined;
    if (changed) {
      // Each changed job once (a stamp per update, not a set built per update).
      const stamp = ++usageStamp;
      for (let c = 0; c < changed.length; c++) {
        const j = changed[c];
        if (seenAt[j] === stamp || !held.has(j)) continue;
        seenAt[j] = stamp;
        const leaf = leafOf(view.job(j).queue).name;
        const now = gone.has(j) ? 0 : jobMemory(view, j);
        used.set(leaf, (used.get(leaf) ?? 0) - (held.get(j) ?? 0) + now);
        held.set(j, now);
      }
    } else {
      used.clear();
      for (const j of held.keys()) {
        const mem = jobMemory(view, j);
        held.set(j, mem);
        const leaf = leafOf(view.job(j).queue).name;
        used.set(leaf, (used.get(leaf) ?? 0) + mem);
      }
    }
    // Cleared only when it holds something: clearing a Set allocates its table afresh, and this runs at every state change.
    if (gone.size > 0) {
      for (const j of gone) held.delete(j);
      gone.clear();
    }
    usedAt = version;
    return used;
  }

  /**
   * A leaf's jobs in its ordering policy's order: as submitted (FIFO), or, under YARN's fair
   * ordering policy, the job holding the least memory first, ties by submission (YARN's
   * FairOrderingPolicy without size-based weight).
   */
  function inQueueOrder(view: View, jobs: number[]): readonly number[] {
    if (spec.orderingPolicy === 'fifo') return jobs;
    const usage = jobs.map((j) => jobMemory(view, j));
    return jobs
      .map((j, i) => i)
      .sort((a, b) => usage[a] - usage[b] || a - b)
      .map((i) => jobs[i]);
  }

  /**
   * MapReduce's reduce ramp-up limit: while a job has maps waiting, one more reduce would give its
   * reduces more than `limit` of the memory its tasks hold. Without it, jobs served in turn (fair
   * ordering) fill the cluster with reduces waiting for maps that no longer find a container, and
   * nothing runs; the application master's limit keeps room for maps (docs/model.md "Capacity parity").
   */
  const rampupLimit = spec.reduceRampupLimit ?? (spec.orderingPolicy === 'fair' ? 0.5 : undefined);
  function reducesAtRampupLimit(view: View, j: number): boolean {
    if (rampupLimit === undefined || view.pendingMaps(j) === 0) return false;
    const reduceMb = taskMemory(spec, view, j, true);
    const reducesMb = (view.runningReduces(j) + 1) * reduceMb;
    return reducesMb > rampupLimit * (view.runningMaps(j) * taskMemory(spec, view, j, false) + reducesMb);
  }

  /** The leaves a heartbeat serves, furthest below their guarantee first; a leaf at its maximum waits. */
  function leafOrder(view: View): readonly Leaf[] {
    if (clusterMemory === 0) clusterMemory = offeredTotals(spec, view).memoryMb;
    const used = queueUsage(view);
    // One leaf (the default tree): nothing to sort, and no list made at every decision.
    if (leaves.length === 1) return (used.get(leaves[0].name) ?? 0) < leaves[0].maxCapacity * clusterMemory ? leaves : [];
    return leaves
      .filter((l) => (used.get(l.name) ?? 0) < l.maxCapacity * clusterMemory)
      .sort(
        (a, b) =>
          (used.get(a.name) ?? 0) / (a.capacity * clusterMemory || 1e-9) - (used.get(b.name) ?? 0) / (b.capacity * clusterMemory || 1e-9) ||
          a.name.localeCompare(b.name),
      );
  }

  /** Job j's turn on node n, whose room is `free` (nothing changes it in a round before a launch). */
  function tryJob(view: View, j: number, n: number, leaf: Leaf, free: { memoryMb: number; vcores: number }): boolean {
    const why = (launched: Launched) => (): LaunchReason => ({
      kind: 'queueCapacity',
      queue: leaf.name,
      capacityPercent: Math.round(leaf.capacity * 100),
      job: view.job(j).id,
      launched,
    });
    const am = appMasterFirst(spec, view, j, n, free);
    if (am === 'placed') nowHolding(leaf, j);
    if (am !== 'running') return am === 'placed';
    if (view.pendingMaps(j) > 0) {
      const mem = taskMemory(spec, view, j, false);
      if (free.memoryMb >= mem && free.vcores >= 1) {
        const opportunities = missed.get(j) ?? 0;
        const maxLevel = opportunities >= spec.localityDelay ? Locality.OffRack : Locality.Server;
        const task = view.findMap(j, n, maxLevel, found, spec.serverLocality);
        if (task >= 0 && view.launch(task, n, why(mapAt(found.level)), { memoryMb: mem })) {
          missed.set(j, 0);
          return true;
        }
        missed.set(j, opportunities + 1);
      }
    }
    if (view.pendingReduces(j) > 0 && view.reducesMayStart(j) && !reducesAtRampupLimit(view, j)) {
      const mem = taskMemory(spec, view, j, true);
      if (free.memoryMb >= mem && free.vcores >= 1) {
        const task = view.nextReduce(j);
        if (task >= 0 && view.launch(task, n, why(REDUCE), { memoryMb: mem })) return true;
      }
    }
    return false;
  }

  return {
    name: 'capacity',
    // A YARN policy: each job's application master takes a container before its tasks.
    placesAppMasters: true,
    // A node too full for any job's smallest container places nothing: its beat need not be simulated.
    nodePlacesNothing: (n, view) => !smallest.mayFit(view, freeOnNode(spec, view, n)),
    onJobSubmitted(j, view) {
      held.set(j, 0);
      arrival.set(j, arrivals++);
      jobsOf.get(leafOf(view.job(j).queue).name)!.push(j);
    },
    onJobFinished(j, view) {
      missed.delete(j);
      // The next usage update takes what it held out of its leaf (a finish is in the change log).
      gone.add(j);
      const own = jobsOf.get(leafOf(view.job(j).queue).name)!;
      own.splice(own.indexOf(j), 1);
      const active = holding.get(leafOf(view.job(j).queue).name)!;
      if (active.includes(j)) active.splice(active.indexOf(j), 1);
      arrival.delete(j);
    },
    onHeartbeat(n: number, view: View) {
      // Application masters still to place count as work too.
      if (view.pendingTasks() === 0 && view.appMastersAwaited() === 0) return;
      for (let guard = 0; guard < 1024; guard++) {
        // A node too full for any job's smallest container: walking the queues would find nothing.
        const free = freeOnNode(spec, view, n);
        if (!smallest.mayFit(view, free)) return;
        const candidates = leafOrder(view);
        let launched = false;
        const serving = onlyMasterHolders(spec, view) ? holding : jobsOf;
        for (const leaf of candidates) {
          for (const j of inQueueOrder(view, serving.get(leaf.name)!)) {
            // A job with nothing to place would pass its turn with nothing changed (running jobs, most of a queue).
            if (nextCandidate(view, j, true) === undefined) continue;
            if (tryJob(view, j, n, leaf, free)) {
              launched = true;
              break;
            }
          }
          if (launched) break;
        }
        if (!launched) return;
      }
    },
    // The jobs in the order a heartbeat offers them a container, with what puts them there: their
    // queue's use of its guarantee (the queues' order), the memory they hold (the fair ordering
    // policy's order inside a queue) and the offers they have let pass waiting for a local node.
    scores(_n, view) {
      const used = queueUsage(view);
      const serving = onlyMasterHolders(spec, view) ? holding : jobsOf;
      const criteria = [
        "queue's use of its capacity (1 = its guarantee)",
        'memory the job holds (MB)',
        `offers passed for locality (of ${spec.localityDelay})`,
      ];
      const rows: ScoreRow[] = [];
      for (const leaf of leafOrder(view)) {
        const share = (used.get(leaf.name) ?? 0) / (leaf.capacity * clusterMemory || 1e-9);
        for (const j of inQueueOrder(view, serving.get(leaf.name)!)) {
          const what = nextCandidate(view, j, true);
          if (!what) continue;
          rows.push({
            candidate: leaves.length > 1 ? `${what} · queue ${leaf.name}` : what,
            job: view.job(j).id,
            values: [share, jobMemory(view, j), missed.get(j) ?? 0],
          });
          if (rows.length === MOST_ROWS) return { criteria, rows };
        }
      }
      return { criteria, rows };
    },
    explain(j, n, view) {
      const out: WhyNotReason[] = containerRoom(spec, view, j, n);
      const am = view.appMasterNode(j) < 0;
      const leaf = leafOf(view.job(j).queue);
      const usedMb = queueUsage(view).get(leaf.name) ?? 0;
      if (usedMb >= leaf.maxCapacity * clusterMemory) out.push({ kind: 'queueFull', queue: leaf.name, usedMb, maxMb: leaf.maxCapacity * clusterMemory });
      if (!am && view.pendingMaps(j) > 0 && (missed.get(j) ?? 0) < spec.localityDelay) {
        const here = { level: Locality.Node as Locality };
        if (view.findMap(j, n, Locality.OffRack, here, spec.serverLocality) >= 0 && here.level > Locality.Server) {
          out.push({
            kind: 'localityWait',
            allowed: 'node-local',
            bestHere: LEVEL_WORDS[here.level],
            waited: missed.get(j) ?? 0,
            wait: spec.localityDelay,
            next: 'anywhere',
            unit: 'opportunities',
          });
        }
      }
      const rank =
        spec.orderingPolicy === 'fifo'
          ? orderReason(view, jobsOf.get(leaf.name) ?? [], j, `queue ${leaf.name}, first come first served`)
          : orderReason(view, inQueueOrder(view, jobsOf.get(leaf.name) ?? []), j, `queue ${leaf.name}, least memory held first`);
      if (rank) out.push(rank);
      return out;
    },
  };
}

export const capacityPlugin = definePlugin({
  capabilities: ['attempts'],
  description: capacityOptions,
  create: (spec) => capacityScheduler(spec),
  checkDesign: (spec, topology, jobs, limit) =>
    [...unknownQueueProblems(spec.queues, leafQueues(spec.queues), jobs, limit), ...containerFitProblems(spec, topology, jobs, limit)].slice(0, limit),
});
