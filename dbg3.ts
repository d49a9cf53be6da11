import { loadExperiment } from './src-main/runner/loadExperiment';
import { runExperiment } from './src-main/runner/runExperiment';
(async () => {
  const { result } = await runExperiment(loadExperiment(process.argv[2]), { threads: 0 });
  for (const r of result.runs) console.log(r.scheduler, r.seed, r.summary.meanJct.toFixed(0), r.summary.throughputJobsPerHour.toFixed(2), r.summary.succeeded);
})();
