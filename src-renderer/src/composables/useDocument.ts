import { computed, ref } from 'vue';
import type { ApiResult } from '@shared/results/result';
import { useDocumentSave } from './useDocumentSave';
import { useHistory } from './useHistory';
import { useUnsavedGuard } from './useUnsavedGuard';

interface SavedDocument<D> {
  id: string;
  name: string;
  updatedAt: string;
  spec: D;
}

export interface DocumentOptions<D, R extends SavedDocument<D>> {
  /** What the editor holds before its document is open. */
  empty: D;
  /** The document's problems by field path (first message per field), as the services would say them. */
  errors: (spec: D) => Record<string, string>;
  /** Save the document under its id, sent with the `updatedAt` it was opened at. */
  update: (id: string, spec: D, expectedUpdatedAt: string) => Promise<ApiResult<R>>;
  /** A draft (opened by "New …") is created by its first save; `created` is told its record. */
  draft?: { create: (spec: D) => Promise<ApiResult<R>>; created: (record: R) => void };
}

/**
 * The one way an editor (cluster, workload, experiment) holds its document: undo history and dirty
 * state, opening it (a saved record, or a new draft), saving it (refused while it has problems, a
 * draft created by its first save), and asking before unsaved work is left. What else an editor
 * loads (pick lists, templates) stays its own.
 */
export function useDocument<D, R extends SavedDocument<D>>(options: DocumentOptions<D, R>) {
  const history = useHistory<D>(options.empty);
  const spec = computed<D>(() => history.present.value);
  const errors = computed<Record<string, string>>(() => options.errors(spec.value));
  const { record, saving, save } = useDocumentSave<D, R>(history, errors, options.update, options.draft);
  const { asking, leave, stay } = useUnsavedGuard(history.dirty, saving);
  /** Why the document could not be opened, in the services' words. */
  const loadError = ref<string>();
  /** The document is open: a record was read, or a draft started. */
  const loaded = ref(false);

  /** Open a saved record as read from the services (or say why it could not be). */
  function opened(result: ApiResult<R>): void {
    loaded.value = true;
    if (!result.ok) {
      loadError.value = result.error.message;
      return;
    }
    record.value = result.data;
    history.reset(structuredClone(result.data.spec));
  }

  /** Start a new draft: nothing is stored until its first save. */
  function startDraft(draft: D): void {
    history.reset(draft);
    loaded.value = true;
  }

  return { history, spec, errors, record, saving, save, loadError, loaded, opened, startDraft, asking, leave, stay };
}
