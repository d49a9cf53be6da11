import { reactive } from 'vue';

/**
 * Where the user is, kept in the URL fragment (`#/clusters/<id>`) so a reload reopens the same
 * editor. An open editor may register a guard that is asked before leaving (unsaved changes).
 */
export type Area = 'clusters' | 'workloads' | 'experiments' | 'history' | 'planner' | 'reproduce';
export type Route = { area: Area; id?: string };

type Guard = () => Promise<boolean>;
let guard: Guard | undefined;

function parse(hash: string): Route {
  const [, area, id] = /^#\/(clusters|workloads|experiments|history|planner|reproduce)(?:\/([\w-]+))?/.exec(hash) ?? [];
  return { area: (area as Route['area'] | undefined) ?? 'clusters', ...(id ? { id } : {}) };
}

export const route = reactive<Route>(parse(window.location.hash));

const hashOf = (r: Route) => `#/${r.area}${r.id ? `/${r.id}` : ''}`;

async function followHash(): Promise<void> {
  const next = parse(window.location.hash);
  if (next.area === route.area && next.id === route.id) return;
  if (guard && !(await guard())) {
    history.replaceState(null, '', hashOf(route));
    return;
  }
  Object.assign(route, { area: next.area, id: next.id });
}
window.addEventListener('hashchange', () => void followHash());

export async function navigate(next: Route): Promise<boolean> {
  if (next.area === route.area && next.id === route.id) return true;
  if (guard && !(await guard())) return false;
  guard = undefined;
  route.area = next.area;
  route.id = next.id;
  history.pushState(null, '', hashOf(next));
  return true;
}

/** Ask before leaving; returns the function that removes the guard. */
export function guardLeaving(ask: Guard): () => void {
  guard = ask;
  return () => {
    if (guard === ask) guard = undefined;
  };
}

/** Show another id in the same place without asking (a draft that was just saved got its id). */
export function replaceRoute(next: Route): void {
  route.area = next.area;
  route.id = next.id;
  history.replaceState(null, '', hashOf(next));
}

/** The id that opens an editor on an unsaved draft; nothing is stored until the user saves. */
export const DRAFT_ID = 'new';
