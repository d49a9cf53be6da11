import { ref } from 'vue';
import { hostKey, type Draft } from '../components/topology/types';

/**
 * The servers selected on the topology map, by key (rack and host index): chosen one by one, all
 * at once or by a search, and pruned when servers are removed, since indices move then.
 */
export function useServerSelection(racks: () => Draft['racks'], onSelect: () => void) {
  const selected = ref(new Set<string>());
  const allKeys = () => racks().flatMap((rack, r) => rack.hosts.map((_, h) => hostKey(r, h)));

  function select(keys: string[], mode: 'replace' | 'toggle' | 'add') {
    const next = mode === 'replace' ? new Set<string>() : new Set(selected.value);
    for (const k of keys) {
      if (mode === 'toggle' && next.has(k)) next.delete(k);
      else next.add(k);
    }
    selected.value = next;
    onSelect();
  }
  /** Drop keys that point past the end after a change. */
  function prune() {
    const valid = new Set(allKeys());
    if ([...selected.value].some((k) => !valid.has(k))) selected.value = new Set([...selected.value].filter((k) => valid.has(k)));
  }
  return { selected, select, selectAll: () => select(allKeys(), 'replace'), prune, clear: () => (selected.value = new Set()) };
}
