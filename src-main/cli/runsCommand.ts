import type { Services } from '../services';
import { call } from './apiCall';
import { CliUsageError, table, type CliIo } from './output';

export const runsHelp = `workload-studio runs list [--json] [--data-dir DIR]

  Every stored run (from the app's experiments and \`run --save\`): experiment, scheduler, seed,
  status, makespan, mean job time.
`;

/** "2026-11-30 22:29", as the names of saved experiments give the time; --json keeps the full timestamp. */
const minuteOf = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export async function runsCommand(services: Services, args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  if (args[0] !== 'list') throw new CliUsageError(args[0] ? `unknown runs command "${args[0]}"\n\n${runsHelp}` : runsHelp);
  const rows = await call(services, 'runs:list', {});
  if (flags.json) io.out(`${JSON.stringify(rows, null, 2)}\n`);
  else if (rows.length === 0) io.out('no saved runs yet (workload-studio run <experiment> --save)\n');
  else
    io.out(
      table(
        ['EXPERIMENT', 'SCHEDULER', 'SEED', 'STATUS', 'MAKESPAN S', 'MEAN JCT S', 'SAVED (UTC)', 'ID'],
        rows.map((r) => [
          r.experiment,
          r.scheduler,
          r.seed,
          r.status,
          r.makespan === null ? '—' : Math.round(r.makespan),
          r.meanJct === null ? '—' : Math.round(r.meanJct),
          minuteOf(r.createdAt),
          r.id,
        ]),
      ),
    );
  return 0;
}
