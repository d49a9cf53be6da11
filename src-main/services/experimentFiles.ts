import { clusterTotals } from '@shared/cluster/cluster';
import { problemsInWords } from '@shared/api/fieldLabels';
import { countRuns, ExperimentDesignSchema, type ExperimentDesign } from '@shared/experiment/design';
import type { Experiment } from '@shared/experiment/experiment';
import {
  experimentFileText,
  MAX_PREVIEW_PROBLEMS,
  readExperimentFile,
  type ExperimentFileParts,
  type ExperimentImportPreview,
} from '@shared/experiment/experimentFile';
import type { TraceProblem } from '@shared/workload/imports';
import { knowRecordedCards, schedulerLabel } from '@shared/schedulers';
import { problemsOf } from '@shared/api/validation';
import type { ClusterSpec } from '@shared/cluster/cluster';
import type { WorkloadSpec } from '@shared/workload/workload';
import { clustersRepo } from '../store/clustersRepo';
import type { Store } from '../store/database';
import { namedSpecs } from '../store/namedSpecs';
import { workloadsRepo } from '../store/workloadsRepo';
import { inStudioSpelling } from '../workloads/templateSpelling';
import type { EventBus } from './eventBus';
import { ServiceError } from './serviceError';
import type { Database } from 'sql.js';

/** A file name from a saved name: safe on every OS. */
export { fileNameOf } from '@shared/files/fileName';

/** The design parts of an experiment whose cluster and workload are inline, or the fields that refer elsewhere. */
function inlineParts(e: Experiment): { parts?: ExperimentFileParts; problems: TraceProblem[] } {
  const problems: TraceProblem[] = [];
  const elsewhere = (field: string, what: string) =>
    problems.push({
      line: 0,
      field,
      message: `refers to ${what}; the studio imports self-contained experiment files (export one from the studio, or put the ${field.split('.')[0]} in the file)`,
    });
  if ('file' in e.cluster) elsewhere('cluster.file', `the file "${e.cluster.file}"`);
  if ('file' in e.workload) elsewhere('workload.file', `the file "${e.workload.file}"`);
  if ('trace' in e.workload)
    elsewhere('workload.trace.file', `the trace "${e.workload.trace.file}" (import the trace on the Workloads page and build the experiment on it)`);
  if (problems.length) return { problems };
  // Templates as the CLI's run reads them (any capitals), saved in the studio's spelling.
  const spelled = inStudioSpelling(e.workload as WorkloadSpec);
  const parts = {
    name: e.name,
    description: e.description,
    cluster: e.cluster as ClusterSpec,
    workload: spelled.workload,
    schedulers: e.schedulers,
    seeds: e.seeds,
    simulation: e.simulation,
    ...(e.sweep ? { sweep: e.sweep } : {}),
  };
  const unknownTemplates = spelled.unknown.map((u) => ({ line: 0, field: `workload.${u.field}`, message: u.message }));
  return { parts, problems: [...unknownTemplates, ...designProblems(parts)] };
}

/** What a design adds to the file's own rules (run count, sweep target), said at the file's fields. */
function designProblems(p: ExperimentFileParts): TraceProblem[] {
  const placeholder = '00000000-0000-4000-8000-000000000000';
  const r = ExperimentDesignSchema.safeParse(designOf(p, placeholder, placeholder));
  return r.success ? [] : problemsOf(r.error).map((x) => ({ line: 0, ...x }));
}

function designOf(p: ExperimentFileParts, clusterId: string, workloadId: string): ExperimentDesign {
  return {
    name: p.name,
    description: p.description,
    clusterIds: [clusterId],
    workloadIds: [workloadId],
    schedulers: p.schedulers,
    seeds: p.seeds,
    simulation: p.simulation,
    ...(p.sweep ? { sweep: p.sweep } : {}),
  };
}

/**
 * Experiment files in and out of the store: a design exports as one self-contained file per
 * cluster × workload it compares; a file imports as a new cluster, workload and design (under free
 * names: nothing saved is overwritten). The CLI's `run --save` goes through `adopt`.
 */
