import * as path from 'node:path';
import type { PluginRef } from '@shared/experiment/experiment';
import { matchName } from '@shared/matchName';
import { whyNotText } from '@shared/results/whyNot';
import { findDescription } from '@shared/schedulers';
import { loadedPlugins, loadSchedulerFile, PluginFileError } from '../runner/pluginFile';
import { loadExperimentPlugins } from '../runner/pluginRefs';
import { resolveRun } from '../runner/matrix';
import { planNameOf } from '@shared/experiment/runNames';
import { planBatch, recordedBatch } from '@shared/experiment/batchPlan';
import { whyNot, WhyNotError } from '../runner/whyNotReplay';
import { CliUsageError, type CliIo } from './output';
import { resultFileOrSay } from './readResultFile';
import { readDecimal } from '@shared/decimal';

export const whyHelp = `workload-studio why <result.json> --job ID --at T [--run LABEL] [--seed N] [--scheduler FILE]… [--json]

  Why job ID got nothing on each node around T seconds of a run: the run is replayed from the
  experiment the result file carries, up to one heartbeat interval past T, and every node's
  heartbeats from T − interval to T + interval say what the job got there or why not (no free
  slot and who held it, its place in the scheduler's order, a locality wait and how long is left,
  its queue's capacity, its MR-cluster, its deadline allocation). Below them, what the scheduler
  weighed at the heartbeat nearest T, candidate by candidate (every heartbeat's in --json). The
  app's why-panel says the same and shows the same table first.
  --run picks the run by its name in the file, in any capitals (default: the first; a swept
  run's name as files before 2026-11-30 wrote it, with the setting's key, works too), --seed the
  seed (default: the first); --json prints the structured reasons. A run of a scheduler file of
  your own replays with that file: the one the result lists (beside the result, with the hash it
  ran with), or --scheduler FILE.
`;

export async function whyCommand(
  args: string[],
  flags: Record<string, string | boolean | undefined>,
  io: CliIo,
  pluginFiles: readonly string[] = [],
): Promise<number> {
  const file = args[0];
  if (!file) throw new CliUsageError(`why needs a result file\n\n${whyHelp}`);
  const job = typeof flags.job === 'string' ? flags.job : undefined;
  if (!job) throw new CliUsageError(`why needs --job ID\n\n${whyHelp}`);
  const at = typeof flags.at === 'string' ? readDecimal(flags.at) : NaN;
  if (!Number.isFinite(at) || at < 0) throw new CliUsageError(`--at must be a time in simulated seconds, 0 or more (got "${String(flags.at ?? '')}")`);
  const result = resultFileOrSay(file, io);
  if (!result) return 1;
  // A replay runs the scheduler again: a file of the user's is loaded, those given or else those
  // the result lists. One that cannot be loaded matters only to a run of it.
  const unloaded = await loadPlugins(file, pluginFiles, result.inputs?.plugins ?? []);
  const inputs = recordedBatch(result.inputs);
  if (!inputs) {
    io.err(
      `error: ${file} does not carry the experiment it ran (a comparison of several clusters or workloads), so it cannot be replayed: run the experiment file with --out and ask that result\n`,
    );
    return 1;
  }
  const plan = planBatch(inputs);
  // A swept run may be named as files written before sweeps' runs were named in words name it.
  const named = planNameOf(inputs, plan);
  const label =
    typeof flags.run === 'string' ? (named(flags.run) ?? matchName([...new Set(plan.map((p) => p.label))], flags.run) ?? flags.run) : plan.at(0)?.label;
  const seed = typeof flags.seed === 'string' ? readDecimal(flags.seed) : plan.find((p) => p.label === label)?.seed;
  if (!plan.some((p) => p.label === label)) {
    // A run of a scheduler file this process could not load is named here by its kind, not as the file names it.
    if (unloaded && inputs.schedulers.some((s) => findDescription(s.kind) === undefined))
      throw new CliUsageError(`${unloaded}: the run "${label ?? ''}" replays with it; give the file with --scheduler FILE`);
    io.err(`error: --run: ${file} has no run "${label ?? ''}" (it has ${[...new Set(plan.map((p) => `"${p.label}"`))].join(', ')})\n`);
    return 1;
  }
  const entry = plan.find((p) => p.label === label && p.seed === seed);
  if (!entry) {
    io.err(`error: --seed: ${file} has no seed ${String(flags.seed)} (its seeds are ${inputs.seeds.join(', ')})\n`);
    return 1;
  }
  const kind = inputs.schedulers[entry.scheduler].kind;
  // A listed file refused (changed since the run, say) may still have been loaded: its runs do not replay.
  const known = findDescription(kind) !== undefined;
  if (!known || (unloaded && loadedPlugins().some((p) => p.kind === kind)))
    throw new CliUsageError(
      unloaded
        ? `${unloaded}: the run "${entry.label}" replays with it; give the file with --scheduler FILE`
        : `the run "${entry.label}" is of the scheduler "${kind}", a file of your own that ${file} does not list: give it with --scheduler FILE`,
    );
  try {
    const answer = whyNot(resolveRun(inputs, entry), entry.label, job, at);
    io.out(flags.json ? `${JSON.stringify(answer, null, 2)}\n` : whyNotText(answer));
    return 0;
  } catch (err) {
    if (err instanceof WhyNotError) {
      io.err(`error: --${err.field}: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

/**
 * The scheduler files given, or else those the result lists; why one could not be loaded, if one
 * could not. A file given under the name of one the result lists must be the bytes it ran with:
 * a replay with other code would explain another run.
 */
async function loadPlugins(resultFile: string, given: readonly string[], listed: readonly PluginRef[]): Promise<string | undefined> {
  try {
    for (const f of given) {
      const p = await loadSchedulerFile(f);
      const ran = listed.find((r) => path.basename(r.file) === path.basename(f) && r.sha256);
      if (ran?.sha256 && ran.sha256 !== p.sha256)
        throw new CliUsageError(
          `${f} is not the file ${resultFile} ran with: its SHA-256 was ${ran.sha256.slice(0, 12)}…, it is ${p.sha256.slice(0, 12)}… now; a replay with it would explain another run`,
        );
    }
    if (!given.length) await loadExperimentPlugins(resultFile, []);
    return undefined;
  } catch (err) {
    if (err instanceof PluginFileError) return err.message;
    throw err;
  }
}
