import * as path from 'node:path';
import { loadExperiment } from '../src-main/runner/loadExperiment';
import { runExperiment } from '../src-main/runner/runExperiment';
import { RunPool } from "../src-main/runner/runPool";
async function main() {
  const loaded = loadExperiment(path.resolve('resources/presets/ila-thresholds-mix.experiment.json'));
  loaded.experiment.seeds = [1];
  loaded.experiment.schedulers = loaded.experiment.schedulers.filter((s) => s.label === (process.argv[2] ?? 'dynamic H_d'));
  const t = Date.now();
  const { result } = await runExperiment(loaded, { pool: new RunPool({ workerFile: null }) });
  console.log(Date.now() - t, 'ms', result.runs.map((r) => [r.scheduler, r.summary.throughputJobsPerHour]));
}
void main();
