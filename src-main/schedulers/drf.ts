import { z } from 'zod';
import { describeScheduler, type SpecOf } from '@shared/schedulers/describe';
import { containerAuto, containerLabels, containerSizeLabels, containers, topologyAwareness, topologyLabels } from '@shared/schedulers/options';
import { labelText } from '@shared/files/controlCharacters';
import { IncrementalJobOrder } from './incrementalOrder';
import { definePlugin } from './plugin';
import { containerFitProblems } from './containerFit';
import type { Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/core/topology';
import { appMasterFirst, freeOnNode, offeredTotals, onlyMasterHolders, SmallestContainer, taskMemory } from './containers';
import type { Launched, LaunchReason } from '@shared/results/launchReason';
import { mapAt, REDUCE } from './slotHelpers';
import { containerRoom, orderReason } from './whyNotReasons';
import { MOST_ROWS, nextCandidate, type ScoreRow } from './scoreRows';

/** Dominant Resource Fairness (Ghodsi et al., NSDI'11) over YARN containers. */
export const drfOptions = describeScheduler({
  kind: 'drf',
  title: 'DRF',
  schema: z.strictObject({ kind: z.literal('drf'), label: labelText().optional(), ...containers, ...topologyAwareness }),
  labels: {
    ...containerSizeLabels,
    ...containerLabels,
    ...topologyLabels,
  },
  auto: containerAuto,
  capacity: 'containers',
  runName: 'DRF',
});

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts'>;

type DrfSpec = SpecOf<typeof drfOptions>;

/**
 * Dominant Resource Fairness (Ghodsi et al., NSDI'11) over memory and vcores: a free container
 * goes to the job with the smallest dominant share — the larger of its share of the cluster's
 * memory and of its vcores — whose next task fits on the node. Jobs are YARN applications, each
 * with its application master.
 */
export function drfScheduler(spec: DrfSpec): Scheduler<View> {
  const found = { level: Locality.Node as Locality };
  let totals: { memoryMb: number; vcores: number } | undefined;
  const smallest = new SmallestContainer(spec);
  // Smallest dominant share first, ties by job index (a share moves only when the job's own containers do).
  const byShare = new IncrementalJobOrder<View>(
    (view, j) => dominantShare(view, j),
    () => 0,
  );
  /** The same order of the jobs holding their application master: all a heartbeat may serve while masters hold their share (maxAmShare). */
  const withAppMaster = new IncrementalJobOrder<View>(
    (view, j) => dominantShare(view, j),
    () => 0,
    { includes: (view, j) => view.appMasterNode(j) >= 0 },
  );

  /** Job j's shares of the cluster's memory and vcores (its containers and its master). */
  function shares(view: View, j: number): { memory: number; vcores: number } {
    const mem =
      view.runningMaps(j) * taskMemory(spec, view, j, false) +
      view.runningReduces(j) * taskMemory(spec, view, j, true) +
      (view.appMasterNode(j) >= 0 ? spec.amMemoryMb : 0);
    const cpu = view.runningMaps(j) + view.runningReduces(j) + (view.appMasterNode(j) >= 0 ? spec.amVcores : 0);
    return { memory: mem / totals!.memoryMb, vcores: cpu / totals!.vcores };
  }
  function dominantShare(view: View, j: number): number {
    const s = shares(view, j);
    return Math.max(s.memory, s.vcores);
  }

  /** The reason for launching a task of job j: its share as it was before this launch. */
  function shareReason(view: View, j: number, launched: Launched): () => LaunchReason {
    const share = dominantShare(view, j);
    return () => ({ kind: 'dominantShare', job: view.job(j).id, share, launched });
  }

  return {
    name: 'drf',
    // A YARN policy: each job's application master takes a container before its tasks.
    placesAppMasters: true,
    // A node too full for any job's smallest container places nothing: its beat need not be simulated.
    nodePlacesNothing: (n, view) => !smallest.mayFit(view, freeOnNode(spec, view, n)),
    onHeartbeat(n: number, view: View) {
      // Application masters still to place count as work too.
      if (view.pendingTasks() === 0 && view.appMastersAwaited() === 0) return;
      totals ??= offeredTotals(spec, view);
      for (let guard = 0; guard < 1024; guard++) {
        // The node's room: nothing changes it in a round before a launch, which ends the round.
        const free = freeOnNode(spec, view, n);
        // A node too full for any job's smallest container: asking every job would find nothing.
        if (!smallest.mayFit(view, free)) return;
        // Jobs waiting for a master can do nothing while masters hold their share: passed over.
        const order = onlyMasterHolders(spec, view) ? withAppMaster.current(view) : byShare.current(view);
        let launched = false;
        for (const j of order) {
          // A job with its master, no map waiting and no reduce allowed to start has nothing to place.
          if (nextCandidate(view, j, true) === undefined) continue;
          const am = appMasterFirst(spec, view, j, n, free);
          if (am === 'placed') {
            launched = true;
            break;
          }
          if (am === 'waiting') continue;
          const mapMem = taskMemory(spec, view, j, false);
          if (view.pendingMaps(j) > 0 && free.memoryMb >= mapMem && free.vcores >= 1) {
            const task = view.findMap(j, n, Locality.OffRack, found, spec.serverLocality);
            if (task >= 0 && view.launch(task, n, shareReason(view, j, mapAt(found.level)), { memoryMb: mapMem })) {
              launched = true;
              break;
            }
          }
          const redMem = taskMemory(spec, view, j, true);
          if (view.pendingReduces(j) > 0 && view.reducesMayStart(j) && free.memoryMb >= redMem && free.vcores >= 1) {
            const task = view.nextReduce(j);
            if (task >= 0 && view.launch(task, n, shareReason(view, j, REDUCE), { memoryMb: redMem })) {
              launched = true;
              break;
            }
          }
        }
        if (!launched) return;
      }
    },
    // The jobs with something to place, in the order a free container goes to them: each share (the why panel's table).
    scores(_n, view) {
      totals ??= offeredTotals(spec, view);
      const order = onlyMasterHolders(spec, view) ? withAppMaster.current(view) : byShare.current(view);
      const rows: ScoreRow[] = [];
      for (const j of order) {
        const candidate = nextCandidate(view, j, true);
        if (!candidate) continue;
        const s = shares(view, j);
        rows.push({ candidate, job: view.job(j).id, values: [s.memory, s.vcores, Math.max(s.memory, s.vcores)] });
        if (rows.length === MOST_ROWS) break;
      }
      return { criteria: ['memory share', 'vcore share', 'dominant share (DRF)'], rows };
    },
    explain(j, n, view) {
      const out = containerRoom(spec, view, j, n);
      if (totals) {
        const rank = orderReason(view, byShare.current(view), j, `dominant share ${dominantShare(view, j).toFixed(3)}`);
        if (rank) out.push(rank);
      }
      return out;
    },
  };
}

export const drfPlugin = definePlugin({
  capabilities: ['attempts'],
  description: drfOptions,
  create: (spec) => drfScheduler(spec),
  checkDesign: (spec, topology, jobs, limit) => containerFitProblems(spec, topology, jobs, limit),
});
