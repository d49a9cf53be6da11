import { problemsInWords } from '@shared/api/fieldLabels';
import { ref, shallowRef, watch, type ComputedRef } from 'vue';
import type { ApiResult } from '@shared/results/result';
import { useNotices } from '../stores/notices';
import type { useHistory } from './useHistory';

interface Saved {
  id: string;
  name: string;
  updatedAt: string;
}

/**
 * Saving an editor's document: refused while it has problems (the first is named), sent with the
 * `updatedAt` it was loaded at so a change made elsewhere is not overwritten, and the snapshot
 * that was sent becomes the clean state (edits made while saving stay unsaved). A draft (no record
 * yet) is created by its first save, and `created` is told its new record.
 */
export function useDocumentSave<D, R extends Saved>(
  history: ReturnType<typeof useHistory<D>>,
  errors: ComputedRef<Record<string, string>>,
  update: (id: string, spec: D, expectedUpdatedAt: string) => Promise<ApiResult<R>>,
  draft?: { create: (spec: D) => Promise<ApiResult<R>>; created: (record: R) => void },
) {
  const notices = useNotices();
  const record = shallowRef<R>();
  const saving = ref(false);
  /** The "fix the problems first" toast: it goes away by itself once the problems are fixed. */
  let problemsNotice: number | undefined;
  watch(
    () => Object.keys(errors.value).length,
    (count) => {
      if (count === 0 && problemsNotice !== undefined) {
        notices.dismiss(problemsNotice);
        problemsNotice = undefined;
      }
    },
  );

  async function save() {
    if ((!record.value && !draft) || saving.value) return;
    const problems = Object.entries(errors.value);
    if (problems.length) {
      if (problemsNotice !== undefined) notices.dismiss(problemsNotice);
      problemsNotice = notices.error(
        `Fix ${problems.length === 1 ? 'this problem' : `these ${problems.length} problems`} before saving (each is shown beside its field): ${problemsInWords(problems.map(([field, message]) => ({ field, message })))}`,
      );
      return;
    }
    saving.value = true;
    const snapshot = history.present.value;
    const creating = !record.value;
    const r = record.value ? await update(record.value.id, snapshot, record.value.updatedAt) : await draft!.create(snapshot);
    saving.value = false;
    if (!r.ok) {
      notices.error(r.error.message);
      return;
    }
    record.value = r.data;
    history.markSaved(snapshot);
    notices.info(`Saved "${r.data.name}"`);
    if (creating) draft?.created(r.data);
  }

  return { record, saving, save };
}
