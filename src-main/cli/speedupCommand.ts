import { jobSpeedup, speedupVerdict } from '../reports/jobSpeedupReport';
import { CliUsageError, table, type CliIo } from './output';
import { TEST_NAME } from '@shared/results/comparison';
import { resultFileOrSay } from './readResultFile';

export const speedupHelp = `workload-studio speedup <result.json> --of SCHEDULER [--json]

  How much faster SCHEDULER's jobs are than each other scheduler's in a run result, job by job:
  each job is paired with itself (same seed, same id) and the table shows the geometric mean of
  JCT(other) / JCT(SCHEDULER) over the pairs, the ratio of mean JCTs, and the ratio of mean JCTs
  per workload template (the ILA paper's Fig. 5 normalises each job type to ILA this way).
  With several seeds, the lowest and highest per-job speedup of a single seed show the spread, and
  the last column says "faster" or "slower" only where Student's paired t-test across seeds on the
  seeds' per-job speedups separates them from 1x (--json: "p"); one seed gives no verdict.
  Above 1: SCHEDULER is faster. SCHEDULER is a label as the result file names it, in
  any capitals (FIFO for fifo).
`;

export async function speedupCommand(args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const file = args[0];
  if (!file) throw new CliUsageError(`speedup needs a result file\n\n${speedupHelp}`);
  if (typeof flags.of !== 'string' || flags.of === '') throw new CliUsageError(`speedup needs --of SCHEDULER\n\n${speedupHelp}`);
  const result = resultFileOrSay(file, io);
  if (!result) return 1;
  let report;
  try {
    report = jobSpeedup(result, flags.of);
  } catch (err) {
    throw new CliUsageError(`--of: ${(err as Error).message}`);
  }
  if (flags.json) {
    io.out(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const x = (v: number) => `${v.toFixed(2)}x`;
  io.out(`${report.of} against each scheduler, seed${report.seeds.length === 1 ? '' : 's'} ${report.seeds.join(', ')} (above 1x: ${report.of} is faster)\n\n`);
  const spread = (r: (typeof report.rows)[number]) => {
    const perSeed = r.bySeed.map((s) => s.perJob);
    return `${Math.min(...perSeed).toFixed(2)}-${x(Math.max(...perSeed))}`;
  };
  const seeds = report.seeds.length > 1;
  // A ratio is not a verdict: the paired test across seeds says whether it is told apart from 1x.
  const verdict = (r: (typeof report.rows)[number]) => speedupVerdict(r.perJob, r.p) ?? '—';
  io.out(
    table(
      ['SCHEDULER', 'JOB PAIRS', 'PER JOB (GEO MEAN)', 'MEAN JCT', ...(seeds ? ['PER JOB, ONE SEED', `${report.of.toUpperCase()} IS`] : [])],
      report.rows.map((r) => [r.scheduler, r.pairs, x(r.perJob), x(r.meanJct), ...(seeds ? [spread(r), verdict(r)] : [])]),
    ),
  );
  io.out(
    seeds
      ? `\n"faster" or "slower" only where the seeds' per-job speedups are separated from 1x by ${TEST_NAME}.\n`
      : `\nOne seed: a single draw of the workload, so no verdict; run more seeds to tell a speedup from chance.\n`,
  );
  const templates = [...new Set(report.rows.flatMap((r) => Object.keys(r.byTemplate)))].sort();
  io.out(`\nper template (ratio of mean JCTs)\n\n`);
  io.out(
    table(
      ['SCHEDULER', ...templates.map((t) => t.toUpperCase())],
      report.rows.map((r) => [r.scheduler, ...templates.map((t) => (Object.hasOwn(r.byTemplate, t) ? x(r.byTemplate[t]) : '—'))]),
    ),
  );
  return 0;
}
