import { fixed, pct, table } from '../format';
import { readStoredCheck } from '../storedRuns';
import type { OrderPlacementRow, Step } from '../../../tests/scenarios/prismOrderPlacement';

const NAMES: Record<string, string> = { 'prism-puma': 'PUMA', 'prism-gridmix': 'Gridmix2' };
const p = (x: number | null) => (x === null ? 'no test' : x < 0.001 ? 'p < 0.001' : `p = ${x.toFixed(3)}`);
/** A step in seconds of mean job time, signed so that a positive one shortens jobs, with its paired test. */
const step = (s: Step) => {
  const whole = Math.round(s.seconds);
  return `${whole > 0 ? '+' : ''}${whole === 0 ? '0' : fixed(whole, 0)} s (${p(s.p)})`;
};
const separated = (s: Step) => s.p !== null && s.p < 0.05;

/** PRISM against YARN taken apart into job order and placement, along both roads (tests/scenarios/prismOrderPlacement.ts). */
function orderPlacement(): string {
  const rows = readStoredCheck<OrderPlacementRow[]>('prism-order-placement');
  const name = (r: OrderPlacementRow) => `${NAMES[r.preset]} ${r.jobs}`;
  const times = table(
    ['batch', 'YARN', 'YARN, fair order', 'PRISM by submission', 'PRISM', 'CPU: YARN / fair order / PRISM by submission / PRISM'],
    rows.map((r) => [
      name(r),
      fixed(r.meanJct.yarn, 0),
      fixed(r.meanJct.yarnFairOrder, 0),
      fixed(r.meanJct.prismBySubmission, 0),
      fixed(r.meanJct.prism, 0),
      [r.cpu.yarn, r.cpu.yarnFairOrder, r.cpu.prismBySubmission, r.cpu.prism].map((c) => pct(c)).join(' / '),
    ]),
  );
  const steps = table(
    ['batch', 'gap YARN − PRISM', 'placement, both in submission order', 'then order, both PRISM', 'order, both YARN', 'then placement, both fair order'],
    rows.map((r) => [
      name(r),
      step(r.gap),
      step(r.viaPrismBySubmission.placement),
      step(r.viaPrismBySubmission.order),
      step(r.viaYarnFairOrder.order),
      step(r.viaYarnFairOrder.placement),
    ]),
  );
  const placementCarries = rows.filter((r) => separated(r.viaPrismBySubmission.placement) && r.viaPrismBySubmission.placement.seconds > 0).map(name);
  const orderHelpsPrism = rows.filter((r) => separated(r.viaPrismBySubmission.order) && r.viaPrismBySubmission.order.seconds > 0).map(name);
  const orderHurtsPrism = rows.filter((r) => separated(r.viaPrismBySubmission.order) && r.viaPrismBySubmission.order.seconds < 0).map(name);
  const fairOrderHurtsYarn = rows.filter((r) => separated(r.viaYarnFairOrder.order) && r.viaYarnFairOrder.order.seconds < 0).map(name);
  const list = (xs: string[]) => (xs.length ? xs.join(', ') : 'no batch');
  const readings = [
    `- PRISM's placement, with both in submission order, is ahead of YARN's (separated) on: ${list(placementCarries)}.`,
    `- PRISM's own order (furthest below its share first) against submission order, both with PRISM's placement: ahead on ${list(orderHelpsPrism)}; behind on ${list(orderHurtsPrism)}.`,
    `- YARN's fair ordering against first come, first served: behind on ${list(fairOrderHurtsYarn)}.`,
  ];
  return [
    `Mean job time in seconds over seeds 1-6, each drawing its batch afresh, and CPU in use:`,
    times,
    `Each step is the mean over seeds of the first scheduler's mean job time less the second's (positive: the second is faster), paired by seed:`,
    steps,
    readings.join('\n'),
  ].join('\n\n');
}

export const prismOrderPlacementBlocks = (): Record<string, string> => ({ 'prism-order-placement': orderPlacement() });
