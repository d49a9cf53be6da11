import type { ClusterView } from '../engine/schedulerApi';
import { Locality, LOCALITY_NAMES } from '../engine/topology';

/** Shared pieces of the Hadoop 1 slot schedulers (FIFO, Fair, LATE). */

export const LEVEL_WORDS = ['node-local', 'server-local', 'rack-local', 'off-rack', 'no input'] as const;
export { LOCALITY_NAMES };

/**
 * Launch one reduce of job j on node n if the job may start reduces; true on success.
 * The reason is built only for a launch: heartbeats try many jobs for every one they place.
 */
export function launchReduce(view: ClusterView, j: number, n: number, why: () => string, memoryMb: number): boolean {
  if (view.pendingReduces(j) === 0 || !view.reducesMayStart(j)) return false;
  const task = view.nextReduce(j);
  return task >= 0 && view.launch(task, n, () => `${why()}; reduce`, { memoryMb });
}

/** Launch the best-placed pending map of job j on node n, no worse than maxLevel. */
export function launchMap(view: ClusterView, j: number, n: number, maxLevel: Locality, serverLocality: boolean, why: () => string, found: { level: Locality }, memoryMb: number): boolean {
  const task = view.findMap(j, n, maxLevel, found, serverLocality);
  const level = found.level;
  return task >= 0 && view.launch(task, n, () => `${why()}; ${LEVEL_WORDS[level]} map`, { memoryMb });
}
