import type { GanttData, RunData } from '@shared/results/runData';
import type { GanttLayout } from '@shared/results/ganttLanes';
import type { NodeLoss } from '@shared/results/nodeLosses';

/**
 * The Gantt chart's geometry, apart from its drawing: lanes per node, which bar lies under a point,
 * and what a hover says of a bar (the lanes themselves: shared/results/ganttLanes.ts, which reports
 * draw too). Pure functions, so they are tested without a canvas.
 */
const PHASE_NAMES = ['map', 'merge', 'shuffle', 'sort', 'reduce'];

/** Where the last draw put things: the time at the plot's left edge, pixels per second, lane height, a node's top. */
export interface GanttGeometry {
  left: number;
  from: number;
  scale: number;
  laneH: number;
  top: (n: number) => number;
}

/** The bar under a point of the canvas, missing it by at most `slack` pixels in time, or -1. Looks only at that node's bars. */
export function barAt(g: GanttData, layout: GanttLayout, geo: GanttGeometry, x: number, y: number, slack: number): number {
  const nodes = layout.firstLane.length - 1;
  if (x < geo.left || nodes === 0) return -1;
  let n = 0;
  while (n < nodes - 1 && geo.top(n + 1) <= y) n++;
  const l = Math.floor((y - geo.top(n)) / geo.laneH);
  const t = geo.from + (x - geo.left) / geo.scale;
  const tolerance = slack / geo.scale;
  let best = -1;
  let bestGap = Infinity;
  for (let k = layout.nodeStart[n]; k < layout.nodeStart[n + 1]; k++) {
    const i = layout.byNode[k];
    if (layout.lane[i] !== l) continue;
    const gap = t < g.start[i] ? g.start[i] - t : t > g.end[i] ? t - g.end[i] : 0;
    if (gap <= tolerance && gap < bestGap) {
      best = i;
      bestGap = gap;
    }
  }
  return best;
}

/** What a hover says of bar i: its job, task and node, the phase running at time t, and the attempt's span. */
export function describeBar(data: RunData, i: number, t: number): { text: string; job: string } {
  const g = data.gantt!;
  const job = data.jobs[g.job[i]]?.id ?? `job ${g.job[i] + 1}`;
  let phase = g.reduce[i] ? 'reduce' : 'map';
  let phaseStart = g.start[i];
  for (let p = 0; p < 5; p++) {
    const e = g.phaseEnd[i * 5 + p];
    if (e === null) continue;
    phase = PHASE_NAMES[p];
    if (t <= e) break;
    phaseStart = e;
  }
  const outcome = ['', ' · failed', ' · killed'][g.outcome[i]] ?? '';
  const s = (x: number) => `${x.toFixed(1)} s`;
  return {
    job,
    text: `job ${job} · task ${g.reduce[i] ? 'r' : 'm'}${g.task[i]} · ${data.nodes[g.node[i]] ?? `node ${g.node[i]}`}\n${phase} phase from ${s(phaseStart)} · attempt ${s(g.start[i])}–${s(g.end[i])}${outcome}`,
  };
}

/** A time a node of the chart was down (a run's node loss): dead from `loss.lostAtS`, up again at `to`. */
export interface NodeDown {
  node: number;
  loss: NodeLoss;
  /** When it came back: its replacement, or the end of the chart. */
  to: number;
}

/** The run's node losses on the chart's nodes (by name; a name the chart lacks is left out), each until replaced or the end. */
export function nodeDowns(losses: readonly NodeLoss[], nodes: readonly string[], end: number): NodeDown[] {
  const index = new Map(nodes.map((n, i) => [n, i]));
  return losses.flatMap((loss) => {
    const node = index.get(loss.node);
    return node === undefined ? [] : [{ node, loss, to: loss.replacedAtS ?? Math.max(end, loss.lostAtS) }];
  });
}

/** The node-down span under a point of the canvas (anywhere on the node's rows), or undefined. */
export function nodeDownAt(downs: readonly NodeDown[], nodes: number, geo: GanttGeometry, x: number, y: number): NodeDown | undefined {
  if (x < geo.left || nodes === 0) return undefined;
  let n = 0;
  while (n < nodes - 1 && geo.top(n + 1) <= y) n++;
  const t = geo.from + (x - geo.left) / geo.scale;
  return downs.find((d) => d.node === n && t >= d.loss.lostAtS && t <= d.to);
}