export function experimentFiles(store: Store, events: EventBus) {
  const designs = namedSpecs<ExperimentDesign>(store, 'experiments', 'experiment');
  const clusters = clustersRepo(store);
  const workloads = workloadsRepo(store);

  function read(text: string, fileName: string): { parts?: ExperimentFileParts; problems: TraceProblem[]; experiment?: Experiment } {
    const r = readExperimentFile(text, fileName);
    if (!r.ok) return { problems: r.problems };
    return { ...inlineParts(r.experiment), experiment: r.experiment };
  }

  /**
   * Cluster, workload and design added inside a write already open (under free names). A cluster
   * or workload already saved exactly as the file has it (name and content) is reused: importing
   * the same experiment twice gives two designs of one cluster and one workload, not copies.
   */
  function addIn(db: Database, parts: ExperimentFileParts) {
    const cluster = clusters.sameIn(db, parts.cluster) ?? clusters.importAsNewIn(db, parts.cluster);
    const workload = workloads.sameIn(db, parts.workload) ?? workloads.importAsNewIn(db, parts.workload);
    return { cluster, workload, design: designs.importAsNewIn(db, designOf(parts, cluster.id, workload.id)) };
  }

  function announce(added: ReturnType<typeof addIn>) {
    events.emit('store:changed', { domain: 'clusters', ids: [added.cluster.id] });
    events.emit('store:changed', { domain: 'workloads', ids: [added.workload.id] });
    events.emit('store:changed', { domain: 'experiments', ids: [added.design.id] });
  }

  /** Cluster, workload and design in one write: an import is whole or absent, and the file is saved once. */
  async function add(parts: ExperimentFileParts) {
    const added = await store.write((db) => addIn(db, parts));
    announce(added);
    return added.design;
  }

  /**
   * The file a design of one cluster and one workload exports to, with the names of the design,
   * its cluster and its workload left out: an import under a taken name ("small (2)") is still the
   * same experiment.
   */
  const contentOf = (p: ExperimentFileParts) =>
    experimentFileText({ ...p, name: '', cluster: { ...p.cluster, name: '' }, workload: { ...p.workload, name: '' } });

  /** A design's parts for one cluster × workload, read from the store. */
  function partsOf(spec: ExperimentDesign, clusterId: string, workloadId: string, schedulers = spec.schedulers): ExperimentFileParts {
    const get = <S>(repo: { get(id: string): { spec: S } }, id: string, field: string, i: number) => {
      try {
        return repo.get(id).spec;
      } catch {
        throw new ServiceError(
          'invalid_request',
          'this experiment uses an item that no longer exists: pick another one before exporting',
          `spec.${field}.${i}`,
        );
      }
    };
    return {
      name: spec.name,
      description: spec.description,
      cluster: get<ClusterSpec>(clusters, clusterId, 'clusterIds', spec.clusterIds.indexOf(clusterId)),
      workload: get<WorkloadSpec>(workloads, workloadId, 'workloadIds', spec.workloadIds.indexOf(workloadId)),
      schedulers,
      seeds: spec.seeds,
      simulation: spec.simulation,
      ...(spec.sweep ? { sweep: spec.sweep } : {}),
    };
  }

  return {
    partsOf,
    preview(text: string, fileName: string): ExperimentImportPreview {
      const { parts, problems, experiment } = read(text, fileName);
      const totals = parts ? clusterTotals(parts.cluster) : undefined;
      // A result's scheduler files not loaded here are named as their cards were when they ran.
      knowRecordedCards(experiment?.plugins);
      return {
        fileName,
        name: experiment?.name ?? '',
        description: experiment?.description ?? '',
        ...(parts && totals
          ? {
              cluster: { name: parts.cluster.name, nodes: totals.nodes, cores: totals.cores },
              workload: { name: parts.workload.name, jobs: parts.workload.jobs.length, generated: parts.workload.generate?.count ?? 0 },
            }
          : {}),
        schedulers: experiment?.schedulers.map(schedulerLabel) ?? [],
        seeds: experiment?.seeds ?? [],
        runs: experiment
          ? countRuns({ clusters: 1, workloads: 1, schedulers: experiment.schedulers.length, seeds: experiment.seeds.length, sweep: experiment.sweep })
          : 0,
        problems: problems.slice(0, MAX_PREVIEW_PROBLEMS),
        problemCount: problems.length,
      };
    },

    async importText(text: string, fileName: string, name?: string) {
      const { parts, problems } = read(text, fileName);
      if (!parts || problems.length) {
        throw new ServiceError('invalid_request', `${fileName}: ${problemsInWords(problems)}`, 'text');
      }
      return add(name ? { ...parts, name } : parts);
    },

    /**
     * A design for an experiment the CLI ran with `--save`: the saved design that would export to
     * the same file, whatever its cluster and workload were renamed to on import (running the same
     * file again adds to its history), else a new one.
     */
    async adopt(parts: ExperimentFileParts) {
      const wanted = contentOf(parts);
      // Looked up and, if need be, added in one write: under the lock, so two CLI runs of the same
      // file at once cannot both miss the design and add it twice.
      const outcome = await store.write((db) => {
        const candidates = designs.listIn(db).filter((d) => d.spec.clusterIds.length === 1 && d.spec.workloadIds.length === 1);
        // The design of that name first, then any other with the same content.
        candidates.sort((a, b) => Number(b.name.toLowerCase() === parts.name.toLowerCase()) - Number(a.name.toLowerCase() === parts.name.toLowerCase()));
        for (const d of candidates) {
          const cluster = clusters.findIn(db, d.spec.clusterIds[0]);
          const workload = workloads.findIn(db, d.spec.workloadIds[0]);
          if (!cluster || !workload) continue; // its cluster or workload was deleted
          const mine: ExperimentFileParts = {
            name: d.spec.name,
            description: d.spec.description,
            cluster: cluster.spec,
            workload: workload.spec,
            schedulers: d.spec.schedulers,
            seeds: d.spec.seeds,
            simulation: d.spec.simulation,
            ...(d.spec.sweep ? { sweep: d.spec.sweep } : {}),
          };
          if (mine.description === parts.description && contentOf(mine) === wanted) return { kind: 'found' as const, design: d };
        }
        return { kind: 'added' as const, added: addIn(db, parts) };
      });
      if (outcome.kind === 'found') return outcome.design;
      announce(outcome.added);
      return outcome.added.design;
    },
  };
}

export type ExperimentFiles = ReturnType<typeof experimentFiles>;
