import type { Ref } from 'vue';
import type { DesignRecord } from '@shared/experiment/design';
import { useNotices } from '../stores/notices';
import { useRunExperiment } from './useRunExperiment';

/**
 * The designer's Run: save first (nothing unsaved is lost), refuse while problems are shown beside
 * the cards, pass the user's "Run it anyway" for a large batch, and open the batch in the run
 * history once it has started.
 */
export function useDesignRun(savedFirst: () => Promise<DesignRecord | undefined>, problems: { own: Ref<number>; run: Ref<number> }, allowLarge: Ref<boolean>) {
  const notices = useNotices();
  const { starting, runDesign } = useRunExperiment();
  async function run() {
    const saved = await savedFirst();
    if (!saved || problems.own.value) return;
    const n = problems.run.value;
    if (n) return notices.error(`Fix the ${n === 1 ? 'problem' : `${n} problems`} shown beside the cards before running`, 'run');
    await runDesign(saved.id, { allowLarge: allowLarge.value, noticeKey: 'run' });
  }
  return { starting, run };
}
