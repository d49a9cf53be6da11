import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { StoreStatus } from '@shared/api/records';
import { api } from '../api';
import { onStoreChanged } from '../composables/storeChanges';

/**
 * Whether the database opened cleanly, and the backups on offer if it did not; and whether the
 * studio lost its hold on the data folder while it was paused (what became of its pending saves).
 */
export const useStoreHealth = defineStore('storeHealth', () => {
  const status = ref<StoreStatus>();
  const dismissed = ref(false);
  /** The take-over the user has dismissed (by its time): a later one shows again. */
  const takeoverDismissed = ref<string>();

  async function load() {
    const result = await api.call('store:status', {});
    if (result.ok) status.value = result.data;
  }

  async function restore(name: string) {
    const result = await api.call('store:restoreBackup', { name });
    if (result.ok) status.value = result.data;
    return result;
  }

  // Only a change of the store as a whole (a restore, a file another process rewrote, a take-over).
  onStoreChanged([], () => void load());

  return { status, dismissed, takeoverDismissed, load, restore };
});
