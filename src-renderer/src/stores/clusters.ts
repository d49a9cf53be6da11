import type { UniformClusterInput } from '@shared/cluster/clusterGenerator';
import { api } from '../api';
import { defineSavedList } from './savedList';

/** The saved clusters; changes reload the list when they succeed. */
export const useClusters = defineSavedList(
  'clusters',
  'clusters',
  {
    list: () => api.call('clusters:list', {}),
    rename: (id, name) => api.call('clusters:rename', { id, name }),
    duplicate: (id) => api.call('clusters:duplicate', { id }),
    remove: (id) => api.call('clusters:delete', { id }),
  },
  (after) => ({
    generate: (params: UniformClusterInput) => after(api.call('clusters:generate', { params })),
    importFile: (content: string, fileName?: string) => after(api.call('clusters:import', { content, ...(fileName ? { fileName } : {}) })),
    exportFile: (id: string, as: 'json' | 'sls' = 'json') => api.call('clusters:export', { id, as }),
    /** Put a deleted cluster back as the newest run that used it copied it. */
    restore: (id: string) => after(api.call('clusters:restore', { id })),
  }),
);
