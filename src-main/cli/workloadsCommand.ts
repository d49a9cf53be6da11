import { designsInWords, designsNaming } from '@shared/experiment/designUsers';
import type { DeadlineRule } from '@shared/workload/workload';
import {
  describeProblem,
  LARGE_GENERATED,
  TRACE_FORMAT_NAMES,
  TRACE_FORMATS,
  TRACE_REPLAYS,
  type ImportPreview,
  type TraceFormat,
  type TraceReplay,
} from '@shared/workload/imports';
import type { Services } from '../services';
import { call } from './apiCall';
import { findByIdOrName } from './lookup';
import { CliUsageError, table, type CliIo } from './output';
import { writeDocument } from './outPaths';
import { readDecimal } from '@shared/decimal';
import { unmeetableJobs, unmeetableJobsText } from '@shared/workload/deadlineReach';

export const workloadsHelp = `workload-studio workloads <list|import|export|delete|restore> [options]

  workloads list [--json]                       the saved workloads
  workloads import <FILE> [--format F] [--name NAME] [--skip-bad] [--allow-large]
                 [--replay bytes|times] [--deadline-factor F | --deadline-slack S]
                                                add a workload from a SWIM, SLS, SLS SYNTH, Rumen, or
                                                Workload Studio JSON or CSV file (format detected from the
                                                content unless --format swim|sls|rumen|synth|json|csv).
                                                Any rejected row stops the import (exit 1) unless
                                                --skip-bad; a clashing name becomes "NAME (2)".
                                                A SYNTH description that would make more than
                                                ${LARGE_GENERATED.jobs.toLocaleString('en-US')} jobs or ${LARGE_GENERATED.tasks.toLocaleString('en-US')} tasks says so and makes
                                                none unless --allow-large.
                                                A Rumen trace's tasks are priced from their bytes,
                                                or with --replay times each computes for its own
                                                traced time, as YARN SLS replays Rumen.
                                                Deadlines: F × each job's time alone on the cluster,
                                                or S seconds, after its submission (default: the
                                                file's own, if any)
  workloads export <id|name> [--format json|csv|sls] [--cluster C] [--seed N] [--out FILE]
                                                our JSON, the jobs as CSV (--csv is --format csv),
                                                or a trace for YARN's Scheduler Load Simulator:
                                                every map and reduce a container whose node and
                                                duration are those of its job run alone on cluster
                                                C (needed), the generator expanded with seed N
                                                (default 1); stdout without --out
  workloads delete <id|name>                    remove a saved workload
  workloads restore <id>                        put a deleted workload back under its id, as the
                                                newest run that used it copied it
`;

/** A count as the import's own message writes it (5,894). */
const count = (n: number) => n.toLocaleString('en-US');

/** Errors shown before "and K more". */
const SHOWN_PROBLEMS = 20;

