import { ARIA_FIELDS, type AriaProfile } from './profile';
import { ariaProfileOf, emptyAriaTotals, mergeAriaTotals, typicalShuffleObserved, type AriaTotals } from './totals';

/**
 * One entry of the run history that measured a template on one of its clusters: the finished runs'
 * totals added up (sec. 3.2). The planner builds a measured profile from the entries the user picks,
 * never from every run the studio ever made: a template's tasks take different times on different
 * clusters, and pooling them gives bounds no cluster has.
 */
export interface AriaMeasurement {
  /** `batchId/clusterIndex`: one per history entry and cluster. */
  key: string;
  batchId: string;
  /** The history entry's name and when it ran. */
  name: string;
  createdAt: string;
  template: string;
  /** The cluster the runs ran on, as the entry copied it (the id of the saved cluster, when it came from one). */
  cluster: {
    id?: string;
    name: string;
    /** Its map and reduce slots as FIFO sizes them (absent for a result file's runs). */ slots?: { maps: number; reduces: number };
  };
  runs: number;
  /** The run labels (schedulers) that went in. */
  schedulers: string[];
  totals: AriaTotals;
}

type ProfileField = keyof AriaProfile;

/** The profile of picked entries, and how far apart the entries' own profiles are. */
export interface CombinedMeasurement {
  profile: AriaProfile;
  typicalShuffleObserved: boolean;
  runs: number;
  entries: number;
  clusters: string[];
  /** Per field, the lowest and highest value among the picked entries' own profiles. */
  spread: Record<ProfileField, { min: number; max: number }>;
  /** The measured jobs' fewest and most maps (absent when the runs did not count them). */
  jobMaps?: { jobs: number; min: number; max: number };
}

/** Jobs this many times apart in maps are too unlike for one profile: the planner warns. */
export const SIZE_SPREAD_WARNING = 10;

/** The picked entries' totals added up into one profile (sec. 3.2), with the spread between them. */
export function combineMeasurements(picked: AriaMeasurement[]): CombinedMeasurement | undefined {
  if (!picked.length) return undefined;
  const totals = picked.reduce((sum, m) => mergeAriaTotals(sum, m.totals), emptyAriaTotals());
  const own = picked.map((m) => ariaProfileOf(m.totals));
  const spread = Object.fromEntries(
    ARIA_FIELDS.map((f) => [f, { min: Math.min(...own.map((p) => p[f])), max: Math.max(...own.map((p) => p[f])) }]),
  ) as CombinedMeasurement['spread'];
  return {
    profile: ariaProfileOf(totals),
    typicalShuffleObserved: typicalShuffleObserved(totals),
    runs: picked.reduce((n, m) => n + m.runs, 0),
    entries: picked.length,
    clusters: [...new Set(picked.map((m) => m.cluster.name))],
    spread,
    ...(totals.jobs?.count ? { jobMaps: { jobs: totals.jobs.count, min: totals.jobs.minMaps, max: totals.jobs.maxMaps } } : {}),
  };
}

/** Whether an entry ran on the cluster: the saved cluster's id when both have one, else its name. */
export function ranOn(m: AriaMeasurement, cluster: { id?: string; name: string }): boolean {
  return m.cluster.id !== undefined && cluster.id !== undefined ? m.cluster.id === cluster.id : m.cluster.name === cluster.name;
}

/**
 * The clusters a template was measured on, newest first, each once: the planner's choice of
 * "measured on", whose entries are picked by default.
 */
export function measuredClusters(measurements: AriaMeasurement[]): { id?: string; name: string }[] {
  const out: { id?: string; name: string }[] = [];
  for (const m of measurements) if (!out.some((c) => ranOn(m, c))) out.push(m.cluster);
  return out;
}

/**
 * Said beside a measured profile whose jobs are an order of magnitude or more apart in maps: the
 * profile averages tasks of unlike jobs (a large job's shuffle and reduces are not a small one's),
 * so bounds for any one size may be far off.
 */
export function sizeSpreadWarning(combined: CombinedMeasurement): string | undefined {
  const j = combined.jobMaps;
  if (!j || j.min <= 0 || j.max / j.min < SIZE_SPREAD_WARNING) return undefined;
  const n = (x: number) => x.toLocaleString('en-US');
  return `The ${n(j.jobs)} measured jobs range from ${n(j.min)} to ${n(j.max)} map${j.max === 1 ? '' : 's'} (${n(Math.round(j.max / j.min))}× apart): one profile of such unlike jobs describes none of them well, and its bounds may be far off. Tick the entries whose jobs are near the size you plan for, or measure that size.`;
}
