import type { FieldProblem } from '@shared/api/validation';
import type { QueueConfig } from '@shared/schedulers';
import type { SchedulerSpecOf } from '../../schedulers/builtIns';
import { children, childText, readXml, writeXml } from './xml';
import type { NotModelled, YarnConfigImport } from '@shared/schedulers/yarnConfigFile';

const PREFIX = 'yarn.scheduler.capacity.';
type CapacityCard = SchedulerSpecOf<'capacity'>;

/** Why the card does not take a property, by the property's last part (or whole name). */
const WHY: [RegExp, string][] = [
  [/\.(user-limit-factor|minimum-user-limit-percent|max-parallel-apps|user-settings\..*)$/, "user limits: the studio's jobs have no users"],
  [/\.acl_[a-z_]+$/, 'access control does not change a simulated schedule'],
  [/\.state$/, 'a stopped queue takes no jobs; the studio runs every queue'],
  [/^yarn\.scheduler\.capacity\.maximum-applications$/, 'the studio does not cap how many applications wait'],
  [
    /\.(maximum-applications|maximum-am-resource-percent)$/,
    'per-queue application limits are not modelled (the card has one cluster-wide application-master share)',
  ],
  [/resource-calculator$/, 'the card sizes containers by memory and vcores as its own options say'],
  [/queue-mappings/, "jobs name their queue in the workload; mapping users to queues needs users the studio's jobs do not have"],
  [/offswitch-assignments|per-node-heartbeat/, 'the card hands out containers at each heartbeat until the node is full'],
  [/\.priority$|default-application-priority/, 'application priorities are not modelled'],
  [/\.ordering-policy\./, "the fair ordering policy's options are not modelled"],
];
const whyNot = (name: string) => WHY.find(([re]) => re.test(name))?.[1] ?? "the studio's Capacity card has no such setting";

/** A capacity or maximum capacity: a percentage (YARN also takes weights, "2w", and absolute resources, "[memory=…]"). */
function percent(raw: string, name: string, problems: FieldProblem[], fallback: number): number {
  raw = raw.trim();
  if (raw === '' || Number(raw) === -1) return fallback;
  const n = Number(raw);
  if (Number.isFinite(n) && n >= 0 && n <= 100) return n;
  const kind = /w$/i.test(raw) ? 'a weight' : raw.startsWith('[') ? 'an absolute resource' : undefined;
  problems.push({
    field: name,
    message: kind ? `"${raw}" is ${kind}; the studio's Capacity card takes percentages of the parent queue` : `"${raw}" is not a percentage from 0 to 100`,
  });
  return fallback;
}

/**
 * A capacity-scheduler.xml as the studio's Capacity card: the queue tree from `root.queues` down,
 * each queue's capacity and maximum capacity (percentages of its parent, -1 meaning 100), the
 * node-locality delay, the cluster's application-master share and the leaves' ordering policy.
 * Every other property is listed as not modelled.
 */
