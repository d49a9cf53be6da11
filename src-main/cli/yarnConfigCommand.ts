import { SchedulerSpecSchema } from '@shared/schedulers';
import { problemsOf } from '@shared/api/validation';
import { problemsInWords } from '@shared/api/fieldLabels';
import { readYarnConfig, writeYarnConfig, yarnProblemLines } from '../clusters/yarnConfig';
import { MAX_JSON_BYTES, readCliFile } from './readCliFile';
import { CliUsageError, type CliIo } from './output';
import { writeDocument } from './outPaths';

export const yarnConfigHelp = `workload-studio yarn-config import FILE [--json]
workload-studio yarn-config export CARD.json --format capacity|fair [--out FILE]

  import  reads a cluster's capacity-scheduler.xml or Fair Scheduler allocation file
          (fair-scheduler.xml; YARN's <queue> or Hadoop 1's <pool>) and prints the scheduler card
          it describes, {"kind": "capacity", "queues": [...]} or {"kind": "fair", "pools": [...]},
          ready to go into an experiment's "schedulers". Every setting the card cannot hold is
          listed with the reason, on stderr (with --json: in the printed object).
  export  writes a Capacity card as capacity-scheduler.xml (--format capacity) or a Fair card as
          a Hadoop 1 allocation file (--format fair); without --out, to stdout.
`;

/** The XML files a cluster's YARN configuration lives in: at most this large. */
const MAX_XML_BYTES = 16 * 1024 * 1024;

export function yarnConfigCommand(rest: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): number {
  const [verb, file, ...extra] = rest;
  if (extra.length) throw new CliUsageError(`yarn-config ${verb} takes one file, not ${rest.length - 1}`);
  if (verb === 'import') {
    if (!file) throw new CliUsageError('yarn-config import needs the XML file to read');
    const read = readYarnConfig(readCliFile(file, 'YARN scheduler file', MAX_XML_BYTES));
    if (!read.ok) {
      io.err(
        `error: ${file} could not be read as a YARN scheduler file:\n${yarnProblemLines(read.problems)
          .map((l) => `  ${l}`)
          .join('\n')}\n`,
      );
      return 1;
    }
    if (flags.json) {
      io.out(`${JSON.stringify({ card: read.card, notModelled: read.notModelled, readings: read.readings }, null, 2)}\n`);
      return 0;
    }
    io.out(`${JSON.stringify(read.card, null, 2)}\n`);
    for (const r of read.readings) io.err(`note: ${r}\n`);
    if (read.notModelled.length) {
      io.err(`${read.notModelled.length} setting${read.notModelled.length === 1 ? '' : 's'} of ${file} the card does not hold:\n`);
      for (const n of read.notModelled) io.err(`  ${n.where} = ${n.value === '' ? '(empty)' : n.value}: ${n.why}\n`);
    }
    return 0;
  }
  if (verb === 'export') {
    if (!file) throw new CliUsageError('yarn-config export needs the card (a JSON file of one scheduler card)');
    const format = flags.format;
    if (format !== 'capacity' && format !== 'fair') throw new CliUsageError('yarn-config export needs --format capacity or --format fair');
    let raw: unknown;
    try {
      raw = JSON.parse(readCliFile(file, 'scheduler card', MAX_JSON_BYTES));
    } catch (err) {
      if (err instanceof CliUsageError) throw err;
      throw new CliUsageError(`${file} is not JSON: ${(err as Error).message}`);
    }
    const card = SchedulerSpecSchema.safeParse(raw);
    if (!card.success) throw new CliUsageError(`${file} is not a scheduler card: ${problemsInWords(problemsOf(card.error))}`);
    try {
      writeDocument(writeYarnConfig(card.data, format), flags.out, io);
    } catch (err) {
      throw new CliUsageError((err as Error).message);
    }
    return 0;
  }
  throw new CliUsageError(verb ? `yarn-config has no "${verb}": use import or export` : 'yarn-config needs import or export');
}
