import type { FieldProblem } from '@shared/api/validation';
import type { SchedulerSpecOf } from '../../schedulers/builtIns';
import { attribute, childNames, children, childText, readXml, textOf, writeXml, type XmlNode } from './xml';
import type { NotModelled, YarnConfigImport } from '@shared/schedulers/yarnConfigFile';

type FairCard = SchedulerSpecOf<'fair'>;
type Pool = FairCard['pools'][number];

/** Queue (pool) settings the card takes; every other child of a queue is listed as not modelled. */
const TAKEN = new Set(['weight', 'minMaps', 'minReduces', 'minResources', 'queue', 'pool', 'schedulingPolicy', 'schedulingMode']);
const WHY: Record<string, string> = {
  maxResources: "queue maxima are not modelled: the card's pools share the whole cluster",
  maxMaps: "queue maxima are not modelled: the card's pools share the whole cluster",
  maxReduces: "queue maxima are not modelled: the card's pools share the whole cluster",
  maxChildResources: 'queues made at submission time are not modelled',
  maxContainerAllocation: 'container sizes come from the jobs and the card',
  maxRunningApps: 'running-application limits are not modelled',
  maxRunningJobs: 'running-job limits are not modelled',
  maxAMShare: "the card's slots have no application masters (Hadoop 1)",
  minSharePreemptionTimeout: 'pre-emption is not modelled: a pool below its share waits for tasks to end',
  fairSharePreemptionTimeout: 'pre-emption is not modelled: a pool below its share waits for tasks to end',
  fairSharePreemptionThreshold: 'pre-emption is not modelled',
  allowPreemptionFrom: 'pre-emption is not modelled',
  aclSubmitApps: 'access control does not change a simulated schedule',
  aclAdministerApps: 'access control does not change a simulated schedule',
  reservation: 'the reservation system is not modelled',
  user: "the studio's jobs have no users",
  userMaxAppsDefault: "the studio's jobs have no users",
  userMaxJobsDefault: "the studio's jobs have no users",
  queuePlacementPolicy: 'jobs name their queue in the workload',
  queueMaxAppsDefault: 'running-application limits are not modelled',
  poolMaxJobsDefault: 'running-job limits are not modelled',
  queueMaxAMShareDefault: "the card's slots have no application masters (Hadoop 1)",
  queueMaxResourcesDefault: "queue maxima are not modelled: the card's pools share the whole cluster",
  defaultMinSharePreemptionTimeout: 'pre-emption is not modelled',
  defaultFairSharePreemptionTimeout: 'pre-emption is not modelled',
  defaultFairSharePreemptionThreshold: 'pre-emption is not modelled',
  defaultQueueSchedulingPolicy: 'jobs inside a pool are shared fairly',
  defaultPoolSchedulingMode: 'jobs inside a pool are shared fairly',
};
const whyNot = (name: string) => WHY[name] ?? "the studio's Fair card has no such setting";

/** What an element holds, for the list of settings not modelled: its text, else its name, else its children's names. */
function describe(el: XmlNode): string {
  const text = textOf(el);
  if (text) return text;
  const name = attribute(el, 'name');
  if (name) return name;
  return childNames(el)
    .flatMap((c) => children(el, c).map((k) => attribute(k, 'name') ?? c))
    .join(', ');
}

/** minResources as slots: its vcores (a slot a core, as the studio sizes slots), else its memory over the card's slot memory. */
function minResourcesSlots(raw: string, slotMemoryMb: number): { slots: number; by: 'vcores' | 'memory' } | undefined {
  const text = raw.toLowerCase();
  const vcores = /(\d+(?:\.\d+)?)\s*vcores?\b/.exec(text) ?? /vcores\s*=\s*(\d+(?:\.\d+)?)/.exec(text);
  const memory = /(\d+(?:\.\d+)?)\s*mb\b/.exec(text) ?? /memory-mb\s*=\s*(\d+(?:\.\d+)?)/.exec(text);
  if (!vcores && !memory) return undefined;
  const v = vcores ? Number(vcores[1]) : 0;
  if (v > 0) return { slots: Math.round(v), by: 'vcores' };
  return { slots: Math.floor((memory ? Number(memory[1]) : 0) / slotMemoryMb), by: 'memory' };
}

/**
 * A Fair Scheduler allocation file (YARN's fair-scheduler.xml with <queue> elements, or Hadoop 1's
 * with <pool>) as the studio's Fair card: one pool per leaf queue, with its weight and its minimum
 * share in slots (Hadoop 1's minMaps + minReduces; YARN's minResources as its vcores, or its memory
 * over the card's slot memory). Nested queues are flattened to their leaves. Everything else is
 * listed as not modelled.
 */
