import { ClusterSpecSchema } from '@shared/cluster';
import { parseClusterFile, serializeClusterFile } from '@shared/clusterFile';
import { generateUniformCluster } from '@shared/clusterGenerator';
import type { Channel, ParsedRequestOf, ResponseOf } from '@shared/contract';
import { problemsOf } from '@shared/validation';
import type { Store } from '../store/database';
import { clustersRepo } from '../store/clustersRepo';
import type { EventBus } from './eventBus';
import { isAllowedExternalUrl } from './externalLinks';
import { ServiceError } from './serviceError';

export interface ServiceDeps {
  store: Store;
  events: EventBus;
  /** Opens a vetted URL in the user's browser; absent where there is no desktop (serve mode, CLI). */
  openExternal?: (url: string) => Promise<void>;
}

export type Handlers = {
  [C in Channel]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;
};

/** The implementation of every channel in the contract; transports only carry requests to it. */
export function createHandlers({ store, events, openExternal }: ServiceDeps): Handlers {
  const clusters = clustersRepo(store);
  const changed = (ids: string[]) => events.emit('store:changed', { domain: 'clusters', ids });

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
        const first = problemsOf(parsed.error)[0];
        throw new ServiceError('invalid_request', `the generated cluster is not valid: ${first.field}: ${first.message}`, 'params');
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
    'clusters:export': ({ id }) => {
      const record = clusters.get(id);
      const fileName = `${record.name.replace(/[^\w.-]+/g, '_')}.cluster.json`;
      return { fileName, content: serializeClusterFile(record.spec, store.now().toISOString()) };
    },
    'clusters:import': async ({ content, name }) => {
      const parsed = parseClusterFile(content);
      if (!parsed.ok) {
        const [first, ...rest] = parsed.problems;
        const more = rest.length ? ` (and ${rest.length} more: ${rest.slice(0, 5).map((p) => p.field || 'file').join(', ')}${rest.length > 5 ? ', ...' : ''})` : '';
        throw new ServiceError('invalid_request', `${first.field ? `${first.field}: ` : ''}${first.message}${more}`, first.field ? `content.${first.field}` : 'content');
      }
      const record = await clusters.importAsNew(name ? { ...parsed.spec, name } : parsed.spec);
      changed([record.id]);
      return record;
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
