import { parseArgs } from 'node:util';
import { pdfBytes } from '../reports/pdfFromHtml';
import { STUDIO_VERSION } from '@shared/api/version';
import { startServices, type Services } from '../services';
import { defaultDataDir } from '../store/paths';
import { StoreError } from '../store/errors';
import { CliApiError } from './apiCall';
import { clustersCommand, clustersHelp } from './clustersCommand';
import { CLI_OPTIONS, flagMistake, joinNegativeValues, misplacedFlag } from './commandFlags';
import { CliUsageError, processIo, type CliIo } from './output';
import { runCommand, runHelp } from './runCommand';
import { runsCommand, runsHelp } from './runsCommand';
import { planCommand, planHelp } from './planCommand';
import { profileCommand, profileHelp } from './profileCommand';
import { serveCommand, serveHelp, servePort } from './serveCommand';
import { workloadsCommand, workloadsHelp } from './workloadsCommand';
import { interferenceCommand, interferenceHelp } from './interferenceCommand';
import { localityCommand, localityHelp } from './localityCommand';
import { whyCommand, whyHelp } from './whyCommand';
import { reportCommand, reportHelp } from './reportCommand';
import { speedupCommand, speedupHelp } from './speedupCommand';
import { queueOf, workerCommand, workerHelp } from './workerCommand';
import { yarnConfigCommand, yarnConfigHelp } from './yarnConfigCommand';
import { schedulerCommand, schedulerHelp } from './schedulerCommand';
import { loadPluginFiles } from './pluginFlags';
import { fsErrorWords } from './outPaths';
import { FolderError } from '../files/makeFolders';
import { RemotePool } from '../runner/remote/remotePool';
import { redactRedisUrls } from '@shared/api/redisUrl';
import { ServiceError } from '../services/serviceError';

export const mainHelp = `Workload Studio — design a cluster, describe a workload, watch schedulers compete.

Usage: workload-studio <command> [options]

Commands:
  clusters list|export|import   manage saved clusters (workload-studio clusters --help)
  workloads list|import|export|delete|restore
                                manage saved workloads; import SWIM/SLS/Rumen traces (workloads --help)
  run <experiment.json>         simulate every scheduler × seed of an experiment, or rerun a result's (run --help)
  runs list                     runs saved with run --save
  profile <result.json>         job profiles (phase-level, CPU requirement, ARIA) from a run result or a Rumen trace
  plan --profile P ...          ARIA: completion-time bounds, slots for a deadline, scaling, failures (plan --help)
  speedup <result.json> --of S  how much faster scheduler S's jobs are than the others', job by job
  locality <result.json>        where each group of jobs read its input, scheduler by scheduler
  why <result.json> --job ID --at T
                                why a job got nothing on each node around a moment (why --help)
  report <result.json>          a report to hand on: --format html|pdf|csv|json|zip --out DIR
  interference                  ILA's interference model against linear and quadratic ones (Table 5)
  yarn-config import|export     a cluster's capacity-scheduler.xml or fair-scheduler.xml as a scheduler card, and back
  scheduler new NAME            write NAME.scheduler.js, a scheduler of your own to start from (run --scheduler FILE loads it)
  scheduler check FILE          whether a scheduler file's engine hints change its results
  serve                         the studio in a browser over loopback HTTP (workload-studio serve --help)
  worker --queue redis://…      take runs from a studio's queue and simulate them here (worker --help)

Options:
  --data-dir DIR   the studio's data folder (default: the desktop app's, ${defaultDataDir()})
  --help           this text
  --version        the studio's version
`;

/** Each command's own usage, printed with --help and with a mistake in its flags. */
const COMMAND_HELP: Record<string, string> = {
  clusters: clustersHelp,
  workloads: workloadsHelp,
  interference: interferenceHelp,
  speedup: speedupHelp,
  locality: localityHelp,
  why: whyHelp,
  report: reportHelp,
  serve: serveHelp,
  worker: workerHelp,
  run: runHelp,
  runs: runsHelp,
  profile: profileHelp,
  plan: planHelp,
  'yarn-config': yarnConfigHelp,
  scheduler: schedulerHelp,
};

