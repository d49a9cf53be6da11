import { MAX_RESULT_BYTES, readCliFile } from './readCliFile';
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { isGzip } from '@shared/files/textEncoding';
import { ariaProfileOf, mbPerReduce } from '@shared/aria/totals';
import { profilesFromResult } from '@shared/workload/jobProfiles';
import { ariaTotalsFromRumen } from '../models/aria/rumenProfiles';
import { CliUsageError, type CliIo } from './output';
import { resultFileOrSay } from './readResultFile';

export const profileHelp = `workload-studio profile <result.json | rumen-trace.json> [--run N]

  Job profiles per workload template.
  From a run result (run --out): per phase (map, merge, shuffle, sort, reduce) the mean duration,
  cores, memory, local-disk, HDFS and shuffle rates (PRISM Fig. 8), the Finer-Grained CPU
  requirement per map and reduce task (Liu eq. 3.5), and the ARIA profile (Verma et al. sec. 3.2:
  mMin mAvg mMax avgInputMB selectivityM selectivityR sh1Avg sh1Max shTypAvg shTypMax rAvg rMax,
  in seconds and MB) with mbPerReduce, the intermediate data per reduce. All runs of the file are
  pooled unless --run picks one (0-based).
  From a Hadoop Rumen job trace: the ARIA profile of each job name, from its attempts' start,
  shuffle/sort finish and finish times.
  Prints JSON; an "aria" object is what \`plan --profile\` reads.
`;

/** A Rumen trace is JSON job objects with task lists; a result file names its format. */
function looksLikeRumen(file: string): boolean {
  // A folder, a device or a missing file goes on to resultFileOrSay, which says what it is.
  if (fs.statSync(file, { throwIfNoEntry: false })?.isFile() !== true) return false;
  const fd = fs.openSync(file, 'r');
  let head;
  try {
    const bytes = Buffer.alloc(65536);
    const read = bytes.subarray(0, fs.readSync(fd, bytes, 0, bytes.length, 0));
    // A compressed trace (job-trace.json.gz): its start unpacked, which a sync flush allows from a part of the file.
    let start: Buffer = read;
    if (isGzip(read)) {
      try {
        start = zlib.gunzipSync(read, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
      } catch {
        return false; // damaged: resultFileOrSay says so
      }
    }
    head = start.subarray(0, 4096).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
  return !head.includes('"workload-studio.result"') && /"(mapTasks|reduceTasks)"\s*:/.test(head);
}

export async function profileCommand(args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const file = args[0];
  if (!file) throw new CliUsageError(`profile needs a result file or a Rumen trace\n\n${profileHelp}`);
  if (looksLikeRumen(file)) {
    const { totals, skipped } = ariaTotalsFromRumen(readCliFile(file, 'the Rumen trace', MAX_RESULT_BYTES));
    for (const s of skipped) io.err(`warning: ${file}:${s.line}: ${s.job}: ${s.problem}\n`);
    const profiles = Object.keys(totals)
      .sort()
      .map((template) => ({ template, aria: ariaProfileOf(totals[template]), mbPerReduce: Number(mbPerReduce(totals[template]).toFixed(3)) }));
    if (profiles.length === 0) {
      io.err(`error: ${file}: no job could be profiled\n`);
      return 1;
    }
    io.out(`${JSON.stringify({ format: 'workload-studio.profiles', version: 1, source: file, profiles }, null, 2)}\n`);
    return 0;
  }
  const result = resultFileOrSay(file, io);
  if (!result) return 1;
  const run = typeof flags.run === 'string' ? Number(flags.run) : undefined;
  if (run !== undefined && (!Number.isInteger(run) || run < 0 || run >= result.runs.length))
    throw new CliUsageError(
      `--run: "${flags.run}" is not a run index (0-${result.runs.length - 1}); the file's runs are ${result.runs.map((r, i) => `${i} ${r.scheduler} (seed ${r.seed})`).join(', ')}`,
    );
  io.out(
    `${JSON.stringify({ format: 'workload-studio.profiles', version: 1, source: result.experiment, profiles: profilesFromResult(result, run) }, null, 2)}\n`,
  );
  return 0;
}
