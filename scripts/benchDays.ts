// Days the bench has not seen, made from the one SWIM day the project keeps (the other SWIM samples
// stay out of the project for independent checks): its hours reordered with a seed, its jobs'
// tasks and bytes scaled, its arrivals compressed to raise the load. (k) runs every scheduler on
// each; the work-counter tests run a slice of each.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { JobSpec } from '../src-main/shared/workload/workload';
import type { SchedulerSpecInput } from '../src-main/shared/schedulers';
import { Random } from '../src-main/engine/core/random';
import { parseSwim } from '../src-main/workloads/traces/swim';

/** The SWIM Facebook 2009 day (24 one-hour samples), relative to the project, which every case runs in. */
export const FB_2009 = 'tests/fixtures/traces/swim/FB-2009_samples_24_times_1hr_0.tsv';

export interface DayShape {
  /** Reorder the day's 24 hours with this seed (absent: as recorded). */
  hoursSeed?: number;
  /** Each job's maps, reduces and bytes times this. */
  sizes?: number;
  /** Submissions this many times closer together: the same work in less time. */
  compress?: number;
  /** Copies of the day interleaved, each with its hours reordered by a seed of its own. */
  copies?: number;
}

const HOUR = 3600;

/** The day's hours in a seeded order: each job keeps its offset within its hour. */
function reorderHours(jobs: JobSpec[], seed: number): JobSpec[] {
  const rng = new Random(seed, 'arrivals');
  const order = Array.from({ length: 24 }, (_, h) => h);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const slot = new Map(order.map((h, k) => [h, k]));
  return jobs.map((j) => {
    const hour = Math.min(23, Math.floor(j.submit / HOUR));
    return { ...j, submit: slot.get(hour)! * HOUR + (j.submit - hour * HOUR) };
  });
}

const scaled = (x: number | undefined, f: number) => (x === undefined ? undefined : x * f);
const scaledCount = (x: number | undefined, f: number, least: number) => (x === undefined ? undefined : Math.max(least, Math.round(x * f)));

/** A day of the given shape from the FB-2009 day, jobs in submission order, ids unique. */
export function benchDay(shape: DayShape, blockSizeMb = 128, root = '.'): JobSpec[] {
  const day = parseSwim(fs.readFileSync(path.resolve(root, FB_2009), 'utf8'), blockSizeMb).jobs;
  const copies = shape.copies ?? 1;
  const all: JobSpec[] = [];
  for (let c = 0; c < copies; c++) {
    const seed = shape.hoursSeed === undefined ? undefined : shape.hoursSeed + c;
    const hours = seed === undefined ? day : reorderHours(day, seed);
    const f = shape.sizes ?? 1;
    const k = shape.compress ?? 1;
    for (const j of hours)
      all.push({
        ...j,
        id: `${j.id ?? 'job'}#${c}`,
        // Copies offset by a fraction of a second, so they interleave rather than tie.
        submit: j.submit / k + c / copies,
        ...(f !== 1
          ? {
              maps: scaledCount(j.maps, f, 1),
              reduces: scaledCount(j.reduces, f, j.reduces === 0 ? 0 : 1),
              inputMb: scaled(j.inputMb, f),
              shuffleMb: scaled(j.shuffleMb, f),
              outputMb: scaled(j.outputMb, f),
            }
          : {}),
        dependsOn: [],
      });
  }
  return all.sort((a, b) => a.submit - b.submit);
}

/** The (k) days: different load and job-size mix, each on the (e) cluster of 600 nodes. */
export const K_DAYS: Record<string, { name: string; shape: DayShape }> = {
  hours: { name: 'hours reordered (seed 7)', shape: { hoursSeed: 7 } },
  load: { name: 'hours reordered (seed 11), arrivals twice as close (twice the load)', shape: { hoursSeed: 11, compress: 2 } },
  large: { name: 'jobs three times larger in tasks and bytes, hours reordered (seed 13)', shape: { hoursSeed: 13, sizes: 3 } },
  small: { name: 'jobs half the size, arrivals three times as close, hours reordered (seed 17)', shape: { hoursSeed: 17, sizes: 0.5, compress: 3 } },
};

/** The generated production day: nine reordered copies of the day, its jobs four times larger (about 8 M tasks), for 3,000 nodes. */
export const LARGE_DAY: DayShape = { hoursSeed: 101, sizes: 4, copies: 9 };

/** The schedulers (e) and (k) run: the six stock ones, slots as (e) sets them. */
export const DAY_SCHEDULERS: SchedulerSpecInput[] = [
  { kind: 'fifo', mapSlots: 4, reduceSlots: 2 },
  { kind: 'fair', mapSlots: 4, reduceSlots: 2 },
  { kind: 'capacity' },
  { kind: 'drf' },
  { kind: 'prism' },
  { kind: 'late', mapSlots: 4, reduceSlots: 2 },
];

/** The bench's server: 8 cores, 32 GB, two disks of 100 MB/s, racks of 40 (benchCase.ts, dayWorkCounters.test.ts). */
export const BENCH_SERVER = { cores: 8, memoryGb: 32, disks: 2, diskMBps: 100, nicMBps: 125, rackUplinkMBps: 2500, oversubscription: 2 } as const;
