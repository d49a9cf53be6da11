import { ref, shallowRef, type ComputedRef } from 'vue';
import type { ApiResult } from '@shared/result';
import { useNotices } from '../stores/notices';
import type { useHistory } from './useHistory';

interface Saved {
  name: string;
  updatedAt: string;
}

/**
 * Saving an editor's document: refused while it has problems (the first is named), sent with the
 * `updatedAt` it was loaded at so a change made elsewhere is not overwritten, and the snapshot
 * that was sent becomes the clean state (edits made while saving stay unsaved).
 */
export function useDocumentSave<D, R extends Saved>(history: ReturnType<typeof useHistory<D>>, errors: ComputedRef<Record<string, string>>, update: (spec: D, expectedUpdatedAt: string) => Promise<ApiResult<R>>) {
  const notices = useNotices();
  const record = shallowRef<R>();
  const saving = ref(false);

  async function save() {
    if (!record.value || saving.value) return;
    const problems = Object.entries(errors.value);
    if (problems.length) {
      notices.error(`Fix the ${problems.length} problem(s) before saving: ${problems[0].join(': ')}`);
      return;
    }
    saving.value = true;
    const snapshot = history.present.value;
    const r = await update(snapshot, record.value.updatedAt);
    saving.value = false;
    if (!r.ok) {
      notices.error(r.error.message);
      return;
    }
    record.value = r.data;
    history.markSaved(snapshot);
    notices.info(`Saved "${r.data.name}"`);
  }

  return { record, saving, save };
}
