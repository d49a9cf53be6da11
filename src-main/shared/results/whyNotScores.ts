import { plural } from '../plural';

/**
 * What a scheduler weighed at one heartbeat of one node, criterion by criterion (Scheduler.scores;
 * PRISM: each candidate phase's fairness gain, performance term and utility): the why panel's
 * table, as kube-scheduler-simulator shows a plug-in's scores per node.
 */
export interface WhyNotScores {
  /** Column names, in words (with the paper's equation). */
  criteria: string[];
  /**
   * Candidates in the order the policy ranks them, best first; `values` in the criteria's order.
   * `task`: the one task a candidate is, as the Gantt names it ("m3", "r0"), where the policy says
   * which (a paused phase, a copy): rows of one job are otherwise alike.
   */
  rows: { candidate: string; job: string; task?: string; values: number[] }[];
}

/** What of a why-not answer the table needs (whyNot.ts WhyNotAnswer has it). */
interface Answered {
  at: number;
  nodes: readonly { node: string; beats: readonly { time: number; scores?: WhyNotScores }[] }[];
}

/**
 * A value of a table of scores as read: whole numbers with separators, others to 3 places (1
 * above 100); none - a limit that is not set, which JSON carries as null - as a dash.
 */
export function scoreText(v: number | null): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  if (Number.isInteger(v)) return v.toLocaleString('en-US');
  return Math.abs(v) >= 100 ? v.toFixed(1) : v.toFixed(3);
}

/** A heartbeat with its table of scores, named by node and time. */
export interface ScoredBeat {
  key: string;
  node: string;
  time: number;
  scores: WhyNotScores;
}

/** A heartbeat as the panel's menu names it: "r02-h002 at 21.00 s (1 candidate)". */
export function scoredBeatLabel(b: ScoredBeat): string {
  return `${b.node} at ${b.time.toFixed(2)} s (${plural(b.scores.rows.length, 'candidate')})`;
}

/** Every heartbeat of the answer that has a table, node by node. */
export function scoredBeats(a: Answered): ScoredBeat[] {
  return a.nodes.flatMap((n) => n.beats.flatMap((b) => (b.scores ? [{ key: `${n.node}@${b.time}`, node: n.node, time: b.time, scores: b.scores }] : [])));
}

/** The table shown first, in the app and on the command line alike: the heartbeat nearest the moment asked about (the first such). */
export function nearestScoredBeat(a: Answered): ScoredBeat | undefined {
  let best: ScoredBeat | undefined;
  for (const b of scoredBeats(a)) if (!best || Math.abs(b.time - a.at) < Math.abs(best.time - a.at)) best = b;
  return best;
}

/**
 * The table of the heartbeat nearest the moment, as text: the criteria numbered once, then a row
 * per candidate (best first) with its values under those numbers. Empty when no heartbeat has one.
 */
export function scoresText(a: Answered): string {
  const beat = nearestScoredBeat(a);
  if (!beat) return '';
  const { criteria, rows } = beat.scores;
  const others = scoredBeats(a).length - 1;
  const head = `What the scheduler weighed at ${beat.node}, ${beat.time.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} s (the heartbeat nearest ${scoreText(a.at)} s${others ? `; ${others.toLocaleString('en-US')} more in --json` : ''}):`;
  const legend = `  ${criteria.map((c, i) => `(${i + 1}) ${c}`).join(' · ')}`;
  const cells = rows.map((r) => [`${r.candidate}${r.job ? ` — ${r.job}${r.task ? ` ${r.task}` : ''}` : ''}`, ...r.values.map(scoreText)]);
  const titles = ['', ...criteria.map((_, i) => `(${i + 1})`)];
  const widths = titles.map((t, i) => Math.max(t.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `  ${c.map((x, i) => (i === 0 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join('  ')}`.trimEnd();
  return [head, legend, line(titles), ...cells.map(line)].join('\n');
}
