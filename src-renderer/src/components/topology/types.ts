import type { ClusterSpecInput } from '@shared/cluster/cluster';

/** The cluster as the editor holds it: the input shape, so half-typed values can be validated. */
export type Draft = ClusterSpecInput;
export type Host = Draft['racks'][number]['hosts'][number];

/** The cluster editor's inspector tabs (ClusterInspector.vue). */
export type InspectorTab = 'selection' | 'types' | 'network' | 'add';

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

/** A selected server: its key, its place (rack, index) and the server itself. */
export interface Picked {
  key: string;
  at: [number, number];
  host: Host;
}

/** The value every picked server has, or undefined when they differ ("(mixed)"). */
export function commonValue<T>(picked: readonly Picked[], pick: (h: Host) => T): T | undefined {
  const values = new Set(picked.map((x) => pick(x.host)));
  return values.size === 1 ? [...values][0] : undefined;
}

/** Apply `fn` to each picked server in a draft (the copy an edit changes). */
export function eachPicked(draft: Draft, picked: readonly Picked[], fn: (h: Host) => void): void {
  picked.forEach((x) => fn(draft.racks[x.at[0]].hosts[x.at[1]]));
}
