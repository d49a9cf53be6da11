import type { z } from 'zod';
import { problemsInWords } from '@shared/api/fieldLabels';
import { problemsOf } from '@shared/api/validation';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import type { Store } from '../store/database';
import { clustersRepo } from '../store/clustersRepo';
import { keptCopies } from '../store/keptCopies';
import { workloadsRepo } from '../store/workloadsRepo';
import type { EventBus } from './eventBus';
import type { Handlers } from './handlerTypes';
import { ServiceError } from './serviceError';
import { checkTemplates } from './templateCheck';

/**
 * A cluster or workload deleted while designs still name it is not lost when they ran: every batch
 * keeps a copy of what it ran on, under the same id. Restoring puts the newest copy back under that
 * id, so each design naming it runs again (docs/architecture.md "Principles").
 */
export function keptCopyHandlers(
  store: Store,
  events: EventBus,
): Pick<Handlers, 'batches:keptCopies' | 'batches:lastCopies' | 'clusters:restore' | 'workloads:restore'> {
  const kept = keptCopies(store);
  /** The newest copy, checked against today's schema (a copy from an older studio may no longer pass). */
  function copyOf<T>(kind: 'clusters' | 'workloads', id: string, noun: string, schema: z.ZodType<T>): T {
    const found = kept.spec(kind, id);
    if (!found) throw new ServiceError('not_found', `no run in the history used this ${noun}, so the studio keeps no copy of it to restore`, 'id');
    const parsed = schema.safeParse(found.spec);
    if (!parsed.success)
      throw new ServiceError(
        'invalid_request',
        `the copy of "${found.copy.name}" kept by "${found.copy.batchName}" is not a ${noun} this studio can open: ${problemsInWords(problemsOf(parsed.error))}`,
        'id',
      );
    return parsed.data;
  }
  return {
    'batches:keptCopies': ({ clusterIds, workloadIds }) => ({
      clusters: kept.newest('clusters', clusterIds),
      workloads: kept.newest('workloads', workloadIds),
    }),
    'batches:lastCopies': ({ id }) => ({ clusters: kept.onlyIn('clusters', id), workloads: kept.onlyIn('workloads', id) }),
    'clusters:restore': async ({ id }) => {
      const record = await clustersRepo(store).restore(id, copyOf('clusters', id, 'cluster', ClusterSpecSchema));
      events.emit('store:changed', { domain: 'clusters', ids: [id] });
      return record;
    },
    'workloads:restore': async ({ id }) => {
      const spec = checkTemplates(copyOf('workloads', id, 'workload', WorkloadSpecSchema), 'id');
      const record = await workloadsRepo(store).restore(id, spec);
      events.emit('store:changed', { domain: 'workloads', ids: [id] });
      return record;
    },
  };
}
