import { configurationLabel, jobSetOf, type BatchDetail, type BatchInputs, type BatchSummary, type RunPlan } from '@shared/experiment/design';
import { fieldLabel, problemsInWords } from '@shared/api/fieldLabels';
import { EXPERIMENT_NAME_MAX, ExperimentSchema, RecordedExperimentSchema, type ResultFile } from '@shared/experiment/experiment';
import { experimentFileText } from '@shared/experiment/experimentFile';
import type { PluginRef } from '@shared/experiment/experiment';
import { recordedSource } from '../runner/pluginRefs';
import { FROM_FILE_TAG, readResultText, resultFileText, type ExportedFile, type ReportFormat } from '@shared/results/resultFile';
import { STUDIO_VERSION } from '@shared/api/version';
import { planBatch, recordedBatch } from '@shared/experiment/batchPlan';
import { reportFiles, type PdfPrinter } from '../reports/reportFiles';
import { resultReport, type ReportRun } from '../reports/resultReport';
import { presetOfTags } from '../reports/paperClaims';
import type { Store } from '../store/database';
import { batchesRepo } from '../store/batchesRepo';
import type { StoredRunResult } from '../store/storedRun';
import type { EventBus } from './eventBus';
import type { Handlers } from './handlerTypes';
import { experimentFiles, fileNameOf } from './experimentFiles';
import { historyComparison } from './historyComparison';
import { runData } from './runDataOfBatch';
import { ServiceError } from './serviceError';
import { fileProgress, type FileProgress } from './fileProgress';

/** A report's Gantt charts stay readable and its file small: thinned as the app thins, to this many bars. */
const REPORT_GANTT_BARS = 4_000;
/** What the last step of each export says it is doing. */
const WRITING: Record<ReportFormat, string> = {
  html: 'Writing the HTML report',
  pdf: 'Printing the PDF',
  csv: 'Writing the tables as CSV',
  json: 'Writing the report data',
  zip: 'Writing the report, printing the PDF and packing the zip',
};
export { FROM_FILE_TAG };

/** A scheduler file a batch ran, with its text as it ran: the file loaded now must have the bytes the batch recorded. */
function withText(ref: PluginRef): PluginRef {
  try {
    return { ...ref, source: recordedSource(ref) };
  } catch (err) {
    throw new ServiceError('invalid_request', (err as Error).message, 'withSchedulerText');
  }
}

/**
 * The run history's results leaving the studio and coming back: a batch as a result file (what
 * `run --out` writes) and as a report in any format, and a result file opened as a batch of the
 * history, so a colleague's result is compared in the app without running anything again.
 */
