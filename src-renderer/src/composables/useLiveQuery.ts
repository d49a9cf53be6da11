import { getCurrentScope, onScopeDispose, ref, shallowRef, watch, type Ref, type ShallowRef } from 'vue';
import type { ApiResult } from '@shared/results/result';
import { onStoreChanged, type StoreDomain } from './storeChanges';

type Domain = StoreDomain;

export interface LiveQueryOptions {
  /** Store domains whose changes reload it; a restored backup (`store`) always does. */
  domains: readonly Domain[];
  /** Only changes that name this id (or name none) reload it: one batch's page ignores the others. */
  id?: () => string | undefined;
  /** Reload at most once in this many ms: a batch of many short runs announces every one. */
  throttleMs?: number;
  /** Load again when this changes (a prop the query reads). */
  key?: () => unknown;
}

export interface LiveQuery<T> {
  /** The last data loaded; kept when a reload fails, so the page does not go blank. */
  data: ShallowRef<T | undefined>;
  /** The first load has answered (with data or an error). */
  loaded: Ref<boolean>;
  /** Why the last load failed, in the services' words; cleared by the next success. */
  error: Ref<string | undefined>;
  reload: () => Promise<void>;
  /** Reload soon, once for a burst of calls (throttleMs, else at once). */
  reloadSoon: () => void;
}

/**
 * The one way a view gets data from the services: load now, reload when the store
 * says its domain changed (the CLI, another window, this one), say when a load fails, and stop
 * listening when the view goes. A slower answer to an older load never overwrites a newer one.
 * Changes arrive through composables/storeChanges.ts, the renderer's one subscription to them.
 */
export function useLiveQuery<T>(query: () => Promise<ApiResult<T>>, options: LiveQueryOptions): LiveQuery<T> {
  const data = shallowRef<T>();
  const loaded = ref(false);
  const error = ref<string>();
  let asked = 0;
  let newest: Promise<void> = Promise.resolve();

  /**
   * Resolves once the data is at least as new as this call: a load overtaken by a newer one (a
   * store change announced while it was on its way) waits for that one, so a caller that reloads
   * after saving never reads the list from before its save.
   */
  function reload(): Promise<void> {
    const mine = ++asked;
    const load = (async () => {
      const r = await query();
      if (mine !== asked) return newest;
      if (r.ok) {
        data.value = r.data;
        error.value = undefined;
      } else error.value = r.error.message;
      loaded.value = true;
    })();
    newest = load;
    return load;
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  function reloadSoon(): void {
    if (!options.throttleMs) {
      void reload();
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      void reload();
    }, options.throttleMs);
  }

  const off = onStoreChanged(options.domains, (p) => {
    const id = options.id?.();
    if (id !== undefined && p.ids && !p.ids.includes(id)) return;
    reloadSoon();
  });
  if (getCurrentScope()) {
    onScopeDispose(() => {
      off();
      clearTimeout(timer);
    });
  }
  if (options.key) watch(options.key, () => void reload());
  void reload();
  return { data, loaded, error, reload, reloadSoon };
}
