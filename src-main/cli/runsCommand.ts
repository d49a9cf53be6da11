import type { StoredRunRow } from '@shared/experiment/design';
import { andList } from '@shared/plural';
import type { Services } from '../services';
import { call } from './apiCall';
import { CliUsageError, table, type CliIo } from './output';

export const runsHelp = `workload-studio runs list [--json] [--data-dir DIR]

  Every stored run (from the app's experiments and \`run --save\`): experiment, scheduler, seed,
  status, makespan, mean job time; under the table, why each failed run failed (--json: "error").
`;

/** "2026-11-30 22:29", as the names of saved experiments give the time; --json keeps the full timestamp. */
const minuteOf = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export async function runsCommand(services: Services, args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  if (args[0] !== 'list') throw new CliUsageError(args[0] ? `unknown runs command "${args[0]}"\n\n${runsHelp}` : runsHelp);
  const rows = await call(services, 'runs:list', {});
  if (flags.json) io.out(`${JSON.stringify(rows, null, 2)}\n`);
  else if (rows.length === 0) io.out('no saved runs yet (workload-studio run <experiment> --save)\n');
  else {
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
    io.out(failedRunsText(rows));
  }
  return 0;
}

/**
 * Why runs failed, under the table (whose rows have no room for a sentence): runs of one
 * experiment that failed for the same reason in one line, named when they are few.
 */
export function failedRunsText(rows: readonly StoredRunRow[]): string {
  const groups = new Map<string, { experiment: string; error: string; runs: string[] }>();
  for (const r of rows) {
    if (r.status !== 'failed') continue;
    const error = r.error ?? 'no reason was kept';
    const key = `${r.experiment}\n${error}`;
    const g = groups.get(key) ?? { experiment: r.experiment, error, runs: [] };
    g.runs.push(`${r.scheduler}, seed ${r.seed}`);
    groups.set(key, g);
  }
  if (!groups.size) return '';
  const lines = [...groups.values()].map((g) => `  ${g.experiment}: ${g.runs.length > 3 ? `${g.runs.length} runs` : andList(g.runs)} failed: ${g.error}`);
  return `\nWhy runs failed:\n${lines.join('\n')}\n`;
}
