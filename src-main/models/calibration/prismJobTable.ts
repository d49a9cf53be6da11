/**
 * What PRISM measured of each benchmark job on its testbed (PRISM sec. 6, Tables 1 and 2: 10
 * nodes, Hadoop 0.20.2, 8 map and 6 reduce slots a node): the tasks each job ran, the mean map and
 * reduce task times and the job's running time. The studio's presets are priced from these rows
 * (docs/model.md "Calibration: PRISM's testbed").
 */
export interface MeasuredJob {
  /** The preset's job id. */
  id: string;
  template: string;
  table: 'Table 1 (Gridmix 2)' | 'Table 2 (PUMA)';
  maps: number;
  reduces: number;
  mapSeconds: number;
  reduceSeconds: number;
  jobSeconds: number;
}

export const PRISM_MEASURED_JOBS: readonly MeasuredJob[] = [
  { id: 'sort', template: 'Sort', table: 'Table 2 (PUMA)', maps: 16, reduces: 8, mapSeconds: 10.87, reduceSeconds: 24.67, jobSeconds: 97 },
  { id: 'self-join', template: 'SelfJoin', table: 'Table 2 (PUMA)', maps: 16, reduces: 4, mapSeconds: 7.76, reduceSeconds: 22.86, jobSeconds: 74 },
  { id: 'inverted-index', template: 'InvertedIndex', table: 'Table 2 (PUMA)', maps: 24, reduces: 10, mapSeconds: 50.5, reduceSeconds: 15.72, jobSeconds: 132 },
  { id: 'classification', template: 'Classification', table: 'Table 2 (PUMA)', maps: 24, reduces: 10, mapSeconds: 4.73, reduceSeconds: 10.15, jobSeconds: 70 },
  {
    id: 'monster-query',
    template: 'MonsterQuery',
    table: 'Table 1 (Gridmix 2)',
    maps: 16,
    reduces: 30,
    mapSeconds: 12.38,
    reduceSeconds: 17.7,
    jobSeconds: 156,
  },
  {
    id: 'web-data-scan',
    template: 'WebDataScan',
    table: 'Table 1 (Gridmix 2)',
    maps: 16,
    reduces: 20,
    mapSeconds: 18.96,
    reduceSeconds: 14.66,
    jobSeconds: 96,
  },
  { id: 'combiner', template: 'Combiner', table: 'Table 1 (Gridmix 2)', maps: 8, reduces: 5, mapSeconds: 99.54, reduceSeconds: 16.68, jobSeconds: 162 },
];

/**
 * The part of a job's measured time its mean map and reduce do not cover: Table 1-2's job time less
 * its map and its reduce time (43-126 s). The tables do not say what it is (Hadoop 0.20.2's job
 * set-up and clean-up tasks, job commit, JVM starts, task hand-out at 3 s heartbeats); the model
 * adds it to the job's finish as set-up and commit that hold no slot (docs/model.md "Calibration:
 * PRISM's testbed"), rounded to a tenth of a second.
 */
export const outsideTasksSeconds = (m: MeasuredJob): number => Math.round((m.jobSeconds - m.mapSeconds - m.reduceSeconds) * 10) / 10;

/**
 * PRISM sec. 6's testbed as the model reads it (docs/model.md "Calibration: PRISM's testbed"):
 * - Hadoop 0.20.2's Fair Scheduler at the 8 map and 6 reduce slots sec. 6.1 found best, handing
 *   out one map and one reduce a heartbeat (that version's default);
 * - a task's disk pace of 11 MB/s: Fig. 8's sort profile, whose map, sort and reduce phases each
 *   moved 10.6-11.2 MB/s of local and HDFS disk traffic per task (the merge's spill ran at 34 MB/s,
 *   the shuffle wrote 5.7 MB/s while it waited on the network);
 * - disk thrashing 0.02 per extra stream: Figs. 6-7 found 8 map slots best, so 8 streams at that
 *   pace fill the 100 MB/s disk: 8 × 11 = 100 / (1 + 7θ) gives θ = 0.0195.
 */
export const PRISM_TESTBED = { mapSlots: 8, reduceSlots: 6, taskDiskMBps: 11, diskThrashing: 0.02 } as const;
