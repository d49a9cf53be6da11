import type { CoreView, PolicyScores } from '../engine/scheduling/schedulerApi';

/** One candidate of a policy's table of scores (Scheduler.scores). */
export type ScoreRow = PolicyScores['rows'][number];

/** The most rows a table lists: the candidates a heartbeat reaches first. */
export const MOST_ROWS = 30;

/**
 * What of job j a heartbeat would place next, in the why panel's words, or undefined when nothing
 * of it can be placed now (no map waiting, no reduce that may start). A YARN policy (`masters`)
 * places a job's application master before its tasks. Undefined also tells Capacity and DRF a
 * job they may pass over at a decision: it would take nothing.
 */
export function nextCandidate(view: CoreView, j: number, masters: boolean): 'its application master' | 'its next map' | 'its next reduce' | undefined {
  if (masters && view.appMasterNode(j) < 0) return 'its application master';
  if (view.pendingMaps(j) > 0) return 'its next map';
  if (view.pendingReduces(j) > 0 && view.reducesMayStart(j)) return 'its next reduce';
  return undefined;
}
