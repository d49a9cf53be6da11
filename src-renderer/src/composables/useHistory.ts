import { computed, shallowRef, triggerRef } from 'vue';

interface Entry<T> {
  value: T;
  label: string;
}

/**
 * Undo / redo over immutable snapshots of a document. Typing in one field makes one step, not one
 * per key: commits with the same `coalesce` key within a second replace the previous step.
 * `dirty` compares with the last saved snapshot by identity, so undoing back to it is clean again.
 */
export function useHistory<T>(initial: T, limit = 300) {
  const present = shallowRef<T>(initial);
  const past = shallowRef<Entry<T>[]>([]);
  const future = shallowRef<Entry<T>[]>([]);
  const saved = shallowRef<T>(initial);
  let lastKey: string | undefined;
  let lastAt = 0;

  function commit(next: T, label: string, coalesce?: string) {
    const now = Date.now();
    if (coalesce && coalesce === lastKey && now - lastAt < 1000 && past.value.length) {
      present.value = next;
    } else {
      past.value = [...past.value.slice(-(limit - 1)), { value: present.value, label }];
      present.value = next;
    }
    future.value = [];
    lastKey = coalesce;
    lastAt = now;
  }

  /** Apply a change to a deep copy and commit it. */
  function update(label: string, change: (draft: T) => void, coalesce?: string) {
    const draft = structuredClone(present.value) as T;
    change(draft);
    commit(draft, label, coalesce);
  }

  function undo() {
    const last = past.value.at(-1);
    if (!last) return;
    past.value = past.value.slice(0, -1);
    future.value = [...future.value, { value: present.value, label: last.label }];
    present.value = last.value;
    lastKey = undefined;
  }

  function redo() {
    const next = future.value.at(-1);
    if (!next) return;
    future.value = future.value.slice(0, -1);
    past.value = [...past.value, { value: present.value, label: next.label }];
    present.value = next.value;
    lastKey = undefined;
  }

  function markSaved(value: T = present.value) {
    if (value !== present.value) {
      present.value = value;
    }
    saved.value = value;
    triggerRef(present);
  }

  function reset(value: T) {
    present.value = value;
    saved.value = value;
    past.value = [];
    future.value = [];
    lastKey = undefined;
  }

  return {
    present,
    commit,
    update,
    undo,
    redo,
    markSaved,
    reset,
    canUndo: computed(() => past.value.length > 0),
    canRedo: computed(() => future.value.length > 0),
    undoLabel: computed(() => past.value[past.value.length - 1]?.label),
    redoLabel: computed(() => future.value[future.value.length - 1]?.label),
    dirty: computed(() => present.value !== saved.value),
  };
}
