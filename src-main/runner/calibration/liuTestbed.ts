import type { Experiment } from '@shared/experiment/experiment';
import type { ClusterSpec } from '@shared/cluster/cluster';
import { WorkloadSpecSchema, type JobSpec } from '@shared/workload/workload';
import { compileTopology } from '../../engine/core/topology';
import { simulate } from '../../engine/run/kernel';
import { compileJobs } from '../../workloads/compile';
import { LIU_TABLE_4_4, type MeasuredBalancedTest } from '../../models/calibration/liuTaskTable';
import { schedulerFor } from '../schedulerFor';

export interface LiuCalibrationRow {
  measured: MeasuredBalancedTest;
  /** The model's average map task time, seconds, mean over the seeds: [YARN, Finer-Grained]. */
  cpuMapS: [number, number];
  ioMapS: [number, number];
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * Liu Table 4.4 against the model: each of the balanced pattern's four tests on the Liu balanced
 * preset's cluster, under its two cards (YARN, one core per task; Finer-Grained CPU), with the
 * preset's job shapes (the CPU job's 70 maps and one reduce, the I/O job's 31 maps; ETL reads a
 * block per map), over the preset's seeds.
 */
export function liuCalibration(experiment: Experiment, cluster: ClusterSpec): LiuCalibrationRow[] {
  const topology = compileTopology(cluster);
  const given = 'jobs' in experiment.workload ? experiment.workload.jobs : [];
  const cpuShape = given.find((j) => j.template === 'Pi');
  const ioShape = given.find((j) => j.template === 'TeraGen');
  if (!cpuShape || !ioShape) throw new Error(`${experiment.name}: the balanced preset runs a Pi job beside a TeraGen job`);
  const block = cluster.hdfs.blockSizeMb;
  return LIU_TABLE_4_4.map((measured) => {
    const specs: JobSpec[] = WorkloadSpecSchema.parse({
      name: `${measured.cpuJob}+${measured.ioJob}`,
      jobs: [
        { ...cpuShape, id: 'cpu', template: measured.cpuJob },
        { ...ioShape, id: 'io', template: measured.ioJob, inputMb: measured.ioJob === 'ETL' ? (ioShape.maps ?? 0) * block : 0 },
      ],
    }).jobs;
    const jobs = compileJobs(specs, block);
    const perCard = experiment.schedulers.map((card) => {
      const runs = experiment.seeds.map((seed) => {
        const options = { ...experiment.simulation, recordAttempts: true };
        const r = simulate({ topology, jobs, options, seed, scheduler: schedulerFor(card, topology, options) });
        const maps: [number[], number[]] = [[], []];
        for (let i = 0; i < r.records.length; i++) {
          if (r.records.outcome[i] !== 0) continue;
          const t = r.records.task[i];
          if (t < jobs[0].maps) maps[0].push(r.records.end[i] - r.records.start[i]);
          else if (t >= jobs[0].maps + jobs[0].reduces && t < jobs[0].maps + jobs[0].reduces + jobs[1].maps)
            maps[1].push(r.records.end[i] - r.records.start[i]);
        }
        return [mean(maps[0]), mean(maps[1])];
      });
      return [mean(runs.map((x) => x[0])), mean(runs.map((x) => x[1]))];
    });
    return { measured, cpuMapS: [perCard[0][0], perCard[1][0]], ioMapS: [perCard[0][1], perCard[1][1]] };
  });
}
