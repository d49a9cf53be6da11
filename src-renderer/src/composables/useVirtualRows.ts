import { useVirtualizer } from '@tanstack/vue-virtual';
import { computed, useTemplateRef } from 'vue';

/** Up to this many rows a table is drawn whole, beyond it only the rows in view. */
export const WHOLE_ROWS = 200;

/**
 * A table that draws every row while there are few (each row its natural height, text wrapped)
 * and, beyond `whole` rows, only those in view with spacers for the rest: a why-panel of 11,000
 * attempts or a why-not answer of 3,000 nodes keeps a screenful in the page. The scrolling element
 * carries `ref="scroller"`; virtual rows have the height `rowHeight`.
 */
export function useVirtualRows(count: () => number, rowHeight: number, whole = WHOLE_ROWS) {
  const scroller = useTemplateRef<HTMLElement>('scroller');
  const allDrawn = computed(() => count() <= whole);
  const virtualizer = useVirtualizer(
    computed(() => ({ count: allDrawn.value ? 0 : count(), getScrollElement: () => scroller.value ?? null, estimateSize: () => rowHeight, overscan: 10 })),
  );
  const virtualRows = computed(() => (allDrawn.value ? [] : virtualizer.value.getVirtualItems()));
  /** The rows in the page, by index: all of them when drawn whole, else those in view. */
  const rows = computed(() => (allDrawn.value ? Array.from({ length: count() }, (_, index) => ({ index })) : virtualRows.value));
  /** Heights of the spacers before and after the rows in the page. */
  const before = computed(() => virtualRows.value[0]?.start ?? 0);
  const after = computed(() => (allDrawn.value ? 0 : virtualizer.value.getTotalSize() - (virtualRows.value.at(-1)?.end ?? 0)));
  return { whole: allDrawn, rows, before, after };
}
