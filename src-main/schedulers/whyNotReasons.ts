import type { Holder, WhyNotReason } from '@shared/results/whyNot';
import type { CoreView, ViewWith } from '../engine/scheduling/schedulerApi';
import { appMasterShare, freeOnNode, taskMemory, type ContainerConfig } from './containers';
import { LEVEL_WORDS, type SlotTable } from './slotHelpers';
import { ALLOWED_WORDS, type DelayScheduling } from './delayScheduling';
import { Locality } from '../engine/core/topology';
import type { JobList } from './incrementalOrder';

/**
 * The pieces of a scheduler's explain() (engine/scheduling/schedulerApi.ts) that several share: who holds a
 * node, a slot scheduler's full slots, and a job's place in an order. Only the why-not probe calls
 * them, so they may walk what a heartbeat never would.
 */

/** Jobs with attempts on node n (maps, reduces, or both), most attempts first. */
export function holdersOn(view: ViewWith<'attempts'>, n: number, which: 'map' | 'reduce' | 'any'): Holder[] {
  const count = new Map<number, number>();
  for (const a of view.attemptsOnNode(n)) {
    if (which !== 'any' && a.isReduce !== (which === 'reduce')) continue;
    count.set(a.job, (count.get(a.job) ?? 0) + 1);
  }
  return [...count].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([j, tasks]) => ({ job: view.job(j).id, tasks }));
}

/** A Hadoop 1 slot scheduler: the map (reduce) slots of node n are all taken while job j has a map (a reduce that may start) to place. */
export function fullSlots(view: ViewWith<'attempts'>, slots: SlotTable, j: number, n: number): WhyNotReason[] {
  const out: WhyNotReason[] = [];
  const maps = slots.maps(view.topology, n);
  if (view.pendingMaps(j) > 0 && view.nodeRunningMaps(n) >= maps)
    out.push({ kind: 'noFreeSlot', slot: 'map', used: view.nodeRunningMaps(n), slots: maps, holders: holdersOn(view, n, 'map') });
  const reduces = slots.reduces(view.topology, n);
  if (view.pendingReduces(j) > 0 && view.reducesMayStart(j) && view.nodeRunningReduces(n) >= reduces)
    out.push({ kind: 'noFreeSlot', slot: 'reduce', used: view.nodeRunningReduces(n), slots: reduces, holders: holdersOn(view, n, 'reduce') });
  return out;
}

/** Where job j stands in `order` (1-based), and the jobs ahead of it that still have tasks to place. */
export function orderReason(view: CoreView, order: JobList, j: number, key: string): WhyNotReason | undefined {
  const jobs = Array.from(order);
  const rank = jobs.indexOf(j);
  if (rank < 0) return undefined;
  const ahead = jobs.slice(0, rank).filter((k) => view.pendingMaps(k) > 0 || (view.pendingReduces(k) > 0 && view.reducesMayStart(k)));
  return { kind: 'order', rank: rank + 1, of: order.length, key, ahead: ahead.map((k) => view.job(k).id) };
}

/** YARN: node n has no room for job j's next container (its application master first, then a map, then a reduce). */
export function containerRoom(cfg: ContainerConfig, view: ViewWith<'attempts'>, j: number, n: number): WhyNotReason[] {
  const free = freeOnNode(cfg, view, n);
  const am = view.appMasterNode(j) < 0;
  const needMb = am ? cfg.amMemoryMb : taskMemory(cfg, view, j, view.pendingMaps(j) === 0);
  const needVcores = am ? cfg.amVcores : 1;
  const out: WhyNotReason[] = am ? amShareFull(cfg, view) : [];
  if (free.memoryMb < needMb || free.vcores < needVcores)
    out.push({
      kind: 'noContainerRoom',
      needMb,
      freeMb: Math.max(0, free.memoryMb),
      needVcores,
      freeVcores: Math.max(0, free.vcores),
      holders: holdersOn(view, n, 'any'),
    });
  return out;
}

/** A job without its application master: whether the masters already hold all the memory they may (maxAmShare). */
export function amShareFull(cfg: ContainerConfig, view: CoreView): WhyNotReason[] {
  const share = appMasterShare(cfg, view);
  if (!share.full) return [];
  return [
    { kind: 'amShareFull', usedMb: share.usedMb, limitMb: share.limitMb, usedVcores: share.usedVcores, limitVcores: share.limitVcores, share: cfg.maxAmShare },
  ];
}

/**
 * A delay-scheduled job (Fair, MinEDF) passing node n by: it has a map that could go here, but only
 * at a level its wait does not yet allow. Said whether or not a slot is free now: with one free, it
 * would still wait.
 */
export function localityWait(view: CoreView, delay: DelayScheduling, j: number, n: number, serverLocality: boolean): WhyNotReason[] {
  const wait = view.pendingMaps(j) > 0 ? delay.waiting(j, view.now) : undefined;
  const here = { level: Locality.Node as Locality };
  if (!wait || view.findMap(j, n, Locality.OffRack, here, serverLocality) < 0 || here.level <= wait.allowed) return [];
  return [
    {
      kind: 'localityWait',
      allowed: ALLOWED_WORDS[wait.allowed],
      bestHere: LEVEL_WORDS[here.level],
      waited: wait.waited,
      wait: wait.wait,
      next: ALLOWED_WORDS[wait.next],
    },
  ];
}