export function capacityFromXml(text: string): YarnConfigImport {
  const doc = readXml(text, 'configuration');
  if (!doc.ok) return { ok: false, problems: [{ field: 'file', message: doc.message }] };
  const props = new Map<string, string>();
  const problems: FieldProblem[] = [];
  for (const p of children(doc.root, 'property')) {
    const name = childText(p, 'name');
    if (!name) continue;
    props.set(name, childText(p, 'value') ?? '');
  }
  const used = new Set<string>();
  const get = (name: string) => {
    used.add(name);
    return props.get(name);
  };
  const orderings = new Map<string, string>();
  const leaves: string[] = [];
  const readings: string[] = [];
  function queues(path: string): QueueConfig[] {
    const listName = `${PREFIX}${path}.queues`;
    const names = (get(listName) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice !== undefined) {
      problems.push({ field: listName, message: `names the queue "${twice}" twice` });
      return [];
    }
    const out = names.map((name) => {
      const at = `${path}.${name}`;
      const capacity = percent(get(`${PREFIX}${at}.capacity`) ?? '0', `${PREFIX}${at}.capacity`, problems, 0);
      const maxCapacity = percent(get(`${PREFIX}${at}.maximum-capacity`) ?? '100', `${PREFIX}${at}.maximum-capacity`, problems, 100);
      // YARN refuses to start with a queue whose ceiling is below its guarantee (-1, "no ceiling", reads as 100).
      if (maxCapacity < capacity)
        problems.push({
          field: `${PREFIX}${at}.maximum-capacity`,
          message: `${maxCapacity} % is below the queue's capacity of ${capacity} %, which YARN refuses`,
        });
      const kids = queues(at);
      const ordering = get(`${PREFIX}${at}.ordering-policy`);
      if (kids.length === 0) {
        leaves.push(name);
        if (ordering !== undefined) orderings.set(name, ordering.trim().toLowerCase());
      }
      return { name, capacity, maxCapacity: Math.max(capacity, maxCapacity), children: kids };
    });
    const sum = out.reduce((s, q) => s + q.capacity, 0);
    if (out.length && Math.abs(sum - 100) > 0.01)
      problems.push({ field: listName, message: `the capacities of ${path}'s queues add up to ${Number(sum.toFixed(2))} %, not 100 % as YARN requires` });
    return out;
  }
  const tree = queues('root');
  if (tree.length === 0 && !problems.some((p) => p.field === `${PREFIX}root.queues`))
    problems.push({ field: `${PREFIX}root.queues`, message: 'names no queue: the file needs yarn.scheduler.capacity.root.queues' });
  const card: CapacityCard = { kind: 'capacity', queues: tree } as CapacityCard;
  const delay = get(`${PREFIX}node-locality-delay`);
  if (delay !== undefined) {
    const n = Number(delay);
    if (!Number.isInteger(n) || n < -1)
      problems.push({ field: `${PREFIX}node-locality-delay`, message: `"${delay}" is not a whole number of missed opportunities` });
    else card.localityDelay = Math.max(0, n);
  }
  const am = get(`${PREFIX}maximum-am-resource-percent`);
  if (am !== undefined) {
    const n = Number(am);
    if (!(n > 0 && n <= 1)) problems.push({ field: `${PREFIX}maximum-am-resource-percent`, message: `"${am}" is not a share above 0 and at most 1` });
    else {
      card.maxAmShare = n;
      readings.push(`The application-master share ${n} is applied to the whole cluster, not to each queue.`);
    }
  }
  const policies = [...new Set(orderings.values())];
  const unknownPolicy = policies.find((p) => p !== 'fifo' && p !== 'fair');
  if (unknownPolicy) problems.push({ field: 'ordering-policy', message: `"${unknownPolicy}" is not an ordering policy the card knows (fifo or fair)` });
  else if (policies.includes('fair')) {
    card.orderingPolicy = 'fair';
    // A leaf queue that names no ordering policy is first come, first served in YARN.
    const fifo = leaves.filter((q) => orderings.get(q) !== 'fair');
    const fair = [...orderings].filter(([, p]) => p === 'fair').map(([q]) => q);
    if (fifo.length)
      readings.push(
        `The card orders every queue one way: fair, as ${fair.join(', ')} ${fair.length === 1 ? 'does' : 'do'}; ${fifo.join(', ')} will no longer be first come, first served.`,
      );
  }
  if (problems.length) return { ok: false, problems };
  const notModelled: NotModelled[] = [...props].filter(([name]) => !used.has(name)).map(([name, value]) => ({ where: name, value, why: whyNot(name) }));
  return { ok: true, format: 'capacity', card, notModelled, readings };
}

/** The card as a capacity-scheduler.xml: what capacityFromXml reads back to the same card. */
export function capacityToXml(card: CapacityCard): string {
  const property: { name: string; value: string; description?: string }[] = [];
  const put = (name: string, value: string | number) => property.push({ name: `${PREFIX}${name}`, value: String(value) });
  function walk(path: string, qs: QueueConfig[]): void {
    put(`${path}.queues`, qs.map((q) => q.name).join(','));
    for (const q of qs) {
      put(`${path}.${q.name}.capacity`, q.capacity);
      put(`${path}.${q.name}.maximum-capacity`, q.maxCapacity);
      if (q.children.length) walk(`${path}.${q.name}`, q.children);
      else if (card.orderingPolicy === 'fair') put(`${path}.${q.name}.ordering-policy`, 'fair');
    }
  }
  walk('root', card.queues);
  put('node-locality-delay', card.localityDelay);
  put('maximum-am-resource-percent', card.maxAmShare);
  return writeXml({ '#comment': ' Written by Workload Studio from a YARN Capacity card. ', configuration: { property } });
}
