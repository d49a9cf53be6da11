import { templateByName, unknownTemplateWords } from './benchmarkTemplates';

/** What names templates in a workload: its jobs, and its generator's mix. */
interface NamesTemplates {
  jobs: { template: string }[];
  generate?: { mix: { template: string }[] };
}

/**
 * The workload with every template spelled as the studio spells it ("sort" → "Sort"), as the
 * imports of traces and workload files read them, so a file the CLI runs is one the app saves and
 * imports too; and each field naming a template the studio has not, with why (relative to the workload).
 */
export function inStudioSpelling<W extends NamesTemplates>(w: W): { workload: W; unknown: { field: string; message: string }[] } {
  const unknown: { field: string; message: string }[] = [];
  const spell = <E extends { template: string }>(entry: E, field: string): E => {
    const known = templateByName(entry.template);
    if (!known) unknown.push({ field, message: unknownTemplateWords(entry.template) });
    return known && known.name !== entry.template ? { ...entry, template: known.name } : entry;
  };
  const jobs = w.jobs.map((j, i) => spell(j, `jobs.${i}.template`));
  const generate = w.generate && { ...w.generate, mix: w.generate.mix.map((m, i) => spell(m, `generate.mix.${i}.template`)) };
  return { workload: { ...w, jobs, ...(generate ? { generate } : {}) }, unknown };
}
