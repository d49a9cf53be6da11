import { QueueUrlError, queueTarget } from '../runner/remote/connection';
import { CliUsageError, type CliIo } from './output';
import { readDecimal } from '@shared/decimal';

export const workerHelp = `workload-studio worker --queue redis://HOST:PORT[/DB][?queue=NAME] [--concurrency N] [--stall-timeout S] [--allow-plugins]

  Takes runs from a studio's queue in Redis and simulates them here: start any number, on any
  machines, and point \`run --queue\`, \`serve --queue\` or the app at the same queue. Only a run's
  inputs and its result travel; the worker keeps no data folder. The password goes in the URL or
  in REDIS_PASSWORD; rediss:// uses TLS.
  --concurrency N     runs at once, each in a thread (default 1)
  --stall-timeout S   seconds without a sign of life after which this worker's run goes to
                      another worker (default 30)
  --allow-plugins     also run the schedulers of the user's own that a studio sends with its runs
                      (docs/plugins.md): their code runs with this worker's rights. Without it
                      such a run is refused, saying so.
  Stops on Ctrl+C or SIGTERM after its running runs are handed back.
`;

export const queueOf = (flag: string | boolean | undefined) => {
  if (typeof flag !== 'string') return undefined;
  try {
    return queueTarget(flag);
  } catch (err) {
    if (err instanceof QueueUrlError) throw new CliUsageError(`--queue: ${err.message}`);
    throw err;
  }
};

function positiveInt(flag: string | boolean | undefined, name: string, fallback: number): number {
  if (flag === undefined) return fallback;
  const n = typeof flag === 'string' ? readDecimal(flag) : NaN;
  if (!Number.isInteger(n) || n < 1) throw new CliUsageError(`--${name}: "${String(flag)}" must be a whole number of at least 1`);
  return n;
}

export async function workerCommand(flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const target = queueOf(flags.queue);
  if (!target) throw new CliUsageError(`worker needs --queue redis://HOST:PORT\n\n${workerHelp}`);
  // Loaded here, not with the CLI: BullMQ is a third of its start-up, and only a worker needs it.
  const { startQueueWorker } = await import('../runner/remote/queueWorker');
  const worker = await startQueueWorker({
    target,
    concurrency: positiveInt(flags.concurrency, 'concurrency', 1),
    stallTimeoutS: positiveInt(flags['stall-timeout'], 'stall-timeout', 30),
    log: (line) => io.err(`${new Date().toISOString().slice(11, 19)} ${line}\n`),
    allowPlugins: flags['allow-plugins'] === true,
  });
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  io.err('stopping: handing back the runs in hand\n');
  await worker.close();
  return 0;
}
