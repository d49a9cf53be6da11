import { experimentFileValue } from '@shared/experiment/experimentFile';
import { ExperimentSchema, type Experiment, type ResultFile } from '@shared/experiment/experiment';
import type { BatchSink, PlannedBatch } from './runBatch';
import type { RunOutcome } from './runTask';
import type { ExperimentFileParts } from '@shared/experiment/experimentFile';

export interface ResultFileSink extends BatchSink {
  /** The result file of the runs that finished, in plan order (one cut short or never started is left out). */
  result(): ResultFile;
  /** Their outcomes, in the same order. */
  outcomes(): RunOutcome[];
  /** Each failed run, named by its place in the plan, its label and seed, with the reason. */
  readonly errors: string[];
}

/**
 * A batch's runs into a result file (docs/result.schema.json). Runs may end in any order; the file
 * lists them in plan order, so it is the same byte for byte whatever the number of threads or
 * workers. It carries the experiment it ran (`inputs`), so the file alone reruns it.
 */
export function resultFileSink(parts: ExperimentFileParts, { inputs, plan }: PlannedBatch): ResultFileSink {
  const ended: (RunOutcome | undefined)[] = [];
  const errors: string[] = [];
  const asRun: Experiment = ExperimentSchema.parse(experimentFileValue(parts));
  const kept = () =>
    plan.flatMap((p, i) => {
      const o = ended[i];
      return o && !o.cancelled ? [{ p, o }] : [];
    });
  return {
    errors,
    runEnded(i, outcome) {
      ended[i] = outcome;
    },
    runFailed(i, error) {
      errors.push(`run ${i + 1} (${plan[i].label}, seed ${plan[i].seed}): ${error.message}`);
    },
    batchEnded() {},
    outcomes: () => kept().map(({ o }) => o),
    result() {
      const runs: ResultFile['runs'] = kept().map(({ p, o }) => ({
        scheduler: p.label,
        kind: inputs.schedulers[p.scheduler].kind,
        seed: p.seed,
        summary: o.summary,
        ...(o.wallSeconds !== undefined
          ? { timing: { wallSeconds: o.wallSeconds, schedulerCalls: o.schedulerCalls, schedulerMsPerCall: o.schedulerMsPerCall ?? 0, work: o.work } }
          : {}),
        profiles: o.profiles,
        aria: o.aria,
        ...(o.mrClusters ? { mrClusters: o.mrClusters } : {}),
        jobs: o.jobs,
      }));
      return { format: 'workload-studio.result', version: 1, experiment: parts.name, inputs: asRun, runs };
    },
  };
}