export function resultFiles(store: Store, events: EventBus, printPdf?: PdfPrinter) {
  const batches = batchesRepo(store);

  /**
   * The batch as a result file: its finished runs in plan order, and the experiment they ran when
   * it is one cluster × one workload. `onRun` is told before each run is read (a long export's progress).
   */
  async function resultOf(batch: BatchDetail, onRun?: (k: number, of: number) => Promise<void>, withSchedulerText = false): Promise<ResultFile> {
    const { id } = batch;
    const finished = batch.results.filter((r) => r.status === 'finished');
    if (!finished.length) throw new ServiceError('invalid_request', 'no run of this batch finished: there is no result to export', 'id');
    const { inputs } = batch;
    // A comparison across history ran no one experiment, even when its sources share cluster and workload.
    const single = inputs.clusters.length === 1 && inputs.workloads.length === 1 && !inputs.sources;
    // Read as recorded: a batch that ran before a rule was added still exports.
    const asRun = single
      ? RecordedExperimentSchema.parse(
          JSON.parse(
            experimentFileText({
              // An experiment's name has at most 120 characters; a batch's (its design's, a reduced
              // preset's "— reduced (…) — date") may be longer.
              name: batch.name.length > EXPERIMENT_NAME_MAX ? `${batch.name.slice(0, EXPERIMENT_NAME_MAX - 1)}…` : batch.name,
              description: '',
              cluster: inputs.clusters[0].spec,
              workload: inputs.workloads[0].spec,
              schedulers: inputs.clusters[0].schedulers ?? inputs.schedulers,
              seeds: inputs.seeds,
              simulation: inputs.simulation,
              ...(inputs.sweep ? { sweep: inputs.sweep } : {}),
              ...(inputs.plugins?.length ? { plugins: withSchedulerText ? inputs.plugins.map(withText) : inputs.plugins } : {}),
            }),
          ),
        )
      : undefined;
    // Runs of more than one workload say which jobs each ran, so a report pairs only the same jobs.
    const sayJobs = inputs.sources !== undefined || inputs.workloads.length > 1;
    const runs: ResultFile['runs'] = [];
    for (const [k, r] of finished.entries()) {
      await onRun?.(k, finished.length);
      const stored = batches.storedResult(id, r.index);
      runs.push({
        scheduler: configurationLabel(inputs, r),
        kind: stored.kind ?? inputs.schedulers.at(r.scheduler)?.kind ?? 'unknown',
        seed: r.seed,
        summary: stored.summary,
        profiles: stored.profiles ?? {},
        ...(stored.aria ? { aria: stored.aria } : {}),
        ...(stored.mrClusters ? { mrClusters: stored.mrClusters } : {}),
        ...(sayJobs ? { jobSet: jobSetOf(r) } : {}),
        jobs: stored.jobs,
      });
    }
    return { format: 'workload-studio.result', version: 1, experiment: batch.name, ...(asRun ? { inputs: asRun } : {}), runs };
  }

  /** The first seed of each configuration with its series and (thinned) attempts; none for a batch opened from a file. */
  async function reportRuns(batch: BatchDetail, onRun: (label: string) => Promise<void>): Promise<ReportRun[]> {
    const seen = new Set<string>();
    const out: ReportRun[] = [];
    for (const r of batch.results) {
      const label = configurationLabel(batch.inputs, r);
      if (r.status !== 'finished' || seen.has(label)) continue;
      seen.add(label);
      await onRun(label);
      const data = runData(batches, batch.id, r.index, { gantt: true, maxBars: REPORT_GANTT_BARS, batch });
      if (data.series.t.length)
        out.push({ scheduler: label, seed: r.seed, series: data.series, gantt: data.gantt, nodes: data.nodes, decisions: data.decisions });
    }
    return out;
  }

  /** The report of a batch in one format, each step said to the windows. */
  async function reportOf(batch: BatchDetail, format: ReportFormat, baseline: string | undefined, progress: FileProgress): Promise<{ files: ExportedFile[] }> {
    const result = await resultOf(batch, (k, of) => progress.step(`Reading run ${k + 1} of ${of}`));
    let report;
    try {
      report = resultReport(result, baseline, presetOfTags(batch.tags));
    } catch (err) {
      throw new ServiceError('invalid_request', (err as Error).message, 'baseline');
    }
    const runs = await reportRuns(batch, (label) => progress.step(`Drawing the charts of ${label}`));
    if (runs.length) report.runs = runs;
    await progress.step(WRITING[format]);
    const meta = {
      source: `${fileNameOf(result.experiment)}.result.json`,
      studioVersion: STUDIO_VERSION,
      generatedAt: `${store.now().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    };
    let files;
    try {
      files = await reportFiles(report, format, { meta, base: fileNameOf(result.experiment), result, ...(printPdf ? { printPdf } : {}) });
    } catch (err) {
      throw new ServiceError('unsupported', (err as Error).message, 'format');
    }
    return {
      files: files.map((f) =>
        typeof f.content === 'string'
          ? { name: f.name, type: f.type, content: f.content, encoding: 'utf8' as const }
          : { name: f.name, type: f.type, content: Buffer.from(f.content).toString('base64'), encoding: 'base64' as const },
      ),
    };
  }

  return {
    async exportResult(id: string, withSchedulerText = false): Promise<{ fileName: string; content: string }> {
      const batch = batches.get(id);
      const progress = fileProgress(events, id, batch.finished + 1);
      try {
        const result = await resultOf(batch, (k, of) => progress.step(`Reading run ${k + 1} of ${of}`), withSchedulerText);
        await progress.step('Writing the result file');
        return { fileName: `${fileNameOf(result.experiment)}.result.json`, content: resultFileText(result) };
      } finally {
        progress.end();
      }
    },

    async report(id: string, format: ReportFormat, baseline?: string): Promise<{ files: ExportedFile[] }> {
      // Read once: a batch's inputs may hold a whole trace.
      const batch = batches.get(id);
      const configurations = new Set(batch.results.filter((r) => r.status === 'finished').map((r) => configurationLabel(batch.inputs, r))).size;
      const progress = fileProgress(events, id, batch.finished + configurations + 1);
      try {
        return await reportOf(batch, format, baseline, progress);
      } finally {
        progress.end();
      }
    },

    /** A result file as a new batch of the history (a free name; nothing saved is touched). */
    async open(text: string, fileName: string): Promise<BatchSummary> {
      // The runs are counted once the file is read; until then, reading and checking are two steps of an unknown few.
      const progress = fileProgress(events, fileName, 3);
      try {
        await progress.step(`Reading ${fileName}`);
        // The caller names the file in front of the problems ("Could not open r.json: line 12, …"), so they
        // do not name it again; a file that is not JSON is said as the JSON reader says it (its line and column).
        const read = readResultText(text, 'it');
        if (!read.ok) {
          const [first] = read.problems;
          throw new ServiceError('invalid_request', read.problems.length === 1 && first.field === '' ? first.message : problemsInWords(read.problems), 'text');
        }
        const { inputs, plan, results } = asBatch(read.result);
        progress.setTotal(results.size + 2);
        await progress.step('Checking its runs');
        const summary = await batches.addEnded(read.result.experiment, inputs, plan, results, [FROM_FILE_TAG], (k, of) =>
          progress.step(`Storing run ${k + 1} of ${of}`),
        );
        events.emit('store:changed', { domain: 'batches', ids: [summary.id] });
        return summary;
      } finally {
        progress.end();
      }
    },
  };
}

/**
 * A result file's runs placed in a batch. With its experiment, the plan is the experiment's own and
 * each run finds its place by scheduler and seed (a result that left some out has those cancelled);
 * without it, each scheduler label becomes a configuration of its own.
 */
function asBatch(result: ResultFile): { inputs: BatchInputs; plan: RunPlan[]; results: Map<number, StoredRunResult> } {
  const stored = (r: ResultFile['runs'][number]): StoredRunResult => ({
    summary: r.summary,
    jobs: r.jobs,
    profiles: r.profiles,
    ...(r.aria ? { aria: r.aria } : {}),
    ...(r.mrClusters ? { mrClusters: r.mrClusters } : {}),
    kind: r.kind,
  });
  const recorded = recordedBatch(result.inputs);
  if (recorded) {
    const plan = planBatch(recorded);
    // readResultText has named the runs as this build names them (a file of an earlier build named some otherwise).
    const results = new Map<number, StoredRunResult>();
    result.runs.forEach((r, i) => {
      const p = plan.find((x) => x.label === r.scheduler && x.seed === r.seed);
      if (!p)
        throw new ServiceError(
          'invalid_request',
          `${fieldLabel(`runs.${i}`)}: "${r.scheduler}" with seed ${r.seed} is not a run of the file's own experiment (inputs); the file was changed after it was written`,
          'text',
        );
      if (results.has(p.index))
        throw new ServiceError('invalid_request', `${fieldLabel(`runs.${i}`)}: "${r.scheduler}" with seed ${r.seed} appears twice`, 'text');
      results.set(p.index, stored(r));
    });
    return { inputs: recorded, plan, results };
  }
  const labels = [...new Set(result.runs.map((r) => r.scheduler))];
  const plan: RunPlan[] = result.runs.map((r, index) => ({
    index,
    cluster: 0,
    workload: 0,
    scheduler: labels.indexOf(r.scheduler),
    seed: r.seed,
    label: r.scheduler,
    ...(r.jobSet ? { jobSet: r.jobSet } : {}),
  }));
  const inputs: BatchInputs = {
    clusters: [],
    workloads: [],
    schedulers: [],
    seeds: [...new Set(result.runs.map((r) => r.seed))],
    simulation: ExperimentSchema.shape.simulation.parse({}),
  };
  return { inputs, plan, results: new Map(result.runs.map((r, i) => [i, stored(r)])) };
}

