import type { EventPayloads } from '@shared/api/contract';
import { api } from '../api';

export type StoreDomain = EventPayloads['store:changed']['domain'];
export type StoreChange = EventPayloads['store:changed'];

const listeners = new Set<(change: StoreChange) => void>();
let subscribed = false;

/**
 * The renderer's one subscription to the store's changes (the CLI, another window, this one):
 * every reader — useLiveQuery, the saved lists, the store's health — registers here for the
 * domains it shows. A restored backup (`store`) reaches every reader. `scripts/check-layers.mjs`
 * keeps any other file from listening to `store:changed` itself.
 */
export function onStoreChanged(domains: readonly StoreDomain[], listener: (change: StoreChange) => void): () => void {
  if (!subscribed) {
    subscribed = true;
    api.on('store:changed', (change) => {
      for (const l of [...listeners]) l(change);
    });
  }
  const filtered = (change: StoreChange) => {
    if (change.domain === 'store' || domains.includes(change.domain)) listener(change);
  };
  listeners.add(filtered);
  return () => listeners.delete(filtered);
}
