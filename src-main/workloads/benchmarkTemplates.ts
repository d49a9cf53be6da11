import type { TemplateCoefficients } from '../engine/core/model';

/**
 * Benchmark templates: how much CPU and data each MB of a job costs, at a reference core and
 * before contention. Each is calibrated so that, on the hardware of the paper it comes from, an
 * uncontended task lasts about as long as the paper's table reports (see `source`); where a paper
 * gives only a class (I/O- or CPU-bound) the numbers follow the class. Durations in the engine are
 * outcomes of these amounts of work and the resources a task gets.
 *
 * Reading the coefficients: a map of `s` MB does `mapCpuSPerMb·s + mapCpuSPerTask` CPU-seconds,
 * reads `s` MB and emits `mapSelectivity·s` MB; a generator (TeraGen) writes `mapWriteMbPerTask`
 * MB, or its job's stated output, at `mapCpuSPerWriteMb` CPU-seconds per MB; a reduce receiving
 * `m` MB does `reduceCpuSPerMb·m + reduceCpuSPerTask` CPU-seconds and writes `reduceSelectivity·m`
 * MB.
 */
type T = Omit<TemplateCoefficients, 'name'>;

/** What every template shares unless it says otherwise: Hadoop's default containers and shapes. */
const common = {
  mapCpuSPerTask: 1.5,
  mapWriteMbPerTask: 0,
  mapCpuSPerWriteMb: 0,
  sortCpuSPerMb: 0.002,
  reduceCpuSPerTask: 1,
  mapMemoryMb: 1024,
  reduceMemoryMb: 1024,
  reducesPerMap: 0.25,
  minReduces: 1,
  taskCv: 0.1,
  skew: 0.2,
};

/** I/O-bound: little CPU per MB, output as large as the input. */
const io = (t: Partial<T> & Pick<T, 'source'>): T => ({
  ...common,
  kind: 'io',
  mapCpuSPerMb: 0.004,
  mapSelectivity: 1,
  reduceCpuSPerMb: 0.004,
  reduceSelectivity: 1,
  ...t,
});

/** CPU-bound: much CPU per MB, small intermediate and final output. */
const cpu = (t: Partial<T> & Pick<T, 'source'>): T => ({
  ...common,
  kind: 'cpu',
  mapCpuSPerMb: 0.06,
  mapSelectivity: 0.05,
  reduceCpuSPerMb: 0.02,
  reduceSelectivity: 0.2,
  ...t,
});