export async function workloadsCommand(services: Services, args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const [verb, target] = args;
  switch (verb) {
    case 'list': {
      const list = await call(services, 'workloads:list', {});
      if (flags.json) io.out(`${JSON.stringify(list, null, 2)}\n`);
      else if (list.length === 0) io.out('no workloads yet\n');
      else
        io.out(
          table(
            ['NAME', 'JOBS', 'TASKS', 'GENERATED JOBS', 'ID'],
            list.map((w) => [w.name, count(w.jobs), count(w.tasks), count(w.generatedJobs), w.id]),
          ),
        );
      return 0;
    }
    case 'import': {
      if (!target) throw new CliUsageError('workloads import needs a file');
      const format = flags.format;
      if (format !== undefined && !TRACE_FORMATS.includes(format as TraceFormat))
        throw new CliUsageError(`--format must be one of ${TRACE_FORMATS.join(', ')}`);
      const replay = flags.replay;
      if (replay !== undefined && !TRACE_REPLAYS.includes(replay as TraceReplay))
        throw new CliUsageError(`--replay must be one of ${TRACE_REPLAYS.join(', ')}, not ${JSON.stringify(replay)}`);
      let opened;
      try {
        opened = services.imports.openPath(target);
      } catch (err) {
        throw new CliUsageError((err as Error).message);
      }
      const preview = await call(services, 'workloads:importPreview', {
        file: opened.file,
        ...(format ? { format: format as TraceFormat } : {}),
        ...(flags['allow-large'] ? { allowLarge: true } : {}),
        ...(replay ? { replay: replay as TraceReplay } : {}),
      });
      if (replay === 'times' && preview.format !== 'rumen') {
        services.imports.drop(opened.file);
        throw new CliUsageError(`--replay times is for Hadoop Rumen traces; ${target} reads as ${TRACE_FORMAT_NAMES[preview.format]}, which has one reading`);
      }
      if (preview.large) {
        services.imports.drop(opened.file);
        io.err(`${target}: ${preview.problems[0]?.message ?? 'a large generator description'}.\nnothing was imported (add --allow-large to make them)\n`);
        return 1;
      }
      if (preview.problemCount > 0) {
        const lines = preview.problems.slice(0, SHOWN_PROBLEMS).map((p) => `  ${describeProblem(p)}`);
        const more = preview.problemCount - lines.length;
        io.err(
          `${target}: ${preview.problemCount} problem${preview.problemCount > 1 ? 's' : ''} (${preview.format}):\n${lines.join('\n')}${more > 0 ? `\n  and ${more} more` : ''}\n`,
        );
        if (!flags['skip-bad']) {
          services.imports.drop(opened.file);
          io.err('nothing was imported (use --skip-bad to import the valid rows)\n');
          return 1;
        }
      }
      const deadlines = deadlineRuleOf(flags);
      const record = await call(services, 'workloads:importConfirm', {
        file: opened.file,
        skipProblems: Boolean(flags['skip-bad']),
        deadlines,
        ...(typeof flags.name === 'string' ? { name: flags.name } : {}),
      });
      const skipped = preview.problemCount > 0 ? `, ${preview.problemCount} rejected row${preview.problemCount > 1 ? 's' : ''} left out` : '';
      io.out(
        `imported ${preview.jobs.toLocaleString('en-US')} job${preview.jobs === 1 ? '' : 's'} (${taskWords(preview)}) from ${preview.format} as workload "${record.name}" (${record.id})${skipped}\n`,
      );
      // Allowed (a study may want misses), but said, as the app's import dialog says it.
      const unmeetable = unmeetableJobsText(unmeetableJobs(record.spec.jobs).length);
      if (unmeetable) io.err(`note: ${unmeetable}\n`);
      return 0;
    }
    case 'export': {
      if (!target) throw new CliUsageError('workloads export needs a workload id or name');
      const workload = findByIdOrName(await call(services, 'workloads:list', {}), target, 'workload');
      const format = flags.format ?? (flags.csv ? 'csv' : 'json');
      if (format !== 'json' && format !== 'csv' && format !== 'sls')
        throw new CliUsageError(`--format: must be one of json, csv, sls (found "${String(format)}")`);
      if (format === 'sls' && typeof flags.cluster !== 'string')
        throw new CliUsageError('--format sls needs --cluster: the cluster its jobs run on, whose nodes and speeds give each container its host and duration');
      const cluster = typeof flags.cluster === 'string' ? findByIdOrName(await call(services, 'clusters:list', {}), flags.cluster, 'cluster') : undefined;
      const seed = flags.seed === undefined ? 1 : typeof flags.seed === 'string' ? readDecimal(flags.seed) : NaN;
      if (!Number.isInteger(seed) || seed < 0) throw new CliUsageError(`--seed: "${String(flags.seed)}" must be a whole number ≥ 0`);
      const file = await call(services, 'workloads:export', { id: workload.id, as: format, seed, ...(cluster ? { cluster: cluster.id } : {}) });
      writeDocument(file.content, flags.out, io);
      return 0;
    }
    case 'delete': {
      if (!target) throw new CliUsageError('workloads delete needs a workload id or name');
      const workload = findByIdOrName(await call(services, 'workloads:list', {}), target, 'workload');
      const users = designsNaming(await call(services, 'experiments:list', {}), 'workloadIds', workload.id);
      await call(services, 'workloads:delete', { id: workload.id });
      io.out(`deleted workload "${workload.name}"\n`);
      // As the app's dialog says it: the designs that named it keep their history but need another workload.
      if (users.length) {
        const w = designsInWords(users);
        io.err(`note: ${w.subject} used it and will need another workload before ${w.runs} again\n`);
      }
      const copy = (await call(services, 'batches:keptCopies', { clusterIds: [], workloadIds: [workload.id] })).workloads.at(0);
      if (copy) io.err(`note: the run history keeps its copy from "${copy.batchName}": workloads restore ${workload.id} puts it back\n`);
      return 0;
    }
    case 'restore': {
      if (!target) throw new CliUsageError('workloads restore needs the id of a deleted workload');
      // Refused in words when it exists, or no run kept it; then the copy it came from is the newest.
      const record = await call(services, 'workloads:restore', { id: target });
      const copy = (await call(services, 'batches:keptCopies', { clusterIds: [], workloadIds: [target] })).workloads.at(0);
      io.out(`restored workload "${record.name}" (${record.id})${copy ? ` as "${copy.batchName}" ran it` : ''}\n`);
      return 0;
    }
    default:
      throw new CliUsageError(verb ? `unknown workloads command "${verb}"\n\n${workloadsHelp}` : workloadsHelp);
  }
}

/** --deadline-factor F (F × each job's time alone) or --deadline-slack S (S seconds after submission); else the file's own. */
function deadlineRuleOf(flags: Record<string, string | boolean | undefined>): DeadlineRule {
  const factor = flags['deadline-factor'];
  const slack = flags['deadline-slack'];
  if (factor !== undefined && slack !== undefined) throw new CliUsageError('give --deadline-factor or --deadline-slack, not both');
  const positive = (name: string, v: string | boolean) => {
    const x = typeof v === 'string' ? readDecimal(v) : NaN;
    if (typeof v !== 'string' || !Number.isFinite(x) || x <= 0) throw new CliUsageError(`--${name}: "${String(v)}" must be a number greater than 0`);
    return x;
  };
  if (factor !== undefined) return { kind: 'factor', factor: positive('deadline-factor', factor) };
  if (slack !== undefined) return { kind: 'slack', seconds: positive('deadline-slack', slack) };
  return { kind: 'keep' };
}

/** The tasks an import gave, and how many jobs have their maps made at run time. */
function taskWords(p: Pick<ImportPreview, 'tasks' | 'jobs' | 'mapsFromInput'>): string {
  const given = `${p.tasks.toLocaleString('en-US')} tasks`;
  if (p.mapsFromInput === 0) return given;
  const from = `from ${p.mapsFromInput === 1 ? 'its' : 'their'} input at the cluster's block size`;
  if (p.mapsFromInput === p.jobs && p.tasks === 0) return `their maps ${from}`;
  return `${given} given; the maps of ${p.mapsFromInput === 1 ? 'one job' : `${p.mapsFromInput.toLocaleString('en-US')} jobs`} ${from}`;
}
