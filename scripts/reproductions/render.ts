import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPRODUCTIONS, formatMeasure, type Verdict } from '../../src-main/shared/results/reproductions';
import { measureOnStored, seedRange } from './format';
import { ariaBlocks } from './sections/aria';
import { fawkesBlocks } from './sections/fawkes';
import { ilaBlocks } from './sections/ila';
import { ilaThresholdBlocks } from './sections/ilaThresholds';
import { interferenceBlocks } from './sections/interference';
import { liuBlocks } from './sections/liu';
import { prismBlocks } from './sections/prism';
import { prismOrderPlacementBlocks } from './sections/prismOrderPlacement';
import { REPO_ROOT, readStoredRuns } from './storedRuns';

/**
 * Renders every number docs/reproductions.md, the README's "Next" list and the Reproduce area's
 * full-size statements carry from the stored runs (docs/runs). A generated block in a markdown
 * file sits between `<!-- generated: NAME -->` and `<!-- /generated -->`; everything between is
 * replaced, the text around it is left as written.
 */

export const DOC = path.join(REPO_ROOT, 'docs/reproductions.md');
export const README = path.join(REPO_ROOT, 'README.md');
export const FULL_SIZE = path.join(REPO_ROOT, 'src-main/shared/results/reproductions/fullSize.json');

export function docBlocks(): Record<string, string> {
  return {
    ...prismBlocks(),
    ...prismOrderPlacementBlocks(),
    ...liuBlocks(),
    ...ilaBlocks(),
    ...ilaThresholdBlocks(),
    ...interferenceBlocks(),
    ...ariaBlocks(),
    ...fawkesBlocks(),
  };
}

const BLOCK = /<!-- generated: ([a-z0-9-]+) -->\n[\s\S]*?<!-- \/generated -->/g;

/** The text with each generated block filled from `blocks`; throws on a block without a renderer or a renderer without a block. */
export function fillBlocks(text: string, blocks: Record<string, string>, where: string): string {
  const seen = new Set<string>();
  const out = text.replace(BLOCK, (_whole, name: string) => {
    if (!Object.hasOwn(blocks, name)) throw new Error(`${where}: no renderer for the generated block "${name}"`);
    seen.add(name);
    return `<!-- generated: ${name} -->\n${blocks[name]}\n<!-- /generated -->`;
  });
  const unused = Object.keys(blocks).filter((n) => !seen.has(n));
  if (unused.length) throw new Error(`${where} has no generated block for ${unused.join(', ')}`);
  return out;
}

interface FullSizeMeasure {
  preset: string;
  measure: string;
  label: string;
  value: string | null;
  verdict: Verdict['kind'] | null;
  text: string;
}

/** Each catalogue measure on the stored full-size runs, as the Reproduce area and the README show it. */
export function fullSizeMeasures(): Record<string, FullSizeMeasure[]> {
  return Object.fromEntries(
    REPRODUCTIONS.map((r) => [
      r.id,
      r.presets.flatMap((p) => {
        const preset = p.file.replace('.experiment.json', '');
        return p.measures.map((m) => {
          const o = measureOnStored(preset, m);
          const value = o.value === null ? null : formatMeasure(m, o.value);
          const where = r.presets.length > 1 ? `${p.title} — ` : '';
          return {
            preset,
            measure: m.id,
            label: m.label,
            value,
            verdict: o.verdict?.kind ?? null,
            text: `${where}${value === null ? `${m.label}: no value (${o.missing ?? 'not measured'})` : `${m.label} ${value}: ${o.verdict?.text ?? 'no verdict'}`}`,
          };
        });
      }),
    ]),
  );
}

/** What src-main/shared/results/reproductions/fullSize.json holds: per paper, one sentence per measure and the seeds. */
export function fullSizeFile(): Record<string, { seeds: string; statements: string[] }> {
  const measures = fullSizeMeasures();
  return Object.fromEntries(
    REPRODUCTIONS.map((r) => {
      const seeds = [...new Set(r.presets.flatMap((p) => readStoredRuns(p.file.replace('.experiment.json', '')).seeds))];
      return [r.id, { seeds: seedRange(seeds), statements: measures[r.id].map((m) => m.text) }];
    }),
  );
}

const SHORT: Record<string, string> = { prism: 'PRISM', liu: 'Finer-Grained CPU', ila: 'ILA', aria: 'ARIA MinEDF', fawkes: 'FAWKES' };

/**
 * The README's "Next" list: every catalogue measure whose full-size value is not inside the
 * paper's range with the paired test's separation (smaller, larger, opposite, not separated).
 */
export function readmeNext(): string {
  const open = Object.entries(fullSizeMeasures()).flatMap(([id, ms]) => ms.filter((m) => m.verdict !== 'within').map((m) => `- ${SHORT[id] ?? id}: ${m.text}`));
  return open.length
    ? `Next: the Reproduce area's claims that the full-size runs (docs/runs) do not place inside the paper's range, or where the paired test across seeds cannot separate the schedulers:\n\n${open.join('\n')}`
    : "Every claim in the Reproduce area lies inside the paper's range on the full-size runs (docs/runs), separated by the paired test.";
}

export interface Rendered {
  doc: string;
  readme: string;
  fullSize: string;
}

/** The three files as the stored runs say they should read. */
export function renderAll(): Rendered {
  return {
    doc: fillBlocks(fs.readFileSync(DOC, 'utf8'), docBlocks(), 'docs/reproductions.md'),
    readme: fillBlocks(fs.readFileSync(README, 'utf8'), { 'reproductions-next': readmeNext() }, 'README.md'),
    fullSize: `${JSON.stringify(fullSizeFile(), null, 2)}\n`,
  };
}

if (require.main === module) {
  const rendered = renderAll();
  fs.writeFileSync(DOC, rendered.doc);
  fs.writeFileSync(README, rendered.readme);
  fs.writeFileSync(FULL_SIZE, rendered.fullSize);
  console.log('docs/reproductions.md, README.md ("Next") and src-main/shared/results/reproductions/fullSize.json rendered from docs/runs');
}
