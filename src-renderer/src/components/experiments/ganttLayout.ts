import type { GanttData, RunData } from '@shared/runData';

/**
 * The Gantt chart's geometry, apart from its drawing: lanes per node, which bar lies under a point,
 * and what a hover says of a bar. Pure functions, so they are tested without a canvas.
 */
const PHASE_NAMES = ['map', 'merge', 'shuffle', 'sort', 'reduce'];

export interface GanttLayout {
  /** Lane of each bar within its node. */
  lane: Int32Array;
  /** First lane of each node over all nodes (nodes + 1 entries). */
  firstLane: Int32Array;
  lanes: number;
  /** Bars by node, then start: node n's bars are byNode[nodeStart[n] .. nodeStart[n + 1]). */
  byNode: Int32Array;
  nodeStart: Int32Array;
}

/**
 * Attempts that overlap on one node go on separate lanes (interval partitioning, earliest start
 * first), so a node's concurrent slots or containers show as stacked bars, as in ARIA's figures.
 */
export function layoutLanes(g: GanttData, nodes: number): GanttLayout {
  const byNode = Int32Array.from(g.start.keys()).sort((a, b) => g.node[a] - g.node[b] || g.start[a] - g.start[b]);
  const lane = new Int32Array(g.start.length);
  const perNode = new Int32Array(nodes);
  const nodeStart = new Int32Array(nodes + 1);
  let node = -1;
  let ends: number[] = [];
  byNode.forEach((i, k) => {
    if (g.node[i] !== node) {
      for (let n = node + 1; n <= g.node[i]; n++) nodeStart[n] = k;
      node = g.node[i];
      ends = [];
    }
    let l = ends.findIndex((e) => e <= g.start[i]);
    if (l < 0) l = ends.push(0) - 1;
    ends[l] = g.end[i];
    lane[i] = l;
    perNode[node] = Math.max(perNode[node], l + 1);
  });
  for (let n = node + 1; n <= nodes; n++) nodeStart[n] = byNode.length;
  const firstLane = new Int32Array(nodes + 1);
  for (let n = 0; n < nodes; n++) firstLane[n + 1] = firstLane[n] + Math.max(1, perNode[n]);
  return { lane, firstLane, lanes: firstLane[nodes], byNode, nodeStart };
}

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
  return { job, text: `job ${job} · task ${g.reduce[i] ? 'r' : 'm'}${g.task[i]} · ${data.nodes[g.node[i]] ?? `node ${g.node[i]}`}\n${phase} phase from ${s(phaseStart)} · attempt ${s(g.start[i])}–${s(g.end[i])}${outcome}` };
}
