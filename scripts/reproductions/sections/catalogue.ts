import { REPRODUCTIONS, type Measure, type Reproduction } from '../../../src-main/shared/results/reproductions';

/** A paper's entry in the Reproduce catalogue (src-main/shared/results/reproductions/). */
export function reproduction(id: string): Reproduction {
  const found = REPRODUCTIONS.find((r) => r.id === id);
  if (!found) throw new Error(`no reproduction "${id}" in the catalogue`);
  return found;
}

/** One of a preset's catalogue measures, by the preset's name and the measure's id. */
export function catalogueMeasure(paper: string, preset: string, id: string): Measure {
  const p = reproduction(paper).presets.find((x) => x.file === `${preset}.experiment.json`);
  const m = p?.measures.find((x) => x.id === id);
  if (!m) throw new Error(`no measure "${id}" for ${preset} in the ${paper} catalogue`);
  return m;
}
