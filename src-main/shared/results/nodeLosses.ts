import { z } from 'zod';
import { plural } from '../plural';

/**
 * One node a run lost (docs/model.md "Faults"): when it died, when the master noticed (after the
 * node timeout), what was done again because of it, and when a replacement joined. A server named
 * in the failures loses each of its VMs: one entry per VM. A node that comes back may die again (a
 * random failure after a replacement): one entry per death.
 */
export const NodeLossSchema = z.strictObject({
  node: z.string(),
  /** Named in the failures list, or drawn from the mean time between failures. */
  cause: z.enum(['named', 'random']),
  lostAtS: z.number(),
  /** When the master declared it lost; null when the run ended first. */
  noticedAtS: z.number().nullable(),
  /** Attempts that were running on it, ended as killed when the master noticed. */
  attemptsKilled: z.number().int().min(0),
  /** Finished maps whose output was on it and still needed: run again. */
  mapsRunAgain: z.number().int().min(0),
  /** Application masters it held: each job waited for a new one. */
  mastersLost: z.number().int().min(0),
  /** When a replacement node joined; null when none did before the run ended. */
  replacedAtS: z.number().nullable(),
});
export type NodeLoss = z.output<typeof NodeLossSchema>;

const seconds = (s: number) => `${Math.round(s).toLocaleString('en-US')} s`;

/** What the loss cost, in words ("8 attempts killed, 12 finished maps run again"), or "nothing to redo". */
export function nodeLossCostWords(loss: NodeLoss): string {
  if (loss.noticedAtS === null) return 'not noticed before the run ended';
  const parts = [
    loss.attemptsKilled ? plural(loss.attemptsKilled, 'attempt killed', 'attempts killed') : '',
    loss.mapsRunAgain ? plural(loss.mapsRunAgain, 'finished map run again', 'finished maps run again') : '',
    loss.mastersLost ? plural(loss.mastersLost, 'application master restarted', 'application masters restarted') : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'nothing to redo';
}

/**
 * One loss in a sentence, as the reports list them: "r1-h2 died at 20 s (a named failure), noticed at
 * 50 s: 8 attempts killed; replaced at 320 s". `joint` joins its death to the rest (a line break in
 * a tooltip).
 */
export function nodeLossWords(loss: NodeLoss, joint = ', '): string {
  const died = `${loss.node} died at ${seconds(loss.lostAtS)} (${loss.cause === 'named' ? 'a named failure' : 'a random failure'})`;
  if (loss.noticedAtS === null) return `${died}${joint}${nodeLossCostWords(loss)}`;
  const replaced = loss.replacedAtS === null ? '' : `; replaced at ${seconds(loss.replacedAtS)}`;
  return `${died}${joint}noticed at ${seconds(loss.noticedAtS)}: ${nodeLossCostWords(loss)}${replaced}`;
}

/** The losses of the runs that had any, counted against all `runs`: "3 node losses in 2 of 6 runs". */
export function nodeLossCountWords(lossesByRun: readonly (readonly NodeLoss[])[], runs: number): string {
  const hit = lossesByRun.filter((l) => l.length);
  const losses = hit.reduce((n, l) => n + l.length, 0);
  return `${plural(losses, 'node loss', 'node losses')} in ${hit.length.toLocaleString('en-US')} of ${plural(runs, 'run')}`;
}

/** A run's losses as the CLI notes them: a sentence for each of the first `limit`, then how many more. */
export function runNodeLossText(run: string, seed: number, losses: readonly NodeLoss[], limit = 5): string {
  const shown = losses
    .slice(0, limit)
    .map((l) => nodeLossWords(l))
    .join('; ');
  const more = losses.length > limit ? `; and ${(losses.length - limit).toLocaleString('en-US')} more (the result file lists every one)` : '';
  return `${run}, seed ${seed}, had ${plural(losses.length, 'node loss', 'node losses')}: ${shown}${more}`;
}

/**
 * The columns of a table of losses (the report's and the app's), in order, with the value of each;
 * a `numeric` one is set to the right.
 */
export const NODE_LOSS_COLUMNS: readonly { key: keyof NodeLoss; label: string; numeric: boolean; text: (l: NodeLoss) => string }[] = [
  { key: 'node', numeric: false, label: 'Node', text: (l) => l.node },
  { key: 'lostAtS', numeric: true, label: 'Died at', text: (l) => seconds(l.lostAtS) },
  { key: 'cause', numeric: false, label: 'Failure', text: (l) => (l.cause === 'named' ? 'named' : 'random (MTBF)') },
  { key: 'noticedAtS', numeric: true, label: 'Noticed at', text: (l) => (l.noticedAtS === null ? 'not before the end' : seconds(l.noticedAtS)) },
  { key: 'attemptsKilled', numeric: true, label: 'Attempts killed', text: (l) => l.attemptsKilled.toLocaleString('en-US') },
  { key: 'mapsRunAgain', numeric: true, label: 'Finished maps run again', text: (l) => l.mapsRunAgain.toLocaleString('en-US') },
  { key: 'mastersLost', numeric: true, label: 'Masters restarted', text: (l) => l.mastersLost.toLocaleString('en-US') },
  { key: 'replacedAtS', numeric: true, label: 'Replaced at', text: (l) => (l.replacedAtS === null ? '—' : seconds(l.replacedAtS)) },
];

/** What a configuration's losses cost a run, on average over its runs (a run that lost nothing counts as zero). */
export interface NodeLossMeans {
  runs: number;
  runsWithLosses: number;
  losses: number;
  attemptsKilled: number;
  mapsRunAgain: number;
  mastersLost: number;
}

export function nodeLossMeans(lossesByRun: readonly (readonly NodeLoss[])[]): NodeLossMeans {
  const n = lossesByRun.length;
  const mean = (f: (l: NodeLoss) => number) => (n ? lossesByRun.reduce((s, run) => s + run.reduce((t, l) => t + f(l), 0), 0) / n : 0);
  return {
    runs: n,
    runsWithLosses: lossesByRun.filter((l) => l.length).length,
    losses: mean(() => 1),
    attemptsKilled: mean((l) => l.attemptsKilled),
    mapsRunAgain: mean((l) => l.mapsRunAgain),
    mastersLost: mean((l) => l.mastersLost),
  };
}

const one = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** The columns of the table of means (the report's and the app's), each a number: after the configuration's name. */
export const NODE_LOSS_MEAN_COLUMNS: readonly { key: keyof NodeLossMeans; label: string; text: (m: NodeLossMeans) => string }[] = [
  { key: 'runsWithLosses', label: 'Runs with a loss', text: (m) => `${m.runsWithLosses} of ${m.runs}` },
  { key: 'losses', label: 'Node losses', text: (m) => one(m.losses) },
  { key: 'attemptsKilled', label: 'Attempts killed', text: (m) => one(m.attemptsKilled) },
  { key: 'mapsRunAgain', label: 'Finished maps run again', text: (m) => one(m.mapsRunAgain) },
  { key: 'mastersLost', label: 'Masters restarted', text: (m) => one(m.mastersLost) },
];

/**
 * The loss that killed an attempt on `node` which started at `start` and ended at `end`, if one
 * did: the master ends a lost node's attempts when it notices the loss. Times match to a
 * millisecond, as stored attempt times may be rounded.
 */
export function lossThatKilled(losses: readonly NodeLoss[], node: string, start: number, end: number | null): NodeLoss | undefined {
  if (end === null) return undefined;
  return losses.find((l) => l.node === node && l.noticedAtS !== null && Math.abs(l.noticedAtS - end) < 1e-3 && start <= l.lostAtS + 1e-3);
}
