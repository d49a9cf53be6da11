import { ref } from 'vue';
import { api } from '../api';
import { navigate } from '../router';
import { useNotices } from '../stores/notices';

/**
 * Every Run in the studio (the designer, the experiments list, a result file's "Rerun"): start the
 * design's batch and open it in the run history, or say why not. `scripts/check-layers.mjs` keeps
 * any other file from calling `experiments:run` itself.
 */
export function useRunExperiment() {
  const notices = useNotices();
  const starting = ref(false);
  /** `allowLarge`: the user's "Run it anyway" for a batch the estimate counts as large; `noticeKey` groups the error with its cause. */
  async function runDesign(id: string, options: { allowLarge?: boolean; noticeKey?: string } = {}): Promise<boolean> {
    starting.value = true;
    try {
      const r = await api.call('experiments:run', { id, ...(options.allowLarge !== undefined ? { allowLarge: options.allowLarge } : {}) });
      if (!r.ok) {
        notices.error(r.error.message, options.noticeKey);
        return false;
      }
      await navigate({ area: 'history', id: r.data.id });
      return true;
    } finally {
      starting.value = false;
    }
  }
  return { starting, runDesign };
}