export const TEMPLATES: Record<string, T> = {
  // PRISM Table 2 (PUMA, 4-core nodes, 1 Gb/s): sort is I/O-bound, map ≈ 11 s, reduce ≈ 25 s at ~350 MB splits.
  Sort: io({ source: 'PRISM Table 2 (map 10.9 s, reduce 24.7 s); identity map and reduce' }),
  // PUMA self-join: CPU-heavy per the paper's text; map ≈ 7.8 s, reduce ≈ 22.9 s.
  SelfJoin: cpu({
    mapCpuSPerMb: 0.09,
    mapSelectivity: 0.6,
    reduceCpuSPerMb: 0.06,
    reduceSelectivity: 0.3,
    source: 'PRISM Table 2 (map 7.8 s, reduce 22.9 s); CPU-intensive per sec. 6',
  }),
  // PUMA inverted-index: long maps (≈ 50 s) emitting much of their input.
  InvertedIndex: cpu({
    mapCpuSPerMb: 0.4,
    mapSelectivity: 0.5,
    reduceCpuSPerMb: 0.02,
    reduceSelectivity: 0.6,
    source: 'PRISM Table 2 (map 50.5 s, reduce 15.7 s)',
  }),
  // PUMA classification: short maps (≈ 4.7 s) with little output.
  Classification: cpu({ mapCpuSPerMb: 0.03, mapSelectivity: 0.02, reduceCpuSPerMb: 0.05, source: 'PRISM Table 2 (map 4.7 s, reduce 10.2 s)' }),
  // Gridmix2 MonsterQuery: I/O-bound, map ≈ 12.4 s, reduce ≈ 17.7 s.
  MonsterQuery: io({ mapSelectivity: 0.7, reduceSelectivity: 0.5, source: 'PRISM Table 1 (map 12.4 s, reduce 17.7 s); I/O-intensive per sec. 6' }),
  // Gridmix2 WebDataScan: scan with selective output, map ≈ 19 s, reduce ≈ 14.7 s.
  WebDataScan: io({ mapCpuSPerMb: 0.01, mapSelectivity: 0.2, reduceSelectivity: 0.3, source: 'PRISM Table 1 (map 19.0 s, reduce 14.7 s)' }),
  // Gridmix2 Combiner: CPU-heavy maps ≈ 99.5 s, tiny reduce ≈ 16.7 s.
  Combiner: cpu({
    mapCpuSPerMb: 0.8,
    mapSelectivity: 0.01,
    reduceCpuSPerMb: 0.1,
    source: 'PRISM Table 1 (map 99.5 s, reduce 16.7 s); CPU-intensive per sec. 6',
  }),
  // Liu sec. 4.2: TeraGen maps each write 2 GB to HDFS, no input; measured CPU requirement 49 (Table 4.3).
  TeraGen: io({
    mapCpuSPerMb: 0,
    mapCpuSPerTask: 0,
    mapCpuSPerWriteMb: 0.0127,
    mapSelectivity: 0,
    mapWriteMbPerTask: 2048,
    reduceCpuSPerTask: 0,
    reducesPerMap: 0,
    minReduces: 0,
    source: 'Liu sec. 4.2 (2 GB per map to HDFS at 65 MB/s), Table 4.3 (CPU requirement 49)',
  }),
  // Liu sec. 4.2: ETL reads a block, converts to XML, writes it back; CPU requirement 47.
  ETL: io({
    mapCpuSPerMb: 0.0231,
    mapCpuSPerTask: 0.5,
    mapSelectivity: 1.3,
    reducesPerMap: 0,
    minReduces: 0,
    source: 'Liu sec. 4.2 (read a block, write XML back to HDFS), Table 4.3 (CPU requirement 47)',
  }),
  // Liu sec. 4.2: Pi (quasi-Monte Carlo), pure CPU per map; CPU requirement 100.
  Pi: cpu({
    mapCpuSPerMb: 0,
    mapCpuSPerTask: 60,
    mapSelectivity: 0,
    reduceCpuSPerTask: 1,
    reducesPerMap: 0,
    source: 'Liu sec. 4.2, Table 4.3 (CPU requirement 100): sampling only, no input',
  }),
  // Liu sec. 4.2: Bbp digits of π, pure CPU per map and reduce; CPU requirement 100 / 100.
  Bbp: cpu({
    mapCpuSPerMb: 0,
    mapCpuSPerTask: 55,
    mapSelectivity: 0,
    reduceCpuSPerTask: 5,
    reducesPerMap: 0,
    source: 'Liu sec. 4.2, Table 4.3 (CPU requirement 100 for map and reduce)',
  }),
  // Verma Table 1 / FAWKES Table 1 (HiBench): WordCount is compute-heavy with a small shuffle.
  WordCount: cpu({ mapCpuSPerMb: 0.12, mapSelectivity: 0.05, reduceCpuSPerMb: 0.02, source: 'Verma Table 1 (map 11-14 s on 64 MB); FAWKES Table 1 (compute)' }),
  // ILA Table 3: TeraSort is I/O-bound with selectivity 1.
  TeraSort: io({ source: 'ILA Table 3 (I/O); identity map, total-order reduce' }),
  // ILA Table 3: Grep scans its input, emits little.
  Grep: io({ mapCpuSPerMb: 0.003, mapSelectivity: 0.001, reduceCpuSPerMb: 0.001, source: 'ILA Table 3 (I/O): extract matching expressions' }),
  // ILA Table 3: WCount is I/O-bound there (a combiner leaves little output); WordCount above is the
  // compute-heavy HiBench calibration of Verma and FAWKES.
  WCount: io({ mapCpuSPerMb: 0.01, mapSelectivity: 0.05, reduceCpuSPerMb: 0.004, source: 'ILA Table 3 (I/O): count the words of the input file' }),
  // ILA Table 3: RWrite writes random words to a log, little input.
  RWrite: io({
    mapCpuSPerMb: 0.002,
    mapCpuSPerTask: 2,
    mapSelectivity: 0,
    mapWriteMbPerTask: 512,
    reducesPerMap: 0,
    minReduces: 0,
    source: 'ILA Table 3 (I/O): random write',
  }),
  // ILA Table 3 CPU classes (mahout): KMeans, Bayes, Canopy, Matrix, PiEst.
  KMeans: cpu({ mapCpuSPerMb: 0.25, mapSelectivity: 0.01, source: 'ILA Table 3 (CPU); FAWKES Table 1 (compute, disk)' }),
  Bayes: cpu({ mapCpuSPerMb: 0.2, mapSelectivity: 0.1, source: 'ILA Table 3 (CPU)' }),
  Canopy: cpu({ mapCpuSPerMb: 0.18, mapSelectivity: 0.02, source: 'ILA Table 3 (CPU)' }),
  Matrix: cpu({ mapCpuSPerMb: 0.3, mapSelectivity: 0.5, reduceCpuSPerMb: 0.1, source: 'ILA Table 3 (CPU)' }),
  PiEst: cpu({ mapCpuSPerMb: 0, mapCpuSPerTask: 30, mapSelectivity: 0, reducesPerMap: 0, source: 'ILA Table 3 (CPU): Monte Carlo, no input' }),
  // FAWKES Table 1: PageRank is compute-intensive over 50 GB with a small result.
  PageRank: cpu({ mapCpuSPerMb: 0.15, mapSelectivity: 0.3, reduceCpuSPerMb: 0.05, source: 'FAWKES Table 1 (compute, 50 GB input)' }),
  // Verma Table 1: WikiTrends has long maps (~66-120 s) and a large shuffle.
  // Verma Table 1: Twitter — maps ≈ 30 s on 64 MB emitting 3.24× their input, reduces ≈ 22 s with almost no output.
  Twitter: cpu({
    mapCpuSPerMb: 0.445,
    mapSelectivity: 3.24,
    reduceCpuSPerMb: 0.1,
    reduceSelectivity: 3.2e-8,
    source: 'Verma Table 1 (map avg 30 s, selectivity 3.24; reduce avg 22 s, selectivity 3.2e-8)',
  }),
  WikiTrends: cpu({ mapCpuSPerMb: 1.0, mapSelectivity: 0.3, reduceCpuSPerMb: 0.04, source: 'Verma Table 1 (map avg 66 s, max 120 s on 64 MB)' }),
  // FAWKES Table 1: BTWorld queries.
  TrackerOverTime: cpu({ mapCpuSPerMb: 0.1, mapSelectivity: 0.00001, source: 'FAWKES Table 1 (compute, map-heavy, tiny output)' }),
  // Trace replay: jobs known only by their bytes (SWIM, Rumen, SLS) get the I/O-leaning profile of
  // a typical production job (Facebook 2009 trace: most jobs are data movement, little CPU).
  Generic: io({ mapCpuSPerMb: 0.01, reduceCpuSPerMb: 0.01, source: 'trace replay default: SWIM FB-2009 jobs carry only bytes' }),
  ActiveHashes: io({ mapSelectivity: 1, reduceCpuSPerMb: 0.01, reduceSelectivity: 0.000001, source: 'FAWKES Table 1 (disk then compute)' }),
};

export function templateByName(name: string): TemplateCoefficients | undefined {
  const key = Object.keys(TEMPLATES).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? { name: key, ...TEMPLATES[key] } : undefined;
}

export const TEMPLATE_NAMES = Object.keys(TEMPLATES);

/**
 * Why a job's template is refused, wherever a template is named (a workload, an import's row or
 * field, an experiment file, the planner): the studio's name nearest to it when it is one or two
 * letters off (a typo), and every name the studio has.
 */
export function unknownTemplateWords(name: string): string {
  const near = nearestTemplate(name);
  return `unknown template "${name}"${near ? ` (did you mean ${near}?)` : ''}: the studio's templates are ${TEMPLATE_NAMES.join(', ')}`;
}

/** The template whose name is at most two edits from `name` (any capitals), the nearest first; none when none is. */
function nearestTemplate(name: string): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const t of TEMPLATE_NAMES) {
    const d = editDistance(name.toLowerCase(), t.toLowerCase());
    if (d < bestDistance && d < t.length) [best, bestDistance] = [t, d];
  }
  return best;
}

/** Levenshtein distance: the fewest letters inserted, deleted or changed to turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}
