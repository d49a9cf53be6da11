import { problemsInWords } from '@shared/api/fieldLabels';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { serializeClusterFile } from '@shared/cluster/clusterFile';
import { generateUniformCluster } from '@shared/cluster/clusterGenerator';
import { TRACE_FORMAT_NAMES, TRACE_FORMAT_READING } from '@shared/workload/imports';
import { problemsOf } from '@shared/api/validation';
import { serializeWorkloadFile, workloadToCsv } from '@shared/workload/workloadFile';
import { WorkloadSpecSchema, withDeadlines } from '@shared/workload/workload';
import { plural } from '@shared/plural';
import { parseAnyClusterFile } from '../clusters/importCluster';
import { clustersRepo } from '../store/clustersRepo';
import { profilesRepo } from '../store/profilesRepo';
import { workloadsRepo } from '../store/workloadsRepo';
import { expandJobs, templateReduces, WorkloadError } from '../workloads/compile';
import { slsNodesText } from '../clusters/slsNodesExport';
import { slsJobs, slsJobTraceText } from '../runner/slsJobTrace';
import { templateLibrary } from '../runner/templateLibrary';
import { addedCatalogue, builtInCatalogue, schedulerNotes } from '../schedulers/registry';
import { TEMPLATE_NAMES, templateByName, unknownTemplateWords } from '../workloads/benchmarkTemplates';
import { checkTemplates } from './templateCheck';
import { plannerHandlers } from './plannerHandlers';
import { readYarnConfig, writeYarnConfig, YarnConfigError, yarnProblemLines } from '../clusters/yarnConfig';
import { pluginHandlers } from './pluginHandlers';
import { reproduceHandlers } from './reproduceHandlers';
import { resultFileHandlers } from './resultFiles';
import { fileNameOf } from './experimentFiles';
import { experimentHandlers } from './experimentHandlers';
import { sampleHandlers } from './sampleHandlers';
import { keptCopyHandlers } from './keptCopyHandlers';
import { isAllowedExternalUrl } from './externalLinks';
import { ServiceError } from './serviceError';
import { queueEnvironment } from './queuePassword';
import { queueTarget } from '../runner/remote/connection';
import { checkQueue } from '../runner/remote/queueCheck';

import type { Handlers, ServiceDeps } from './handlerTypes';

export type { Handlers, ServiceDeps };

