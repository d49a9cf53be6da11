import { whyNotText } from '@shared/results/whyNot';
import { planBatch, planNameOf, recordedBatch, resolveRun } from '../runner/matrix';
import { whyNot, WhyNotError } from '../runner/whyNotReplay';
import { CliUsageError, type CliIo } from './output';
import { resultFileOrSay } from './readResultFile';

export const whyHelp = `workload-studio why <result.json> --job ID --at T [--run LABEL] [--seed N] [--json]

  Why job ID got nothing on each node around T seconds of a run: the run is replayed from the
  experiment the result file carries, up to one heartbeat interval past T, and every node's
  heartbeats from T − interval to T + interval say what the job got there or why not (no free
  slot and who held it, its place in the scheduler's order, a locality wait and how long is left,
  its queue's capacity, its MR-cluster, its deadline allocation). The app's why-panel says the same.
  --run picks the run by its name in the file (default: the first; a swept run's name as files
  before 2026-11-30 wrote it, with the setting's key, works too), --seed the seed (default: the
  first); --json prints the structured reasons.
`;

export async function whyCommand(args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const file = args[0];
  if (!file) throw new CliUsageError(`why needs a result file\n\n${whyHelp}`);
  const job = typeof flags.job === 'string' ? flags.job : undefined;
  if (!job) throw new CliUsageError(`why needs --job ID\n\n${whyHelp}`);
  const at = typeof flags.at === 'string' ? Number(flags.at) : NaN;
  if (!Number.isFinite(at) || at < 0) throw new CliUsageError(`--at must be a time in simulated seconds, 0 or more (got "${String(flags.at ?? '')}")`);
  const result = resultFileOrSay(file, io);
  if (!result) return 1;
  const inputs = recordedBatch(result.inputs);
  if (!inputs) {
    io.err(
      `error: ${file} does not carry the experiment it ran (a comparison of several clusters or workloads), so it cannot be replayed: run the experiment file with --out and ask that result\n`,
    );
    return 1;
  }
  const plan = planBatch(inputs);
  // A swept run may be named as files written before sweeps' runs were named in words name it.
  const label = typeof flags.run === 'string' ? (planNameOf(inputs, plan)(flags.run) ?? flags.run) : plan.at(0)?.label;
  const seed = typeof flags.seed === 'string' ? Number(flags.seed) : plan.find((p) => p.label === label)?.seed;
  if (!plan.some((p) => p.label === label)) {
    io.err(`error: --run: ${file} has no run "${label ?? ''}" (it has ${[...new Set(plan.map((p) => `"${p.label}"`))].join(', ')})\n`);
    return 1;
  }
  const entry = plan.find((p) => p.label === label && p.seed === seed);
  if (!entry) {
    io.err(`error: --seed: ${file} has no seed ${String(flags.seed)} (its seeds are ${inputs.seeds.join(', ')})\n`);
    return 1;
  }
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
