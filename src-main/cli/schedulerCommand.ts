import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliUsageError, type CliIo } from './output';
import { andList } from '@shared/plural';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { builtInDescriptions, KIND_PATTERN, KIND_RULE } from '@shared/schedulers';
import { ExperimentSchema } from '@shared/experiment/experiment';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { checkHints } from '../runner/hintCheck';
import { ExperimentFileError, loadExperiment, type LoadedExperiment } from '../runner/loadExperiment';
import { experimentInputs } from '../runner/runExperiment';
import { resolveRun } from '../runner/matrix';
import { planBatch } from '@shared/experiment/batchPlan';
import { loadSchedulerFile, PluginFileError } from '../runner/pluginFile';
import { loadExperimentPlugins } from '../runner/pluginRefs';
import { API_TYPES, API_TYPES_FILE, checkExperiment, policy, policyTest } from './schedulerTemplates';

export const schedulerHelp = `workload-studio scheduler new NAME [--out DIR]
workload-studio scheduler check FILE [EXPERIMENT]

  Writes NAME.scheduler.js, a scheduler of your own to start from (docs/plugins.md): a working,
  commented policy that hands out slots in the order jobs came (as FIFO does), and
  NAME.experiment.json, a small experiment that runs it beside Hadoop's FIFO and Fair on two
  seeds and names the file in its "plugins", NAME.scheduler.test.mjs, its test, and the types
  an editor checks the file against (workload-studio-scheduler.d.ts). Try it with

    workload-studio run NAME.experiment.json
    node --test NAME.scheduler.test.mjs

  NAME: 2-40 lower-case letters, digits or dashes, starting with a letter (the scheduler's kind).
  Existing files are never overwritten.

  check  runs the scheduler in FILE on EXPERIMENT's runs of its kind (default: the small check
         \`scheduler new\` writes) twice, as the studio runs it and with every heartbeat
         simulated, and says whether its engine hints (nodePlacesNothing, wantsIdleBeats …)
         changed anything; they may only spare heartbeats that place nothing (docs/plugins.md).
`;

export async function schedulerCommand(rest: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const [verb, name, ...extra] = rest;
  if (verb === 'check') return checkCommand(rest.slice(1), io);
  if (verb !== 'new')
    throw new CliUsageError(verb ? `scheduler has no "${verb}": use scheduler new NAME or scheduler check FILE` : 'scheduler needs new NAME or check FILE');
  if (!name) throw new CliUsageError('scheduler new needs the NAME of the scheduler');
  if (extra.length) throw new CliUsageError(`scheduler new takes one NAME, not ${rest.length - 1}`);
  if (!KIND_PATTERN.test(name)) throw new CliUsageError(`"${name}" cannot be a scheduler's name: use ${KIND_RULE}`);
  // A file of a built-in's kind would be refused when loaded: say so before writing it.
  const builtIn = builtInDescriptions().find((d) => d.kind === name);
  if (builtIn) throw new CliUsageError(`"${name}" is the kind of a built-in scheduler (${builtIn.title}): pick another name`);
  const dir = typeof flags.out === 'string' ? flags.out : process.cwd();
  const files = [
    [path.join(dir, `${name}.scheduler.js`), policy(name)],
    [path.join(dir, `${name}.experiment.json`), `${JSON.stringify(checkExperiment(name), null, 2)}\n`],
    [path.join(dir, `${name}.scheduler.test.mjs`), policyTest(name)],
  ] as const;
  const taken = files.filter(([f]) => fs.existsSync(f)).map(([f]) => f);
  if (taken.length) throw new CliUsageError(`${andList(taken)} already exist${taken.length === 1 ? 's' : ''}: nothing was written`);
  for (const [f, text] of files) {
    fs.writeFileSync(f, text, { flag: 'wx' });
    io.err(`wrote ${f}\n`);
  }
  // One copy of the types serves every scheduler file in the folder: an existing one is kept.
  const types = path.join(dir, API_TYPES);
  if (!fs.existsSync(types)) {
    fs.copyFileSync(API_TYPES_FILE, types);
    io.err(`wrote ${types} (the types an editor shows for ${name}.scheduler.js)\n`);
  }
  io.out(`workload-studio run ${files[1][0]}\n`);
  return 0;
}

/** `scheduler check FILE [EXPERIMENT]`: the file's engine hints against every heartbeat simulated (runner/hintCheck.ts). */
async function checkCommand(args: string[], io: CliIo): Promise<number> {
  const [file, experimentFile, ...extra] = args as [string | undefined, string | undefined, ...string[]];
  if (!file) throw new CliUsageError('scheduler check needs the scheduler FILE');
  if (extra.length) throw new CliUsageError('scheduler check takes a FILE and at most one EXPERIMENT');
  let kind: string;
  try {
    kind = (await loadSchedulerFile(file)).kind;
  } catch (err) {
    if (err instanceof PluginFileError) throw new CliUsageError(err.message);
    throw err;
  }
  let loaded: LoadedExperiment;
  try {
    if (experimentFile) {
      await loadExperimentPlugins(experimentFile, []);
      loaded = loadExperiment(experimentFile);
    } else {
      const e = ExperimentSchema.parse({ ...checkExperiment(kind), schedulers: [{ kind }], plugins: undefined });
      loaded = { experiment: e, cluster: ClusterSpecSchema.parse(e.cluster), workload: WorkloadSpecSchema.parse(e.workload) };
    }
  } catch (err) {
    if (err instanceof ExperimentFileError || err instanceof PluginFileError) throw new CliUsageError(err.message);
    throw err;
  }
  const inputs = experimentInputs(loaded);
  const runs = planBatch(inputs)
    .filter((p) => inputs.schedulers[p.scheduler].kind === kind)
    .map((p) => resolveRun(inputs, p));
  if (runs.length === 0) throw new CliUsageError(`${experimentFile ?? 'the check'} has no run of "${kind}"`);
  const found = checkHints(runs);
  if (found.differs) {
    io.out(`the engine hints of ${file} change its results: ${found.differs}. A hint may only spare a heartbeat that places nothing.\n`);
    return 1;
  }
  const everyRun = found.runs === 1 ? 'its run' : found.runs === 2 ? 'both runs' : `all ${found.runs} runs`;
  io.out(`${file}: the same schedule in ${everyRun} with every heartbeat simulated: its hints change nothing.\n`);
  return 0;
}
