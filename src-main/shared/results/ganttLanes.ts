import type { GanttData } from './runData';

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
