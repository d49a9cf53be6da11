import { TEST_NAME } from '@shared/results/comparison';
import { jobLocality } from '../reports/jobLocalityReport';
import { CliUsageError, table, type CliIo } from './output';
import { resultFileOrSay } from './readResultFile';

export const localityHelp = `workload-studio locality <result.json> [--json]

  Where each group of jobs read its input, scheduler by scheduler (the ILA paper's Fig. 7): the
  share of map attempts whose input was on their own node or server, over every seed. Jobs of the
  same template and number of maps are one group, "TeraSort(2)"; a template that comes in more than
  four sizes is grouped by powers of two, "Sort(9-16)". Jobs that read no input have no row.
  A * marks a group's best, only where a paired t-test across seeds separates it from every other.
  --json adds node-local counts, the number of map attempts and each group's best.
`;

export async function localityCommand(args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const file = args[0];
  if (!file) throw new CliUsageError(`locality needs a result file\n\n${localityHelp}`);
  const result = resultFileOrSay(file, io);
  if (!result) return 1;
  const report = jobLocality(result);
  if (flags.json) {
    io.out(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  if (report.rows.length === 0) {
    io.err(`error: ${file} has no per-job locality (no job read input, or the file predates it: run the experiment again)\n`);
    return 1;
  }
  const pct = (cell: { maps: number; local: number } | undefined) => (cell ? `${Math.round((100 * cell.local) / cell.maps)} %` : '—');
  io.out(`node- or server-local map attempts, per job group, all seeds\n\n`);
  io.out(
    table(
      ['JOBS', ...report.schedulers.map((s) => s.toUpperCase())],
      report.rows.map((r) => [r.group, ...report.schedulers.map((s) => `${pct(r.cells[s])}${report.best[r.group] === s ? ' *' : ''}`)]),
    ),
  );
  if (Object.keys(report.best).length) io.out(`\n* the group's best: the seeds' shares separate it from every other (${TEST_NAME})\n`);
  return 0;
}
