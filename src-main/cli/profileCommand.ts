import * as fs from 'node:fs';
import { ResultFileSchema } from '@shared/experiment';
import { parseJsonText } from '@shared/jsonText';
import { problemsOf } from '@shared/validation';
import { profilesFromResult } from '../models/jobProfiles';
import { CliUsageError, type CliIo } from './output';

export const profileHelp = `workload-studio profile <result.json> [--run N]

  Job profiles per workload template from the counters of a run result: per phase (map, merge,
  shuffle, sort, reduce) the mean duration, cores, memory, local-disk, HDFS and shuffle rates
  (PRISM Fig. 8), and the Finer-Grained CPU requirement per map and reduce task (Liu eq. 3.5).
  All runs of the file are pooled unless --run picks one (0-based). Prints JSON.
`;

export async function profileCommand(args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const file = args[0];
  if (!file) throw new CliUsageError(`profile needs a result file\n\n${profileHelp}`);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliUsageError(`cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const json = parseJsonText(text, file);
  if (!json.ok) {
    io.err(`error: ${json.message}\n`);
    return 1;
  }
  const parsed = ResultFileSchema.safeParse(json.value);
  if (!parsed.success) {
    const p = problemsOf(parsed.error)[0];
    io.err(`error: ${file} is not a result file: ${p.field}: ${p.message}\n`);
    return 1;
  }
  const run = typeof flags.run === 'string' ? Number(flags.run) : undefined;
  if (run !== undefined && (!Number.isInteger(run) || run < 0 || run >= parsed.data.runs.length)) throw new CliUsageError(`--run: "${flags.run}" is not a run index (0-${parsed.data.runs.length - 1})`);
  io.out(`${JSON.stringify({ format: 'workload-studio.profiles', version: 1, source: parsed.data.experiment, profiles: profilesFromResult(parsed.data, run) }, null, 2)}\n`);
  return 0;
}
