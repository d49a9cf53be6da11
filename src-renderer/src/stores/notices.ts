import { defineStore } from 'pinia';
import { ref } from 'vue';

export interface Notice {
  id: number;
  kind: 'info' | 'error';
  text: string;
}

/** Short messages after an action ("Cluster duplicated"); errors stay until dismissed, or until what they complain of is fixed (the caller dismisses them by id). */
export const useNotices = defineStore('notices', () => {
  const notices = ref<Notice[]>([]);
  let next = 1;

  function push(kind: Notice['kind'], text: string): number {
    const id = next++;
    notices.value.push({ id, kind, text });
    if (kind === 'info') setTimeout(() => dismiss(id), 4000);
    return id;
  }
  function dismiss(id: number) {
    notices.value = notices.value.filter((n) => n.id !== id);
  }
  return { notices, info: (t: string) => push('info', t), error: (t: string) => push('error', t), dismiss };
});
