import { z } from 'zod';
import type { AriaProfile } from './profile';

/**
 * What finished tasks of one template reported, summed so that runs can be added together and the
 * ARIA profile (sec. 3.2) read off at any time: counts, sums and extremes of the stage durations,
 * and the bytes that give the selectivities. Every run refines the profile by adding its totals.
 */
const Durations = z.strictObject({ count: z.number().int().min(0), sumS: z.number().min(0), maxS: z.number().min(0) });

export const AriaTotalsSchema = z.strictObject({
  maps: Durations.extend({ minS: z.number().min(0), inputMb: z.number().min(0), outputMb: z.number().min(0) }),
  /** Reduces of the first wave (started before the map stage ended): shuffle after the map stage only. */
  firstShuffle: Durations,
  /** Reduces of later waves: their whole shuffle, with the interleaved sort. */
  typicalShuffle: Durations,
  reduces: Durations.extend({ inputMb: z.number().min(0), outputMb: z.number().min(0) }),
  /**
   * The jobs that went in and their fewest and most maps: one profile of jobs a thousand times
   * apart in size describes none of them well, and the planner says so. Absent in runs stored
   * before it was counted.
   */
  jobs: z.strictObject({ count: z.number().int().min(0), minMaps: z.number().int().min(0), maxMaps: z.number().int().min(0) }).optional(),
});

export type AriaTotals = z.output<typeof AriaTotalsSchema>;

export function emptyAriaTotals(): AriaTotals {
  const d = () => ({ count: 0, sumS: 0, maxS: 0 });
  return {
    maps: { ...d(), minS: 0, inputMb: 0, outputMb: 0 },
    firstShuffle: d(),
    typicalShuffle: d(),
    reduces: { ...d(), inputMb: 0, outputMb: 0 },
    jobs: { count: 0, minMaps: 0, maxMaps: 0 },
  };
}

/** One more job of `maps` maps into the totals. */
export function addJob(t: AriaTotals, maps: number): void {
  const j = (t.jobs ??= { count: 0, minMaps: 0, maxMaps: 0 });
  j.minMaps = j.count === 0 ? maps : Math.min(j.minMaps, maps);
  j.maxMaps = Math.max(j.maxMaps, maps);
  j.count++;
}

type JobSizes = NonNullable<AriaTotals['jobs']>;
/** Two job counts as one; a side that never counted its jobs (older runs) or counted none adds nothing. */
function mergeJobs(a: JobSizes | undefined, b: JobSizes | undefined): JobSizes | undefined {
  if (!a?.count) return b ?? a;
  if (!b?.count) return a;
  return { count: a.count + b.count, minMaps: Math.min(a.minMaps, b.minMaps), maxMaps: Math.max(a.maxMaps, b.maxMaps) };
}

type D = { count: number; sumS: number; maxS: number };

export function addDuration(into: D & { minS?: number }, seconds: number): void {
  if (into.minS !== undefined) into.minS = into.count === 0 ? seconds : Math.min(into.minS, seconds);
  into.count++;
  into.sumS += seconds;
  into.maxS = Math.max(into.maxS, seconds);
}

/** One successful map into the totals: its duration, and the bytes it read and wrote. */
export function addMap(t: AriaTotals, seconds: number, inputMb: number, outputMb: number): void {
  addDuration(t.maps, seconds);
  t.maps.inputMb += inputMb;
  t.maps.outputMb += outputMb;
}

/**
 * One successful reduce into the totals (sec. 3.2): it started at `start`, its sort ended at
 * `sortEnd`, and its job's map stage ended at `mapEnd` (before `sortEnd`: a shuffle completes only
 * once every map is done). A reduce started before the map stage ended is of the first wave, and
 * only its shuffle after the map stage counts (the non-overlapping part); later waves' whole
 * shuffle, sort included, is the typical shuffle.
 */
export function addReduce(t: AriaTotals, start: number, sortEnd: number, end: number, mapEnd: number, inputMb: number, outputMb: number): void {
  if (start < mapEnd) addDuration(t.firstShuffle, Math.max(0, sortEnd - mapEnd));
  else addDuration(t.typicalShuffle, sortEnd - start);
  addDuration(t.reduces, end - sortEnd);
  t.reduces.inputMb += inputMb;
  t.reduces.outputMb += outputMb;
}

function mergeD(a: D, b: D): D {
  return { count: a.count + b.count, sumS: a.sumS + b.sumS, maxS: Math.max(a.maxS, b.maxS) };
}

export function mergeAriaTotals(a: AriaTotals, b: AriaTotals): AriaTotals {
  const minS = a.maps.count === 0 ? b.maps.minS : b.maps.count === 0 ? a.maps.minS : Math.min(a.maps.minS, b.maps.minS);
  return {
    maps: { ...mergeD(a.maps, b.maps), minS, inputMb: a.maps.inputMb + b.maps.inputMb, outputMb: a.maps.outputMb + b.maps.outputMb },
    firstShuffle: mergeD(a.firstShuffle, b.firstShuffle),
    typicalShuffle: mergeD(a.typicalShuffle, b.typicalShuffle),
    reduces: { ...mergeD(a.reduces, b.reduces), inputMb: a.reduces.inputMb + b.reduces.inputMb, outputMb: a.reduces.outputMb + b.reduces.outputMb },
    ...(mergeJobs(a.jobs, b.jobs) ? { jobs: mergeJobs(a.jobs, b.jobs) } : {}),
  };
}

const r3 = (x: number) => Number(x.toFixed(3));
const mean = (d: D) => (d.count ? d.sumS / d.count : 0);

/**
 * The ARIA profile from the totals (sec. 3.2). Runs with a single reduce wave never show a typical
 * shuffle: shTypAvg and shTypMax then stay 0, and `typicalShuffleObserved` lets the planner say so
 * before the profile predicts a job with more waves.
 */
export function ariaProfileOf(t: AriaTotals): AriaProfile {
  return {
    mMin: r3(t.maps.minS),
    mAvg: r3(mean(t.maps)),
    mMax: r3(t.maps.maxS),
    avgInputMB: r3(t.maps.count ? t.maps.inputMb / t.maps.count : 0),
    selectivityM: t.maps.inputMb > 0 ? Number((t.maps.outputMb / t.maps.inputMb).toPrecision(6)) : 0,
    selectivityR: t.reduces.inputMb > 0 ? Number((t.reduces.outputMb / t.reduces.inputMb).toPrecision(6)) : 0,
    sh1Avg: r3(mean(t.firstShuffle)),
    sh1Max: r3(t.firstShuffle.maxS),
    shTypAvg: r3(mean(t.typicalShuffle)),
    shTypMax: r3(t.typicalShuffle.maxS),
    rAvg: r3(mean(t.reduces)),
    rMax: r3(t.reduces.maxS),
  };
}

/** Intermediate MB each reduce processed on average (D_i of eq. 9-10). */
export function mbPerReduce(t: AriaTotals): number {
  return t.reduces.count ? t.reduces.inputMb / t.reduces.count : 0;
}

/** Whether the runs had a reduce wave after the first (else the typical shuffle was never seen). */
export function typicalShuffleObserved(t: AriaTotals): boolean {
  return t.typicalShuffle.count > 0 || t.reduces.count === 0;
}
