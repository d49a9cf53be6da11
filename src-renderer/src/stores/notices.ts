import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import { route } from '../router';

export interface Notice {
  id: number;
  kind: 'info' | 'error';
  text: string;
  /** The page (area and item) the message belongs to: an error leaves when the user leaves that page. */
  page: string;
  /** What the message is about: a new message with the same key replaces it, and `clear(key)` removes it once its cause is fixed. */
  key?: string;
}

const pageOf = () => `${route.area}/${route.id ?? ''}`;
/** How long a confirmation stays. */
const INFO_MS = 4000;

/**
 * The one place the studio tells the user something after an action. Confirmations ("Cluster
 * duplicated") leave by themselves; errors stay until the user dismisses them, their cause is
 * fixed (the action that failed succeeds: `clear(key)`, or a new message with the same key takes
 * their place), or the user leaves the page they are about — an error never follows the user
 * across the studio.
 */
export const useNotices = defineStore('notices', () => {
  const notices = ref<Notice[]>([]);
  let next = 1;

  function push(kind: Notice['kind'], text: string, key?: string): number {
    const id = next++;
    const kept = key === undefined ? notices.value : notices.value.filter((n) => n.key !== key);
    notices.value = [...kept, { id, kind, text, page: pageOf(), ...(key === undefined ? {} : { key }) }];
    if (kind === 'info') setTimeout(() => dismiss(id), INFO_MS);
    return id;
  }
  function dismiss(id: number) {
    notices.value = notices.value.filter((n) => n.id !== id);
  }
  /** The cause of the messages with this key is fixed. */
  function clear(key: string) {
    notices.value = notices.value.filter((n) => n.key !== key);
  }
  // Leaving a page takes its errors with it.
  watch(
    () => pageOf(),
    (page) => (notices.value = notices.value.filter((n) => n.kind === 'info' || n.page === page)),
  );
  return { notices, info: (t: string, key?: string) => push('info', t, key), error: (t: string, key?: string) => push('error', t, key), dismiss, clear };
});
