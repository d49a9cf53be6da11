/**
 * The cluster's state over time, field by field, as the engine samples it (engine/measure/engineResult.ts), the
 * store keeps it (runner/runColumns.ts), the charts draw it and the reports write it: one list.
 */
export const SERIES_FIELDS = ['cpu', 'memory', 'disk', 'network', 'runningMaps', 'runningShuffles', 'runningReduces', 'pendingTasks'] as const;

export type SeriesField = (typeof SERIES_FIELDS)[number];
