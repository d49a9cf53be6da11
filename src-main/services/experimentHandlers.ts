import { isDeepStrictEqual } from 'node:util';
import { designRunCount, type BatchInputs, type ExperimentDesign } from '@shared/experiment/design';
import { schedulerLabel } from '@shared/schedulers';
import { experimentFileText } from '@shared/experiment/experimentFile';
import type { DesignSummary } from '@shared/results/runData';
import type { Store } from '../store/database';
import { ariaMeasurements } from '../store/ariaMeasurements';
import { batchesRepo } from '../store/batchesRepo';
import { clustersRepo } from '../store/clustersRepo';
import { namedSpecs } from '../store/namedSpecs';
import { profilesRepo } from '../store/profilesRepo';
import { needsProfiles, readPinnedProfiles, withPinnedProfiles } from './profileSnapshot';
import { workloadsRepo } from '../store/workloadsRepo';
import type { EventBus } from './eventBus';
import type { ExperimentRunner } from './experimentRunner';
import type { Handlers } from './handlerTypes';
import { designChecks, type TaskCounts } from './designChecks';
import { designEstimate } from './designEstimate';
import { describeEstimate } from '@shared/experiment/runEstimate';
import { deletedChoiceMessage } from '@shared/experiment/deletedChoices';
import { experimentFiles, fileNameOf } from './experimentFiles';
import { runData, why } from './runDataOfBatch';
import { WhyNotReplays } from './whyNotService';
import { ServiceError } from './serviceError';
import { pluginChanges, pluginRefsFor } from '../runner/pluginRefs';
import { batchStamp } from '@shared/experiment/batchStamp';

type ExperimentChannels = Exclude<
  Extract<keyof Handlers, `experiments:${string}` | `batches:${string}` | 'runs:list'>,
  'batches:exportResult' | 'batches:report' | 'batches:openResult' | 'batches:openExperiment' | 'batches:compare' | 'batches:keptCopies' | 'batches:lastCopies'
>;

