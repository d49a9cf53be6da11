import { computed, type ComputedRef, type Ref } from 'vue';
import type { ClusterSpec } from '@shared/cluster/cluster';
import type { ApiResult } from '@shared/results/result';
import { api } from '../api';
import { useLiveQuery } from './useLiveQuery';

/**
 * The specs of the clusters a design chose, by id, reloaded when the choice changes or a cluster is
 * edited (here or elsewhere); `error` says why they could not be loaded. A chosen cluster deleted
 * since is left out: the designer's cluster list already says so beside it, and the others still
 * show what they can run.
 */
export function useClusterSpecs(ids: () => readonly string[]): { specs: ComputedRef<Map<string, ClusterSpec>>; error: Ref<string | undefined> } {
  const query = useLiveQuery(
    async (): Promise<ApiResult<Map<string, ClusterSpec>>> => {
      const chosen = [...ids()];
      const answers = await Promise.all(chosen.map((id) => api.call('clusters:get', { id })));
      const specs = new Map<string, ClusterSpec>();
      for (const [i, r] of answers.entries()) {
        if (r.ok) specs.set(chosen[i], r.data.spec);
        else if (r.error.code !== 'not_found') return r;
      }
      return { ok: true, data: specs };
    },
    { domains: ['clusters'], key: () => ids().join() },
  );
  return { specs: computed(() => query.data.value ?? new Map<string, ClusterSpec>()), error: query.error };
}