export function fairFromXml(text: string): YarnConfigImport {
  const doc = readXml(text, 'allocations');
  if (!doc.ok) return { ok: false, problems: [{ field: 'file', message: doc.message }] };
  const problems: FieldProblem[] = [];
  const notModelled: NotModelled[] = [];
  const readings: string[] = [];
  const pools: Pool[] = [];
  const slotMemoryMb = 200;
  /** What the reading had to flatten or convert, said once after it (set inside queue()). */
  const seen = { nested: false, byMemory: false };
  function queue(el: XmlNode, parent: string): void {
    const name = attribute(el, 'name')?.trim();
    const path = parent ? `${parent} › ${name ?? '?'}` : (name ?? '?');
    if (!name) return void problems.push({ field: `queue ${path}`, message: 'a queue needs a name attribute' });
    const kids = [...children(el, 'queue'), ...children(el, 'pool')];
    const isParent = kids.length > 0 || name === 'root' || attribute(el, 'type') === 'parent';
    for (const child of childNames(el)) {
      if (child === 'queue' || child === 'pool') continue;
      // A parent's own settings: the card's pools are flat, so they are listed, not kept.
      const why = !TAKEN.has(child) ? whyNot(child) : isParent ? "the card's pools are flat: a parent queue's own settings are not kept" : undefined;
      if (why) for (const c of children(el, child)) notModelled.push({ where: `queue ${path} › ${child}`, value: describe(c), why });
    }
    const policy = (childText(el, 'schedulingPolicy') ?? childText(el, 'schedulingMode'))?.toLowerCase();
    if (!isParent && policy && policy !== 'fair')
      notModelled.push({ where: `queue ${path} › schedulingPolicy`, value: policy, why: 'jobs inside a pool are shared fairly' });
    if (isParent) {
      if (kids.length === 0) readings.push(`${path} is a parent queue with no leaves here: it takes no jobs and is left out.`);
      else if (name !== 'root') seen.nested = true;
      for (const k of kids) queue(k, name === 'root' ? '' : path);
      return;
    }
    const pool: Pool = { name, minShare: 0, weight: 1 };
    const weight = childText(el, 'weight');
    if (weight !== undefined) {
      const w = Number(weight);
      if (!(w > 0)) problems.push({ field: `queue ${path} › weight`, message: `"${weight}" is not a weight above 0` });
      else pool.weight = w;
    }
    const minMaps = Number(childText(el, 'minMaps') ?? 0);
    const minReduces = Number(childText(el, 'minReduces') ?? 0);
    if (!Number.isInteger(minMaps) || !Number.isInteger(minReduces) || minMaps < 0 || minReduces < 0)
      problems.push({ field: `queue ${path} › minMaps`, message: 'minMaps and minReduces must be whole numbers of slots' });
    else pool.minShare = minMaps + minReduces;
    const minResources = childText(el, 'minResources');
    if (minResources?.includes('%'))
      // Hadoop 3.1's share of the cluster: the card's minimum share is in slots, and the file does not say how big the cluster is.
      notModelled.push({
        where: `queue ${path} › minResources`,
        value: minResources.trim(),
        why: "a share of the cluster in percent: the card's minimum share is a number of slots, which depends on the cluster this file does not describe; set it on the card",
      });
    else if (minResources !== undefined) {
      const slots = minResourcesSlots(minResources, slotMemoryMb);
      if (!slots) problems.push({ field: `queue ${path} › minResources`, message: `"${minResources}" gives neither vcores nor memory` });
      else {
        pool.minShare += slots.slots;
        if (slots.by === 'memory') seen.byMemory = true;
      }
    }
    if (pools.some((p) => p.name === name))
      problems.push({ field: `queue ${path}`, message: `a second leaf queue named "${name}": the card's pools are matched by name` });
    pools.push(pool);
  }
  for (const child of childNames(doc.root)) {
    for (const el of children(doc.root, child)) {
      if (child === 'queue' || child === 'pool') queue(el, '');
      else notModelled.push({ where: child, value: describe(el), why: whyNot(child) });
    }
  }
  if (seen.nested)
    readings.push("Nested queues are flattened: each leaf becomes a pool with its own weight and minimum share (its parents' weights are not multiplied in).");
  if (seen.byMemory) readings.push(`A minimum share given in memory alone is read as that memory over the card's slot memory (${slotMemoryMb} MB a slot).`);
  if (problems.length) return { ok: false, problems };
  return { ok: true, format: 'fair', card: { kind: 'fair', pools }, notModelled, readings };
}

/**
 * The card as a Hadoop 1 allocation file (the card is Hadoop 1's Fair Scheduler): a pool per pool
 * with its weight and its minimum share split into minMaps (the larger half) and minReduces.
 * Delay scheduling's waits live in mapred-site.xml, so a comment says them.
 */
export function fairToXml(card: FairCard): string {
  const pool = card.pools.map((p) => ({
    '@_name': p.name,
    minMaps: Math.ceil(p.minShare / 2),
    minReduces: Math.floor(p.minShare / 2),
    weight: p.weight,
  }));
  const waits = ` Delay scheduling: node-locality wait ${card.nodeLocalityWaitS} s, rack-locality wait ${card.rackLocalityWaitS} s (mapred.fairscheduler.locality.delay in mapred-site.xml). `;
  return writeXml({ '#comment': [' Written by Workload Studio from a Fair Scheduler card. ', waits], allocations: { pool } });
}
