import { computed, onBeforeUnmount, ref } from 'vue';
import type { EventPayloads } from '@shared/api/contract';
import { api } from '../api';

type Step = EventPayloads['files:progress'];

/**
 * What a long export or open is doing now ("Reading run 3 of 12"), told by the services while the
 * call is out: `watch(about)` before the call, `stop()` after it. `text` is empty when nothing is
 * under way.
 */
export function useFileProgress() {
  const about = ref<string>();
  const now = ref<Step>();
  const off = api.on('files:progress', (p) => {
    if (p.about !== about.value) return;
    now.value = p.step === 'done' ? undefined : p;
  });
  onBeforeUnmount(off);
  return {
    watch(what: string) {
      about.value = what;
      now.value = undefined;
    },
    stop() {
      about.value = undefined;
      now.value = undefined;
    },
    /** The step in words with how far along it is. */
    text: computed(() => (now.value ? `${now.value.step} (${Math.min(now.value.done + 1, now.value.total)} of ${now.value.total})` : '')),
    /** 0-1, for a progress bar. */
    share: computed(() => (now.value && now.value.total > 0 ? now.value.done / now.value.total : 0)),
  };
}