type ResultFileChannels = 'batches:exportResult' | 'batches:report' | 'batches:openResult' | 'batches:openExperiment' | 'batches:compare';

export function resultFileHandlers(store: Store, events: EventBus, printPdf?: PdfPrinter): Pick<Handlers, ResultFileChannels> {
  const files = resultFiles(store, events, printPdf);
  const experiments = experimentFiles(store, events);
  const batches = batchesRepo(store);
  const across = historyComparison(store, events);
  return {
    'batches:compare': ({ members, name }) => across.compare(members, name),
    'batches:exportResult': ({ id, withSchedulerText }) => files.exportResult(id, withSchedulerText),
    'batches:report': ({ id, format, baseline }) => files.report(id, format, baseline),
    'batches:openResult': ({ text, fileName }) => files.open(text, fileName),
    'batches:openExperiment': ({ id }) => {
      const { name, inputs } = batches.get(id);
      if (inputs.sources)
        throw new ServiceError(
          'invalid_request',
          `this run history entry compares runs of ${inputs.sources.length} entries, each with its own experiment: open the experiment of one of them (${inputs.sources.map((s) => `"${s.name}"`).join(', ')})`,
          'id',
        );
      if (inputs.clusters.length !== 1 || inputs.workloads.length !== 1) {
        const why =
          inputs.clusters.length === 0 ? 'the result file it was opened from does not carry its experiment' : 'it compares several clusters or workloads';
        throw new ServiceError(
          'invalid_request',
          `this run history entry cannot become one experiment: ${why}. Import the experiment file it was run from instead.`,
          'id',
        );
      }
      // The design it ran: the saved one when its content is already there (run --save, an earlier open), else a new one.
      return experiments.adopt({
        name,
        description: '',
        cluster: inputs.clusters[0].spec,
        workload: inputs.workloads[0].spec,
        schedulers: inputs.clusters[0].schedulers ?? inputs.schedulers,
        seeds: inputs.seeds,
        simulation: inputs.simulation,
        ...(inputs.sweep ? { sweep: inputs.sweep } : {}),
      });
    },
  };
}
