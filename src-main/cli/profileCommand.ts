import { profilesFromResult } from '../models/jobProfiles';
import { CliUsageError, type CliIo } from './output';
import { readResultFile } from './resultFile';

export const profileHelp = `workload-studio profile <result.json> [--run N]

  Job profiles per workload template from the counters of a run result: per phase (map, merge,
  shuffle, sort, reduce) the mean duration, cores, memory, local-disk, HDFS and shuffle rates
  (PRISM Fig. 8), and the Finer-Grained CPU requirement per map and reduce task (Liu eq. 3.5).
  All runs of the file are pooled unless --run picks one (0-based). Prints JSON.
`;

export async function profileCommand(args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const file = args[0];
  if (!file) throw new CliUsageError(`profile needs a result file\n\n${profileHelp}`);
  const read = readResultFile(file);
  if (!read.ok) {
    io.err(`error: ${read.message}\n`);
    return 1;
  }
  const run = typeof flags.run === 'string' ? Number(flags.run) : undefined;
  if (run !== undefined && (!Number.isInteger(run) || run < 0 || run >= read.result.runs.length)) throw new CliUsageError(`--run: "${flags.run}" is not a run index (0-${read.result.runs.length - 1})`);
  io.out(`${JSON.stringify({ format: 'workload-studio.profiles', version: 1, source: read.result.experiment, profiles: profilesFromResult(read.result, run) }, null, 2)}\n`);
  return 0;
}
