// The schedulers are registered before anything reads a design, as in every entry of the studio.
import '../src-main/schedulers/registry';
/**
 * Writes what the Liu presets take from the thesis's tables (docs/model.md "Calibration: the other
 * papers' testbeds"): each measured job's map CPU (Pi, Bbp) or MB per map (TeraGen's output, ETL's
 * input), priced from its pattern's average map time under YARN (Tables 4.4-4.6). Everything else
 * in the presets is left as written.
 *
 *   npm run presets:liu
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { loadExperiment } from '../src-main/runner/loadExperiment';
import { knobOf, knobValue, liuPricing } from '../src-main/runner/calibration/liuTestbed';
import { LIU_PATTERNS } from '../src-main/models/calibration/liuTaskTable';

for (const pattern of LIU_PATTERNS) {
  const file = path.resolve(__dirname, `../resources/presets/${pattern.preset}.experiment.json`);
  const { cluster, experiment } = loadExperiment(file);
  const priced = liuPricing(experiment, cluster, pattern);
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { workload: { jobs: Record<string, unknown>[] } };
  for (const job of raw.workload.jobs) {
    const p = priced.find((j) => j.id === job.id);
    if (!p || !((job.id as string) in pattern.jobs)) continue;
    for (const key of ['mapCpuSPerTask', 'outputMb', 'inputMb'] as const) if (p[key] !== undefined) job[key] = p[key];
    console.log(`${pattern.preset} ${String(job.id)}: ${knobOf(p.template)} = ${knobValue(p)}`);
  }
  writeFileSync(file, `${JSON.stringify(raw, null, 2)}\n`);
}
