import { ref, type Ref } from 'vue';
import type { DesignRecord } from '@shared/experiment/design';
import { api } from '../api';
import { navigate } from '../router';
import { useNotices } from '../stores/notices';

/**
 * The designer's Run: save first (nothing unsaved is lost), refuse while problems are shown beside
 * the cards, pass the user's "Run it anyway" for a large batch, and open the batch in the run
 * history once it has started.
 */
export function useDesignRun(savedFirst: () => Promise<DesignRecord | undefined>, problems: { own: Ref<number>; run: Ref<number> }, allowLarge: Ref<boolean>) {
  const notices = useNotices();
  const starting = ref(false);
  async function run() {
    const saved = await savedFirst();
    if (!saved || problems.own.value) return;
    const n = problems.run.value;
    if (n) return notices.error(`Fix the ${n === 1 ? 'problem' : `${n} problems`} shown beside the cards before running`, 'run');
    starting.value = true;
    const r = await api.call('experiments:run', { id: saved.id, allowLarge: allowLarge.value });
    starting.value = false;
    if (!r.ok) return notices.error(r.error.message, 'run');
    await navigate({ area: 'history', id: r.data.id });
  }
  return { starting, run };
}
