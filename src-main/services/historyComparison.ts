import { createHash } from 'node:crypto';
import { configurationLabel, type BatchDetail, type BatchInputs, type BatchSummary, type RunPlan } from '@shared/experiment/design';
import { comparisonName } from '@shared/results/comparisonName';
import { ExperimentSchema } from '@shared/experiment/experiment';
import { resolveRun } from '../runner/matrix';
import type { Store } from '../store/database';
import { batchesRepo } from '../store/batchesRepo';
import type { EventBus } from './eventBus';
import { ServiceError } from './serviceError';
import { ACROSS_HISTORY_TAG } from '@shared/experiment/batchTags';

/** One picked run history entry: all its finished runs, or only those (by run index). */
export interface ComparisonMember {
  id: string;
  runs?: number[];
}

/** Entries of `list` by their content: the same cluster (or workload, scheduler) used twice is one entry. */
class ContentIndex<T> {
  private readonly byKey = new Map<string, number>();
  readonly list: { name: string; spec: T }[] = [];

  /** The index of `spec`, added under `name` (or "name (source)" when another spec has that name). */
  indexOf(spec: T, name: string, source: string): number {
    const key = JSON.stringify(spec);
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const taken = (n: string) => this.list.some((e) => e.name.toLowerCase() === n.toLowerCase());
    let free = taken(name) ? `${name} (${source})` : name;
    for (let k = 2; taken(free); k++) free = `${name} (${source} ${k})`;
    this.list.push({ name: free, spec });
    this.byKey.set(key, this.list.length - 1);
    return this.list.length - 1;
  }
}

/** A workload's job set is its content: the same spec and seed give the same jobs (docs/model.md). */
const jobSetOfSpec = (spec: unknown) => `workload ${createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16)}`;

/**
 * Runs of several run history entries as one comparison: a new history entry whose
 * runs are copies of the picked ones, so it opens, exports and reports like any batch, keeps its
 * name, and survives the deletion of its sources. Each run keeps its job set, so runs that ran the
 * same jobs are still compared paired and the others by Welch's test.
 */
export function historyComparison(store: Store, events: EventBus) {
  const batches = batchesRepo(store);

  function finishedRuns(detail: BatchDetail, picked: number[] | undefined) {
    const finished = detail.results.filter((r) => r.status === 'finished');
    if (!picked) return finished;
    return picked.map((index) => {
      const run = finished.find((r) => r.index === index);
      if (!run) throw new ServiceError('invalid_request', `"${detail.name}" has no finished run ${index + 1}`, 'members');
      return run;
    });
  }

  return {
    async compare(members: ComparisonMember[], name?: string): Promise<BatchSummary> {
      const ids = members.map((m) => m.id);
      if (new Set(ids).size !== ids.length) throw new ServiceError('invalid_request', 'a run history entry is picked twice', 'members');
      if (ids.length < 2) throw new ServiceError('invalid_request', 'pick at least two run history entries to compare', 'members');
      const details = members.map((m) => batches.get(m.id));
      const clusters = new ContentIndex<BatchInputs['clusters'][number]['spec']>();
      const workloads = new ContentIndex<BatchInputs['workloads'][number]['spec']>();
      const schedulers = new ContentIndex<BatchInputs['schedulers'][number]>();
      const runs: { plan: RunPlan; from: { batchId: string; index: number } }[] = [];
      const labels = new Map<string, string>(); // label → the source configuration it names
      details.forEach((detail, m) => {
        if (detail.status === 'running')
          throw new ServiceError('invalid_request', `"${detail.name}" is still running: compare it once it has ended`, 'members');
        const picked = finishedRuns(detail, members[m].runs);
        if (!picked.length) throw new ServiceError('invalid_request', `"${detail.name}" has no finished run to compare`, 'members');
        const { inputs } = detail;
        for (const r of picked) {
          // A result file without its experiment names no cluster, workload or scheduler.
          const known = r.cluster in inputs.clusters && r.workload in inputs.workloads && r.scheduler in inputs.schedulers;
          const own = configurationLabel(inputs, r);
          // A comparison's own runs already name their source.
          let label = inputs.sources ? own : `${own} — ${detail.name}`;
          const origin = `${detail.id}|${own}`;
          for (let k = 2; labels.has(label) && labels.get(label) !== origin; k++) label = `${inputs.sources ? own : `${own} — ${detail.name}`} (${k})`;
          labels.set(label, origin);
          let plan: RunPlan;
          if (known) {
            const resolved = resolveRun(inputs, r);
            const clusterName =
              inputs.clusters[r.cluster].name + (r.sweepValue !== undefined && inputs.sweep?.target === 'servers' ? ` · ${r.sweepValue} servers` : '');
            plan = {
              index: runs.length,
              cluster: clusters.indexOf(resolved.cluster, clusterName, detail.name),
              workload: workloads.indexOf(resolved.workload, inputs.workloads[r.workload].name, detail.name),
              scheduler: schedulers.indexOf(resolved.scheduler, r.label, detail.name),
              seed: r.seed,
              label,
              jobSet: r.jobSet ?? jobSetOfSpec(resolved.workload),
              source: m,
            };
          } else {
            // A result file that did not carry its experiment: its runs ran one set of jobs per seed, of unknown make.
            plan = {
              index: runs.length,
              cluster: -1,
              workload: -1,
              scheduler: -1,
              seed: r.seed,
              label,
              jobSet: r.jobSet ?? `jobs of ${detail.name}`,
              source: m,
            };
          }
          runs.push({ plan, from: { batchId: detail.id, index: r.index } });
        }
      });
      const firstKnown = details.find((d) => d.inputs.clusters.length > 0);
      const inputs: BatchInputs = {
        clusters: clusters.list,
        workloads: workloads.list,
        schedulers: schedulers.list.map((s) => s.spec),
        seeds: [...new Set(runs.map((r) => r.plan.seed))].sort((a, b) => a - b),
        // Not used again: a comparison is never re-run (each source keeps its own simulation options).
        simulation: firstKnown?.inputs.simulation ?? ExperimentSchema.shape.simulation.parse({}),
        sources: details.map((d) => ({
          id: d.id,
          name: d.name,
          createdAt: d.createdAt,
          ...(d.inputs.clusters.length ? { simulation: d.inputs.simulation } : {}),
        })),
      };
      const title = name?.trim() || comparisonName(details.map((d) => d.name));
      const summary = await batches.addCopies(title, inputs, runs, [ACROSS_HISTORY_TAG]);
      events.emit('store:changed', { domain: 'batches', ids: [summary.id] });
      return summary;
    },
  };
}