/** Experiments (designs), their execution, and the run history with its comparison data. */
export function experimentHandlers(
  store: Store,
  events: EventBus,
  runner: ExperimentRunner,
  threads: () => number | null = () => 1,
): Pick<Handlers, ExperimentChannels> {
  const designs = namedSpecs<ExperimentDesign>(store, 'experiments', 'experiment');
  const batches = batchesRepo(store);
  const clusters = clustersRepo(store);
  const workloads = workloadsRepo(store);
  const changed = (ids: string[]) => events.emit('store:changed', { domain: 'experiments', ids });
  const files = experimentFiles(store, events);
  const batchChanged = (ids: string[]) => events.emit('store:changed', { domain: 'batches', ids });
  const replays = new WhyNotReplays(batches);

  /** Copy the saved clusters and workloads a design names into a batch's inputs. */
  function snapshot(spec: ExperimentDesign): BatchInputs {
    const copy = <S>(ids: string[], repo: { get(id: string): { name: string; spec: S } }, noun: 'cluster' | 'workload', field: string) =>
      ids.map((id, i) => {
        try {
          const item = repo.get(id);
          return { id, name: item.name, spec: item.spec };
        } catch {
          throw new ServiceError('invalid_request', deletedChoiceMessage(noun), `spec.${field}.${i}`);
        }
      });
    const schedulers = withPinnedProfiles(spec.schedulers, spec.profiles);
    const clusterSpecs = copy(spec.clusterIds, clusters, 'cluster', 'clusterIds').map((c) => {
      const own = withPinnedProfiles(spec.schedulers, spec.profiles, c.id);
      return isDeepStrictEqual(own, schedulers) ? c : { ...c, schedulers: own };
    });
    const workloadSpecs = copy(spec.workloadIds, workloads, 'workload', 'workloadIds');
    const plugins = pluginRefsFor(schedulers.map((s) => s.kind));
    return {
      clusters: clusterSpecs,
      workloads: workloadSpecs,
      schedulers,
      seeds: spec.seeds,
      simulation: spec.simulation,
      ...(spec.sweep ? { sweep: spec.sweep } : {}),
      ...(plugins.length ? { plugins } : {}),
    };
  }

  /** Copy the profile store's current profiles into a design (its first run, or "Refresh profiles"). */
  async function pinProfilesOf(id: string, expectedUpdatedAt?: string) {
    const design = designs.get(id);
    const names = new Map(clusters.list().map((c) => [c.id, c.name]));
    const designClusters = design.spec.clusterIds.flatMap((c) => (names.has(c) ? [{ id: c, name: names.get(c)! }] : []));
    const pinned = readPinnedProfiles(profilesRepo(store), store.now().toISOString(), { measurements: ariaMeasurements(store), clusters: designClusters });
    const record = await designs.update(id, { ...design.spec, profiles: pinned }, expectedUpdatedAt);
    changed([id]);
    return record;
  }

  return {
    'experiments:check': ({ spec }) => {
      const tasks: TaskCounts = new Map();
      const problems = designChecks(spec, clusters, workloads, tasks);
      return { problems, estimate: designEstimate(spec, clusters, workloads, threads(), tasks) };
    },
    'experiments:list': (): DesignSummary[] => {
      const clusterNames = new Map(clusters.list().map((c) => [c.id, c.name]));
      const workloadNames = new Map(workloads.list().map((w) => [w.id, w.name]));
      const runs = batches.runsPerExperiment();
      return designs.list().map((d) => ({
        id: d.id,
        name: d.name,
        description: d.spec.description,
        updatedAt: d.updatedAt,
        clusters: d.spec.clusterIds.map((id) => clusterNames.get(id) ?? '(deleted cluster)'),
        workloads: d.spec.workloadIds.map((id) => workloadNames.get(id) ?? '(deleted workload)'),
        clusterIds: d.spec.clusterIds,
        workloadIds: d.spec.workloadIds,
        schedulers: d.spec.schedulers.map(schedulerLabel),
        seeds: d.spec.seeds.length,
        plannedRuns: designRunCount(d.spec),
        runs: runs.get(d.id) ?? 0,
        missing: [...d.spec.clusterIds.filter((id) => !clusterNames.has(id)), ...d.spec.workloadIds.filter((id) => !workloadNames.has(id))],
      }));
    },
    'experiments:get': ({ id }) => designs.get(id),
    'experiments:create': async ({ spec }) => {
      const record = await designs.create(spec);
      changed([record.id]);
      return record;
    },
    'experiments:update': async ({ id, spec, expectedUpdatedAt }) => {
      const record = await designs.update(id, spec, expectedUpdatedAt);
      changed([id]);
      return record;
    },
    'experiments:duplicate': async ({ id }) => {
      const record = await designs.duplicate(id);
      changed([record.id]);
      return record;
    },
    'experiments:delete': async ({ id }) => {
      const result = await designs.remove(id);
      changed([id]);
      return result;
    },
    'experiments:run': async ({ id, name, allowLarge }) => {
      let design = designs.get(id);
      // What the runs would fail on is refused here too, once, naming it (not N failed runs).
      const tasks: TaskCounts = new Map();
      const problems = designChecks(design.spec, clusters, workloads, tasks);
      if (problems.length > 0) {
        // Each check's message names its card, cluster, workload and job in words already.
        throw new ServiceError('invalid_request', problems.map((p) => p.message).join('; '), `spec.${problems[0].field}`);
      }
      // A batch past what a run may take, or hours long, runs only when the user asks for it.
      const estimate = designEstimate(design.spec, clusters, workloads, threads(), tasks);
      if (estimate.large.length > 0 && !allowLarge)
        throw new ServiceError(
          'invalid_request',
          `a large batch: ${estimate.large.join('; ')} (${describeEstimate(estimate)}); tick "Run it anyway" in the designer to go on`,
          'size',
        );
      // The first run of a design that uses profiles pins what the store knows now, so that this
      // run and every later one use the same profiles until the user refreshes them.
      if (!design.spec.profiles && needsProfiles(design.spec.schedulers)) design = await pinProfilesOf(id);
      const when = batchStamp(store.now());
      return runner.start(name ?? `${design.name} — ${when}`, id, snapshot(design.spec), [], Boolean(allowLarge));
    },
    'experiments:export': async ({ id }) => {
      let design = designs.get(id);
      // Exporting pins profiles as a first run would: the file then runs as the design will.
      if (!design.spec.profiles && needsProfiles(design.spec.schedulers)) design = await pinProfilesOf(id);
      const several = design.spec.clusterIds.length * design.spec.workloadIds.length > 1;
      return {
        files: design.spec.clusterIds.flatMap((c) =>
          design.spec.workloadIds.map((w) => {
            // Each file carries the profiles pinned for its own cluster.
            const schedulers = withPinnedProfiles(design.spec.schedulers, design.spec.profiles, c);
            const plugins = pluginRefsFor(schedulers.map((s) => s.kind));
            const parts = { ...files.partsOf(design.spec, c, w, schedulers), ...(plugins.length ? { plugins } : {}) };
            const suffix = several ? `.${fileNameOf(parts.cluster.name)}.${fileNameOf(parts.workload.name)}` : '';
            return { fileName: `${fileNameOf(design.name)}${suffix}.experiment.json`, content: experimentFileText(parts) };
          }),
        ),
      };
    },
    'experiments:importPreview': ({ fileName, text }) => files.preview(text, fileName),
    'experiments:importConfirm': ({ fileName, text, name }) => files.importText(text, fileName, name),
    'experiments:refreshProfiles': ({ id, expectedUpdatedAt }) => pinProfilesOf(id, expectedUpdatedAt),

    'batches:list': () => batches.list(),
    'runs:list': () => batches.listRuns(),
    'batches:get': ({ id }) => {
      const notice = runner.noticeOf(id);
      return { ...batches.get(id), ...(notice ? { notice } : {}) };
    },
    'batches:cancel': async ({ id }) => ({ cancelled: await runner.cancel(id) }),
    'batches:resume': async ({ id }) => {
      const { inputs } = batches.get(id);
      if (inputs.clusters.length === 0)
        throw new ServiceError('invalid_request', 'this run history entry was made by an older studio and keeps no inputs to run again', 'id');
      // The runs left must run the scheduler files the first ones ran.
      const changed = pluginChanges(inputs.plugins ?? [], pluginRefsFor(inputs.schedulers.map((s) => s.kind)));
      if (changed.length)
        throw new ServiceError('invalid_request', `${changed.join('; ')}: put the file back as it was to resume, or run the experiment again`, 'id');
      return runner.resume(id);
    },
    'batches:rename': async ({ id, name }) => {
      const summary = await batches.rename(id, name);
      batchChanged([id]);
      return summary;
    },
    'batches:tag': async ({ id, tags }) => {
      const summary = await batches.setTags(id, tags);
      batchChanged([id]);
      return summary;
    },
    'batches:delete': async ({ id }) => {
      const result = await batches.remove(id);
      batchChanged([id]);
      return result;
    },
    'batches:runData': ({ id, run, gantt }) => runData(batches, id, run, { gantt }),
    'batches:why': ({ id, job }) => why(batches, id, job),
    'batches:whyNot': ({ id, run, job, at }) => replays.ask(id, run, job, at),
    'batches:whyNotCancel': ({ id }) => ({ cancelled: replays.cancel(id) }),
  };
}
