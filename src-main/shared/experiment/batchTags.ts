/**
 * The tag of a history entry made by comparing other entries: its runs are copies of theirs, so
 * whatever counts measurements (the Planner's staging runs) counts the originals and skips it.
 */
export const ACROSS_HISTORY_TAG = 'comparison across history';
