import { layoutLanes } from '@shared/results/ganttLanes';
import type { NodeLoss } from '@shared/results/nodeLosses';
import type { ReportRun } from './resultReport';
import { escapeHtml } from './htmlText';

const WIDTH = 760;
const LEFT = 96;
const RIGHT = 16;
const AXIS = 28;
const MAX_PLOT_HEIGHT = 560;
/** Maps, reduces, failed and killed attempts: the app's Gantt colours. */
const COLOURS = { map: '#2f6fde', reduce: '#e0703a', failed: '#d2476b', killed: '#9aa3b2' };
/** Behind the bars, as the app shades them: a node dead but not yet noticed, then down until replaced. */
const DOWN = { unnoticed: 'rgba(210,71,107,0.18)', down: 'rgba(91,100,116,0.14)' };

const esc = escapeHtml;

/** Round tick spacing (1, 2 or 5 × 10^k) giving about `count` ticks over `span`. */
function tickStep(span: number, count: number): number {
  const raw = span / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
}

/**
 * The tasks of one run on the cluster's nodes as a static SVG, drawn like the app's Gantt: a row per
 * node, attempts that overlap on a node stacked in lanes, maps and reduces in two colours. Drawn
 * here rather than by ECharts because a report may hold thousands of bars and plain rectangles
 * keep the file small. The nodes the run lost (`losses`) are shaded from their death. Undefined
 * when the run kept no attempts.
 */
export function ganttSvg(run: ReportRun, losses: readonly NodeLoss[] = []): string | undefined {
  const g = run.gantt;
  if (!g || g.start.length === 0) return undefined;
  let nodes = run.nodes.length;
  for (const n of g.node) if (n >= nodes) nodes = n + 1;
  const layout = layoutLanes(g, nodes);
  const laneH = Math.max(0.6, Math.min(5, (MAX_PLOT_HEIGHT - nodes) / Math.max(1, layout.lanes)));
  const plotH = layout.lanes * laneH + nodes;
  const height = Math.ceil(plotH + AXIS);
  const span = g.spanS || 1;
  const scale = (WIDTH - LEFT - RIGHT) / span;
  const top = (n: number) => layout.firstLane[n] * laneH + n;
  const parts: string[] = [];
  // Node labels only where there is room for them; every row keeps its separator.
  const labelEvery = Math.max(1, Math.ceil(11 / Math.max(1e-9, plotH / nodes)));
  for (let n = 0; n < nodes; n++) {
    const y = top(n);
    parts.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#e6e8ed" stroke-width="0.5"/>`);
    if (n % labelEvery === 0)
      parts.push(
        `<text x="${LEFT - 6}" y="${(y + Math.min(10, top(n + 1) - y)).toFixed(1)}" text-anchor="end" font-size="9" fill="#5b6474">${esc(run.nodes[n] ?? `node ${n + 1}`)}</text>`,
      );
  }
  const band = (n: number, from: number, to: number, fill: string) => {
    if (to <= from) return;
    const y = top(n);
    parts.push(
      `<rect x="${(LEFT + from * scale).toFixed(1)}" y="${y.toFixed(2)}" width="${((to - from) * scale).toFixed(1)}" height="${(top(n + 1) - y - 1).toFixed(2)}" fill="${fill}"/>`,
    );
  };
  for (const loss of losses) {
    const n = run.nodes.indexOf(loss.node);
    if (n < 0) continue;
    const back = loss.replacedAtS ?? Math.max(span, loss.lostAtS);
    const noticed = loss.noticedAtS ?? back;
    band(n, loss.lostAtS, noticed, DOWN.unnoticed);
    band(n, noticed, back, DOWN.down);
  }
  for (let i = 0; i < g.start.length; i++) {
    const fill = g.outcome[i] === 1 ? COLOURS.failed : g.outcome[i] === 2 ? COLOURS.killed : g.reduce[i] ? COLOURS.reduce : COLOURS.map;
    const x = LEFT + g.start[i] * scale;
    const w = Math.max(0.5, (g.end[i] - g.start[i]) * scale);
    parts.push(
      `<rect x="${x.toFixed(1)}" y="${(top(g.node[i]) + layout.lane[i] * laneH).toFixed(2)}" width="${w.toFixed(1)}" height="${Math.max(0.5, laneH - 0.3).toFixed(2)}" fill="${fill}"/>`,
    );
  }
  const step = tickStep(span, 8);
  for (let t = 0; t <= span + 1e-9; t += step) {
    const x = LEFT + t * scale;
    parts.push(`<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${plotH.toFixed(1)}" y2="${(plotH + 4).toFixed(1)}" stroke="#5b6474"/>`);
    parts.push(
      `<text x="${x.toFixed(1)}" y="${(plotH + 15).toFixed(1)}" text-anchor="middle" font-size="10" fill="#5b6474">${Math.round(t).toLocaleString('en-US')}</text>`,
    );
  }
  parts.push(`<text x="${(LEFT + WIDTH - RIGHT) / 2}" y="${height - 2}" text-anchor="middle" font-size="10" fill="#5b6474">simulated time (s)</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif">${parts.join('')}</svg>`;
}

/** How the Gantt was thinned, in words ("" when every attempt is drawn). */
export function ganttThinning(run: ReportRun): string {
  const s = run.gantt?.sampling;
  if (!s || s.every === 1) return '';
  return `${s.kept.toLocaleString('en-US')} of ${s.of.toLocaleString('en-US')} attempts drawn: the first and last, the ${s.longest.toLocaleString('en-US')} longest, and 1 in ${s.every} of the rest`;
}
