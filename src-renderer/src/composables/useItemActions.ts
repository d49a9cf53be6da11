import { ref, type Ref } from 'vue';
import type { ApiResult } from '@shared/results/result';
import { useNotices } from '../stores/notices';

interface SavedItems {
  rename(id: string, name: string): Promise<ApiResult<{ name: string }>>;
  duplicate(id: string): Promise<ApiResult<{ name: string }>>;
  remove(id: string): Promise<ApiResult<{ id: string }>>;
}

/** What the rename and delete dialogs need (ItemDialogs.vue). */
export interface ItemDialogState {
  renaming: Ref<{ id: string; name: string } | undefined>;
  deleting: Ref<{ id: string; name: string } | undefined>;
  deleteBusy: Ref<boolean>;
  rename(name: string): Promise<{ ok: true } | { ok: false; message: string }>;
  confirmDelete(): Promise<void>;
}

/**
 * Rename, duplicate and delete (after confirmation) for a list page, each ending in a notice:
 * what the clusters and workloads pages share. `renaming` / `deleting` drive their dialogs.
 */
export function useItemActions<T extends { id: string; name: string }>(items: SavedItems) {
  const notices = useNotices();
  const renaming = ref<T>();
  const deleting = ref<T>();
  const deleteBusy = ref(false);

  /** For RenameDialog: a clash comes back as the field's message. */
  async function rename(name: string) {
    const result = await items.rename(renaming.value!.id, name);
    if (result.ok) notices.info(`Renamed to "${result.data.name}"`);
    return result.ok ? ({ ok: true } as const) : ({ ok: false, message: result.error.message.replace(/^name: /, '') } as const);
  }

  async function duplicate(item: T) {
    const result = await items.duplicate(item.id);
    if (result.ok) notices.info(`Duplicated as "${result.data.name}"`);
    else notices.error(result.error.message);
  }

  async function confirmDelete() {
    const target = deleting.value!;
    deleteBusy.value = true;
    const result = await items.remove(target.id);
    deleteBusy.value = false;
    deleting.value = undefined;
    if (result.ok) notices.info(`Deleted "${target.name}"`);
    else notices.error(result.error.message);
  }

  return { renaming, deleting, deleteBusy, rename, duplicate, confirmDelete };
}
