import { onBeforeUnmount, ref, watch, type Ref } from 'vue';
import { guardLeaving } from '../router';

/** Resolves once `flag` is false (at once if it is). */
function whenFalse(flag: Ref<boolean>): Promise<void> {
  if (!flag.value) return Promise.resolve();
  return new Promise((resolve) => {
    const off = watch(flag, (on) => {
      if (on) return;
      off();
      resolve();
    });
  });
}

/**
 * Ask before unsaved work is lost: when the user leaves the editor inside the app (a confirm
 * dialog driven by `asking`) and when the window is closed or reloaded (the browser's own prompt).
 * Leaving while a save is on its way waits for it: only what it did not store (an edit made
 * since, or everything if it failed) is asked about, so Save then a click elsewhere just goes.
 */
export function useUnsavedGuard(dirty: Ref<boolean>, saving?: Ref<boolean>) {
  const asking = ref(false);
  let answer: ((leave: boolean) => void) | undefined;

  const stop = guardLeaving(async () => {
    if (saving) await whenFalse(saving);
    if (!dirty.value) return true;
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
