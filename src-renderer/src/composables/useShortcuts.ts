import { onBeforeUnmount, onMounted } from 'vue';

export interface Shortcut {
  /** As shown in the cheat sheet: "Mod+Z" (Ctrl, or ⌘ on a Mac), "Shift+Mod+Z", "Delete", "/". */
  keys: string;
  description: string;
  /** Runs even while typing in a field (e.g. save); most shortcuts leave text fields alone. */
  inFields?: boolean;
  run: () => void;
}

export const isMac = /Mac|iPhone|iPad/.test(navigator.platform);
export const showKeys = (keys: string) => keys.replace(/Mod/g, isMac ? '⌘' : 'Ctrl');

function matches(e: KeyboardEvent, keys: string): boolean {
  const parts = keys.split('+');
  const key = parts.pop()!;
  const want = new Set(parts);
  const mod = isMac ? e.metaKey : e.ctrlKey;
  if (want.has('Mod') !== mod || want.has('Shift') !== e.shiftKey || want.has('Alt') !== e.altKey) {
    // Characters typed with Shift ("?", "+") carry it implicitly.
    if (!(key.length === 1 && !/[a-z0-9]/i.test(key) && want.size === 0 && !mod && !e.altKey)) return false;
  }
  return e.key.toLowerCase() === key.toLowerCase();
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Keyboard shortcuts for the mounted view; the same list feeds its cheat sheet. */
export function useShortcuts(shortcuts: () => Shortcut[]) {
  const onKey = (e: KeyboardEvent) => {
    if (document.querySelector('dialog[open]')) return;
    for (const s of shortcuts()) {
      if (!matches(e, s.keys)) continue;
      // Undo/redo inside a text field is the field's own; the document's starts once it loses focus.
      if (typing(e.target) && !s.inFields) continue;
      e.preventDefault();
      s.run();
      return;
    }
  };
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}

/** The keys every document editor shares (cluster, workload, experiment): undo, redo and save, the same in each. */
export const documentShortcuts = (history: { undo: () => void; redo: () => void }, save: () => Promise<unknown>): Shortcut[] => [
  { keys: 'Mod+Z', description: 'Undo', run: history.undo },
  { keys: 'Shift+Mod+Z', description: 'Redo', run: history.redo },
  { keys: 'Mod+Y', description: 'Redo', run: history.redo },
  { keys: 'Mod+S', description: 'Save', inFields: true, run: () => void save() },
];
