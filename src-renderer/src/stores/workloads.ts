import { api } from '../api';
import { defineSavedList } from './savedList';

/** The saved workloads; changes reload the list when they succeed. */
export const useWorkloads = defineSavedList(
  'workloads',
  'workloads',
  {
    list: () => api.call('workloads:list', {}),
    rename: (id, name) => api.call('workloads:rename', { id, name }),
    duplicate: (id) => api.call('workloads:duplicate', { id }),
    remove: (id) => api.call('workloads:delete', { id }),
  },
  (after) => ({
    exportFile: (id: string, as: 'json' | 'csv') => api.call('workloads:export', { id, as }),
    /** Put a deleted workload back as the newest run that used it copied it. */
    restore: (id: string) => after(api.call('workloads:restore', { id })),
  }),
);