/** The implementation of every channel in the contract; transports only carry requests to it. */
export function createHandlers({ store, events, openExternal, imports, pickFile, runner, printPdf, settings, plugins }: ServiceDeps): Handlers {
  const clusters = clustersRepo(store);
  const workloads = workloadsRepo(store);
  const profiles = profilesRepo(store);
  const changed = (ids: string[]) => events.emit('store:changed', { domain: 'clusters', ids });
  const workloadsChanged = (ids: string[]) => events.emit('store:changed', { domain: 'workloads', ids });

  return {
    'clusters:list': () => clusters.list(),
    'clusters:get': ({ id }) => clusters.get(id),
    'clusters:create': async ({ spec }) => {
      const record = await clusters.create(spec);
      changed([record.id]);
      return record;
    },
    'clusters:generate': async ({ params }) => {
      const parsed = ClusterSpecSchema.safeParse(generateUniformCluster(params));
      if (!parsed.success) {
        throw new ServiceError('invalid_request', `the generated cluster is not valid: ${problemsInWords(problemsOf(parsed.error))}`, 'params');
      }
      const record = await clusters.create(parsed.data);
      changed([record.id]);
      return record;
    },
    'clusters:rename': async ({ id, name }) => {
      const record = await clusters.rename(id, name);
      changed([id]);
      return record;
    },
    'clusters:duplicate': async ({ id, name }) => {
      const record = await clusters.duplicate(id, name);
      changed([record.id]);
      return record;
    },
    'clusters:delete': async ({ id }) => {
      const result = await clusters.remove(id);
      changed([id]);
      return result;
    },
    'clusters:export': ({ id, as }) => {
      const record = clusters.get(id);
      if (as === 'sls') return { fileName: `${fileNameOf(record.name)}.sls-nodes.json`, content: slsNodesText(record.spec) };
      return { fileName: `${fileNameOf(record.name)}.cluster.json`, content: serializeClusterFile(record.spec, store.now().toISOString()) };
    },
    'clusters:import': async ({ content, name, fileName }) => {
      const parsed = parseAnyClusterFile(content, name ?? (fileName?.replace(/\.json$/i, '').slice(0, 80) || 'SLS nodes'));
      if (!parsed.ok) {
        const [first] = parsed.problems;
        throw new ServiceError('invalid_request', problemsInWords(parsed.problems), first.field ? `content.${first.field}` : 'content');
      }
      const record = await clusters.importAsNew(name ? { ...parsed.spec, name } : parsed.spec);
      changed([record.id]);
      return record;
    },
    'clusters:update': async ({ id, spec, expectedUpdatedAt }) => {
      const record = await clusters.update(id, spec, expectedUpdatedAt);
      changed([id]);
      return record;
    },

    'workloads:list': () => workloads.list(),
    'workloads:get': ({ id }) => workloads.get(id),
    'workloads:create': async ({ spec: given }) => {
      const spec = checkTemplates(given, 'spec');
      const record = await workloads.create(spec);
      workloadsChanged([record.id]);
      return record;
    },
    'workloads:update': async ({ id, spec, expectedUpdatedAt }) => {
      const record = await workloads.update(id, checkTemplates(spec, 'spec'), expectedUpdatedAt);
      workloadsChanged([id]);
      return record;
    },
    'workloads:rename': async ({ id, name }) => {
      const record = await workloads.rename(id, name);
      workloadsChanged([id]);
      return record;
    },
    'workloads:duplicate': async ({ id, name }) => {
      const record = await workloads.duplicate(id, name);
      workloadsChanged([record.id]);
      return record;
    },
    'workloads:delete': async ({ id }) => {
      const result = await workloads.remove(id);
      workloadsChanged([id]);
      return result;
    },
    'workloads:export': ({ id, as, cluster, seed }) => {
      const record = workloads.get(id);
      if (as === 'sls') {
        checkTemplates(record.spec, 'id');
        let jobs;
        try {
          jobs = slsJobs(clusters.get(cluster!).spec, record.spec, seed);
        } catch (err) {
          if (err instanceof WorkloadError) throw new ServiceError('invalid_request', `${record.name}: ${err.message}`, 'id');
          throw err;
        }
        return { fileName: `${fileNameOf(record.name)}.sls.json`, content: slsJobTraceText(jobs) };
      }
      return as === 'csv'
        ? { fileName: `${fileNameOf(record.name)}.jobs.csv`, content: workloadToCsv(record.spec) }
        : { fileName: `${fileNameOf(record.name)}.workload.json`, content: serializeWorkloadFile(record.spec, store.now().toISOString()) };
    },
    'workloads:expand': ({ spec: given, seed, limit }) => {
      const spec = checkTemplates(given, 'spec');
      const total = spec.jobs.length + (spec.generate?.count ?? 0);
      const capped = spec.generate && total > limit ? { ...spec, generate: { ...spec.generate, count: Math.max(0, limit - spec.jobs.length) || 1 } } : spec;
      try {
        // A job whose maps are known has known reduces too (its template's share), so the preview counts them.
        const jobs = expandJobs(capped, seed)
          .slice(0, limit)
          .map((j) => (j.reduces !== undefined || j.maps === undefined ? j : { ...j, reduces: templateReduces(templateByName(j.template)!, j.maps) }));
        return { jobs, total };
      } catch (err) {
        if (err instanceof WorkloadError) throw new ServiceError('invalid_request', err.message, `spec.${err.field}`);
        throw err;
      }
    },
    'workloads:templates': () => templateLibrary(),
    'schedulers:builtIn': () => builtInCatalogue(),
    'schedulers:added': () => addedCatalogue(),
    'schedulers:notes': ({ spec }) => schedulerNotes(spec),
    ...pluginHandlers(plugins),
    'schedulers:importYarnConfig': ({ content }) => {
      const read = readYarnConfig(content);
      if (!read.ok) throw new ServiceError('invalid_request', yarnProblemLines(read.problems).join('; '), 'content');
      const { ok: _ok, ...rest } = read;
      return rest;
    },
    'schedulers:exportYarnConfig': ({ card, format }) => {
      try {
        return { fileName: format === 'capacity' ? 'capacity-scheduler.xml' : 'fair-scheduler.xml', content: writeYarnConfig(card, format) };
      } catch (err) {
        if (err instanceof YarnConfigError) throw new ServiceError('invalid_request', err.message, 'format');
        throw err;
      }
    },
    'profiles:list': () => ({ edited: profiles.list(), measured: profiles.measured(), aria: profiles.ariaList() }),
    'profiles:save': async ({ template, phases }) => {
      if (!TEMPLATE_NAMES.includes(template)) throw new ServiceError('invalid_request', unknownTemplateWords(template), 'template');
      const saved = await profiles.save(template, phases);
      events.emit('store:changed', { domain: 'profiles', ids: [template] });
      return saved;
    },
    'profiles:delete': async ({ template }) => {
      const result = await profiles.remove(template);
      events.emit('store:changed', { domain: 'profiles', ids: [template] });
      return result;
    },

    'imports:pickFile': async () => {
      if (!pickFile) throw new ServiceError('unsupported', 'this window has no file dialog; upload the file instead', 'purpose');
      const chosen = await pickFile();
      return chosen ? imports.openPath(chosen) : { cancelled: true as const };
    },
    'workloads:importPreview': ({ file, format, allowLarge, replay }) => imports.preview(file, format, allowLarge, replay),
    'workloads:importCancel': ({ file }) => ({ cancelled: imports.cancel(file) }),
    'workloads:importConfirm': async ({ file, name, skipProblems, deadlines }) => {
      const { file: info, result, suggestedName } = await imports.take(file);
      if (result.problemCount > 0 && (!skipProblems || result.jobs.length === 0)) {
        throw new ServiceError(
          'invalid_request',
          result.jobs.length === 0
            ? `nothing to import: ${plural(result.problemCount, 'problem')} and no valid job`
            : `${plural(result.problemCount, 'problem')} in ${info.fileName}; fix the file or confirm importing without the rejected rows`,
          'file',
        );
      }
      if (result.jobs.length === 0 && !result.spec?.generate) throw new ServiceError('invalid_request', `${info.fileName} holds no jobs`, 'file');
      const skipped = result.problemCount > 0 ? `, ${plural(result.problemCount, 'rejected row')} left out` : '';
      const candidate = result.spec
        ? // A file that names no workload (a bare list of jobs) is named after the file, as the preview suggests.
          { ...result.spec, name: name ?? suggestedName, jobs: withDeadlines(result.spec.jobs, deadlines) }
        : {
            name: name ?? suggestedName,
            description: [
              `Imported from ${info.fileName} (${TRACE_FORMAT_NAMES[result.format]}) on ${store.now().toISOString().slice(0, 10)}: ${plural(result.jobs.length, 'job')}${skipped}.`,
              ...[result.reading ?? TRACE_FORMAT_READING[result.format]].filter((r) => r !== undefined),
            ].join(' '),
            jobs: withDeadlines(result.jobs, deadlines),
          };
      // The rows passed one by one; what only the whole workload can show (a cycle of dependencies) is said here, in words.
      const parsed = WorkloadSpecSchema.safeParse(candidate);
      if (!parsed.success) throw new ServiceError('invalid_request', `${info.fileName}: ${problemsInWords(problemsOf(parsed.error))}`, 'content');
      const spec = checkTemplates(parsed.data, 'content');
      // One INSERT in one store transaction: the whole workload or nothing, under a free name.
      const record = await workloads.importAsNew(spec);
      imports.drop(file);
      workloadsChanged([record.id]);
      return record;
    },

    // A batch sent to a queue runs on workers whose number the studio does not know (null).
    ...experimentHandlers(store, events, runner, () => (settings.queue() ? null : settings.runThreads())),
    ...resultFileHandlers(store, events, printPdf),
    ...reproduceHandlers(store, events, runner),
    ...plannerHandlers(store, events),
    ...sampleHandlers(store, events),
    ...keptCopyHandlers(store, events),

    'settings:get': () => settings.view(),
    'settings:update': (next) => settings.write(next),
    'settings:checkQueue': ({ queue, password }) =>
      checkQueue(queueTarget(queue, password ? { ...process.env, REDIS_PASSWORD: password } : queueEnvironment(settings.password))),
    'settings:queuePassword': ({ password }) => {
      try {
        return settings.writePassword(password);
      } catch (err) {
        throw new ServiceError('unsupported', (err as Error).message, 'password');
      }
    },
    'store:status': () => store.status(),
    'store:restoreBackup': async ({ name }) => {
      const status = await store.restoreBackup(name);
      events.emit('store:changed', { domain: 'store' });
      return status;
    },
    'app:openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) throw new ServiceError('forbidden', `links to ${url} are not opened by the studio`, 'url');
      if (!openExternal) throw new ServiceError('unsupported', 'this transport cannot open a browser; open the link yourself', 'url');
      await openExternal(url);
      return { opened: true };
    },
  };
}
