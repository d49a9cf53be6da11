import type { GanttLayout } from '@shared/results/ganttLanes';
import { timeTicks } from '../../utils/timeTicks';
import type { GanttData } from '@shared/results/runData';
import type { GanttGeometry, NodeDown } from './ganttLayout';

/** Height of one lane, and the room left of the bars for node names, in CSS pixels. */
export const LANE = 5;
export const LEFT = 90;

function colours() {
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  return {
    map: '#2f6fde',
    reduce: '#e0703a',
    failed: '#d2476b',
    killed: dark ? '#6b7280' : '#9aa3b2',
    // Behind the bars: a node dead but not yet noticed, then down until replaced.
    unnoticed: 'rgba(210, 71, 107, 0.18)',
    down: dark ? 'rgba(154, 163, 178, 0.18)' : 'rgba(91, 100, 116, 0.14)',
    text: dark ? '#9aa3b2' : '#5b6474',
    grid: dark ? '#363b47' : '#d8dce3',
  };
}

/**
 * Paint the Gantt of `g` on `canvas`, `width` CSS pixels wide, showing the times `from`–`to`: node
 * names on the left, one lane per attempt running at once, the times nodes were down behind them, a
 * time axis below. Returns where everything went, for hit tests.
 */
export function paintGantt(
  canvas: HTMLCanvasElement,
  g: GanttData,
  layout: GanttLayout,
  nodeNames: readonly string[],
  width: number,
  view: { from: number; to: number },
  downs: readonly NodeDown[] = [],
): GanttGeometry {
  const { lane, firstLane, lanes } = layout;
  const nodes = firstLane.length - 1;
  const height = Math.min(2400, lanes * LANE + nodes + 24);
  const ratio = window.devicePixelRatio || 1;
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const col = colours();
  const { from, to } = view;
  const scale = (width - LEFT) / Math.max(1e-9, to - from);
  // One pixel between nodes; lanes share the rest.
  const laneH = Math.max(0.5, Math.min(LANE, (height - 24 - nodes) / Math.max(1, lanes)));
  const top = (n: number) => firstLane[n] * laneH + n;
  const bottom = top(nodes);
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillStyle = col.text;
  let lastLabel = -Infinity;
  for (let n = 0; n < nodes; n++) {
    if (top(n) - lastLabel < 12) continue;
    lastLabel = top(n);
    ctx.fillText(nodeNames[n] ?? `node ${n}`, 2, top(n) + 9);
  }
  // Bars stay right of the node labels however far the view is panned.
  ctx.save();
  ctx.beginPath();
  ctx.rect(LEFT, 0, width - LEFT, height);
  ctx.clip();
  for (const d of downs) {
    const noticed = d.loss.noticedAtS ?? d.to;
    const y = top(d.node);
    const h = top(d.node + 1) - y - 1;
    ctx.fillStyle = col.unnoticed;
    ctx.fillRect(LEFT + (d.loss.lostAtS - from) * scale, y, Math.max(1, (noticed - d.loss.lostAtS) * scale), h);
    ctx.fillStyle = col.down;
    if (d.to > noticed) ctx.fillRect(LEFT + (noticed - from) * scale, y, (d.to - noticed) * scale, h);
  }
  for (let i = 0; i < g.start.length; i++) {
    const s = g.start[i];
    const e = g.end[i];
    if (e < from || s > to) continue;
    ctx.fillStyle = g.outcome[i] === 1 ? col.failed : g.outcome[i] === 2 ? col.killed : g.reduce[i] ? col.reduce : col.map;
    ctx.fillRect(LEFT + (s - from) * scale, top(g.node[i]) + lane[i] * laneH, Math.max(1, (e - s) * scale), Math.max(0.5, laneH - (laneH > 2 ? 1 : 0)));
  }
  ctx.restore();
  // Time axis.
  ctx.fillStyle = col.text;
  ctx.strokeStyle = col.grid;
  for (const { t, label } of timeTicks(from, to)) {
    const x = LEFT + (t - from) * scale;
    ctx.beginPath();
    ctx.moveTo(x, bottom);
    ctx.lineTo(x, bottom + 4);
    ctx.stroke();
    ctx.fillText(label, Math.min(width - ctx.measureText(label).width - 2, x + 2), bottom + 16);
  }
  return { left: LEFT, from, scale, laneH, top };
}
