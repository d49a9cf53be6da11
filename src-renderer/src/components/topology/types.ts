import type { ClusterSpecInput } from '@shared/cluster/cluster';

/** The cluster as the editor holds it: the input shape, so half-typed values can be validated. */
export type Draft = ClusterSpecInput;
export type Host = Draft['racks'][number]['hosts'][number];

/** One edit, applied to a copy of the draft by the editor's history. */
export type Change = [label: string, apply: (draft: Draft) => void, coalesce?: string];

/** A server's key in selections: rack index and host index ("2/17"). */
export const hostKey = (r: number, h: number) => `${r}/${h}`;
export const parseKey = (key: string) => key.split('/').map(Number) as [number, number];

/** Numbers from inputs: an empty or unreadable field stays text so validation names it. */
export function numberFrom(event: Event): number | string {
  const input = event.target as HTMLInputElement;
  return Number.isNaN(input.valueAsNumber) ? input.value : input.valueAsNumber;
}
