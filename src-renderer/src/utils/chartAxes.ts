import { formatValue } from '@shared/results/metrics';

/**
 * A seconds axis's pointer label, which heads an axis-triggered tooltip: "305.2 s" (or "failure
 * at 305.2 s") where ECharts would print the bare axis value "305.15".
 */
export function secondsPointer(before = '') {
  return { label: { formatter: (p: { value: unknown }) => (typeof p.value === 'number' ? `${before}${formatValue(p.value, 1)} s` : String(p.value ?? '—')) } };
}
