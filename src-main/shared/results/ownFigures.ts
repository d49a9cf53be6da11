import { z } from 'zod';
import { NAME_CONTROL_MESSAGE, nameHasControlCharacters } from '../files/controlCharacters';

/**
 * What a scheduler file's policy counted over one run, by its own names (its `report`,
 * docs/plugins.md "What it counted"): kept in the run's summary, shown beside the runs in the
 * comparison and in the report, each configuration's mean over its seeds.
 */
export const OWN_FIGURES_MAX = 12;
export const OWN_FIGURE_NAME_MAX = 60;

export const OwnFigureSchema = z.strictObject({
  name: z.string().min(1).max(OWN_FIGURE_NAME_MAX),
  value: z.number(),
});
export type OwnFigure = z.infer<typeof OwnFigureSchema>;
export const OwnFiguresSchema = z.array(OwnFigureSchema).max(OWN_FIGURES_MAX);

/**
 * A policy's `report` answer as figures, in the order it named them, or what is wrong with it in
 * words (the message a run that cannot keep it stops with).
 */
export function ownFiguresOf(said: unknown): { figures: OwnFigure[] } | { problem: string } {
  if (typeof said !== 'object' || said === null || Array.isArray(said))
    return {
      problem: `must return an object of named numbers ({ "jobs held": 3 }), not ${Array.isArray(said) ? 'a list' : said === null ? 'null' : typeof said}`,
    };
  const entries = Object.entries(said as Record<string, unknown>);
  if (entries.length > OWN_FIGURES_MAX) return { problem: `must name at most ${OWN_FIGURES_MAX} figures, not ${entries.length}` };
  const figures: OwnFigure[] = [];
  for (const [raw, value] of entries) {
    const name = raw.trim();
    if (name === '') return { problem: 'a figure has an empty name' };
    if (name.length > OWN_FIGURE_NAME_MAX)
      return { problem: `the figure "${name.slice(0, 20)}…" has a name of ${name.length} characters; at most ${OWN_FIGURE_NAME_MAX}` };
    if (nameHasControlCharacters(name)) return { problem: `the name of figure ${figures.length + 1} ${NAME_CONTROL_MESSAGE}` };
    if (typeof value !== 'number' || !Number.isFinite(value))
      return { problem: `the figure "${name}" must be a finite number, not ${typeof value === 'number' ? String(value) : typeof value}` };
    figures.push({ name, value });
  }
  return { figures };
}

/** Each figure's mean over runs (a run that did not name it is left out of its mean), in the order first named. */
export function ownFigureMeans(runs: readonly (readonly OwnFigure[] | undefined)[]): { name: string; mean: number; runs: number }[] {
  const sums = new Map<string, { sum: number; runs: number }>();
  for (const figures of runs)
    for (const f of figures ?? []) {
      const s = sums.get(f.name) ?? { sum: 0, runs: 0 };
      s.sum += f.value;
      s.runs++;
      sums.set(f.name, s);
    }
  return [...sums].map(([name, s]) => ({ name, mean: s.sum / s.runs, runs: s.runs }));
}

/** A figure as a table cell: whole numbers as they are, others to three significant places. */
export function ownFigureText(x: number): string {
  if (Number.isInteger(x)) return x.toLocaleString('en-US');
  return Number(x.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 6 });
}
