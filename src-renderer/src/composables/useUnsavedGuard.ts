import { onBeforeUnmount, ref, type Ref } from 'vue';
import { guardLeaving } from '../router';

/**
 * Ask before unsaved work is lost: when the user leaves the editor inside the app (a confirm
 * dialog driven by `asking`) and when the window is closed or reloaded (the browser's own prompt).
 */
export function useUnsavedGuard(dirty: Ref<boolean>) {
  const asking = ref(false);
  let answer: ((leave: boolean) => void) | undefined;

  const stop = guardLeaving(() => {
    if (!dirty.value) return Promise.resolve(true);
    asking.value = true;
    return new Promise<boolean>((resolve) => (answer = resolve));
  });
  const beforeUnload = (e: BeforeUnloadEvent) => {
    if (!dirty.value) return;
    e.preventDefault();
    e.returnValue = '';
  };
  window.addEventListener('beforeunload', beforeUnload);
  onBeforeUnmount(() => {
    stop();
    window.removeEventListener('beforeunload', beforeUnload);
  });

  function reply(leave: boolean) {
    asking.value = false;
    answer?.(leave);
    answer = undefined;
  }
  return { asking, leave: () => reply(true), stay: () => reply(false) };
}