/** Run one CLI invocation; returns the exit code. Never calls process.exit, so tests run it in-process. */
export async function runCli(argv: string[], given: CliIo = processIo): Promise<number> {
  // A Redis address may carry a password, in a flag or in an error about it: never printed.
  const io: CliIo = { out: given.out, err: (text) => given.err(redactRedisUrls(text)) };
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv),
      allowPositionals: true,
      strict: true,
      options: CLI_OPTIONS,
    });
  } catch (err) {
    // A mistake in a command's flags is answered with that command's usage, not the list of commands.
    const usage = Object.hasOwn(COMMAND_HELP, argv[0] ?? '') ? COMMAND_HELP[argv[0]] : mainHelp;
    io.err(`error: ${flagMistake(err, argv)}\n\n${usage}`);
    return 2;
  }
  // --scale-from and --scheduler repeat; the rest are single values.
  const { 'scale-from': scaleFrom, scheduler: pluginFiles, ...flags } = parsed.values;
  const { positionals } = parsed;
  const [command, ...rest] = positionals;

  if (flags.version) {
    io.out(`${STUDIO_VERSION}\n`);
    return 0;
  }
  if (!command || (flags.help && !command)) {
    io.out(mainHelp);
    return command || flags.help ? 0 : 2;
  }
  // Own keys only: a word like `constructor` names no command.
  if (!Object.hasOwn(COMMAND_HELP, command)) {
    io.err(`error: unknown command "${command}"\n\n${mainHelp}`);
    return 2;
  }
  if (flags.help) {
    io.out(COMMAND_HELP[command]);
    return 0;
  }
  const misplaced = misplacedFlag(command, rest[0], Object.keys(parsed.values));
  if (misplaced) {
    io.err(`error: ${misplaced}\n\n${COMMAND_HELP[command]}`);
    return 2;
  }

  // Commands on files alone need no data folder.
  const fileCommands: Record<string, () => Promise<number>> = {
    profile: () => profileCommand(rest, flags, io),
    plan: () => planCommand(rest, flags, io, scaleFrom ?? []),
    speedup: () => speedupCommand(rest, flags, io),
    locality: () => localityCommand(rest, flags, io),
    why: () => whyCommand(rest, flags, io, pluginFiles ?? []),
    report: () => reportCommand(rest, flags, io, STUDIO_VERSION),
    interference: () => interferenceCommand(flags, io),
    worker: () => workerCommand(flags, io),
    'yarn-config': () => Promise.resolve(yarnConfigCommand(rest, flags, io)),
    scheduler: () => schedulerCommand(rest, flags, io),
  };
  if (Object.hasOwn(fileCommands, command)) {
    try {
      return await fileCommands[command]();
    } catch (err) {
      if (err instanceof CliUsageError) {
        io.err(`error: ${err.message}\n`);
        return 2;
      }
      const words = fsErrorWords(err);
      if (words) {
        io.err(`error: ${words}\n`);
        return 1;
      }
      throw err;
    }
  }
  if (command === 'run') {
    if ((flags.attempts || flags['data-dir']) && !flags.save) {
      io.err('error: --attempts and --data-dir go with --save\n');
      return 2;
    }
    try {
      return await runCommand(rest, flags, io, () => startServices({ dataDir: flags['data-dir'] ?? defaultDataDir() }), pluginFiles ?? []);
    } catch (err) {
      if (err instanceof CliUsageError) {
        io.err(`error: ${err.message}\n`);
        return 2;
      }
      // The data folder of --save refused (busy, taken over, newer): said in words, as every writer says it.
      if (err instanceof StoreError || err instanceof ServiceError || err instanceof FolderError) {
        io.err(`error: ${err.message}\n`);
        return 1;
      }
      io.err(`error: ${fsErrorWords(err) ?? (err as Error).stack ?? String(err)}\n`);
      return 1;
    }
  }

  let services: Services | undefined;
  try {
    const queue = command === 'serve' ? queueOf(flags.queue) : undefined;
    if (command === 'serve') servePort(flags);
    if (pluginFiles?.length) await loadPluginFiles(pluginFiles, io);
    services = await startServices({
      dataDir: flags['data-dir'] ?? defaultDataDir(),
      printPdf: (html) => pdfBytes(html),
      ...(queue ? { makePool: () => new RemotePool(queue) } : {}),
    });
    if (queue) io.err(`runs go to the workers of ${queue.display}\n`);
    const status = services.store.status();
    if (status.setAside) {
      io.err(`warning: ${status.setAside.path} could not be used (${status.setAside.reason}); it was set aside and an empty database started.\n`);
    }
    if (command === 'clusters') return await clustersCommand(services, rest, flags, io);
    if (command === 'workloads') return await workloadsCommand(services, rest, flags, io);
    if (command === 'runs') return await runsCommand(services, rest, flags, io);
    return await serveCommand(services, flags, io);
  } catch (err) {
    if (err instanceof CliUsageError) {
      io.err(`error: ${err.message}\n`);
      return 2;
    }
    if (err instanceof CliApiError || err instanceof StoreError || err instanceof FolderError) {
      io.err(`error: ${err.message}\n`);
      return 1;
    }
    io.err(`error: ${fsErrorWords(err) ?? (err as Error).stack ?? String(err)}\n`);
    return 1;
  } finally {
    await services?.close();
  }
}
