import type { Experiment } from '@shared/experiment/experiment';
import type { ClusterSpec } from '@shared/cluster/cluster';
import type { SchedulerSpec } from '@shared/schedulers';
import type { JobSpec } from '@shared/workload/workload';
import { compileTopology } from '../../engine/core/topology';
import { simulate } from '../../engine/run/kernel';
import { compileJobs } from '../../workloads/compile';
import { templateByName } from '../../workloads/benchmarkTemplates';
import type { MeasuredPattern } from '../../models/calibration/liuTaskTable';
import { solveCost } from '../../models/calibration/solveCost';
import { schedulerFor } from '../schedulerFor';

/**
 * What each Liu preset job is priced by (docs/model.md "Calibration: the other papers' testbeds"):
 * the thesis gives Pi's points and Bbp's digits, not their CPU-seconds, and tuned the I/O jobs'
 * sizes per pattern without giving them (sec. 4.2), so a CPU job's map CPU and an I/O job's MB per
 * map are priced from the pattern's measured map time under YARN. TeraGen's stated 2 GB a map
 * cannot be what every pattern ran: its maps took 99 s in one pattern and 177-197 s in the others.
 */
export type LiuKnob = 'mapCpuSPerTask' | 'outputMbPerMap' | 'inputMbPerMap';
const KNOB: Partial<Record<string, LiuKnob>> = { Pi: 'mapCpuSPerTask', Bbp: 'mapCpuSPerTask', TeraGen: 'outputMbPerMap', ETL: 'inputMbPerMap' };
/** Decimals a preset stores each knob with. */
const DIGITS: Record<LiuKnob, number> = { mapCpuSPerTask: 1, outputMbPerMap: 0, inputMbPerMap: 0 };

export function knobOf(template: string): LiuKnob {
  const knob = KNOB[template];
  if (!knob) throw new Error(`${template} is not a job Liu's patterns ran`);
  return knob;
}

/** The job's value of its knob, as the preset gives it or as its template has it. */
export function knobValue(job: JobSpec): number {
  const maps = Math.max(1, job.maps ?? 1);
  const template = templateByName(job.template)!;
  switch (knobOf(job.template)) {
    case 'mapCpuSPerTask':
      return job.mapCpuSPerTask ?? template.mapCpuSPerTask;
    case 'outputMbPerMap':
      return job.outputMb !== undefined ? job.outputMb / maps : template.mapWriteMbPerTask;
    case 'inputMbPerMap':
      return (job.inputMb ?? 0) / maps;
  }
}

/** The job with its knob set to `value` (a job's whole input or output is its maps times the MB per map). */
export function withKnob(job: JobSpec, value: number): JobSpec {
  const maps = Math.max(1, job.maps ?? 1);
  switch (knobOf(job.template)) {
    case 'mapCpuSPerTask':
      return { ...job, mapCpuSPerTask: value };
    case 'outputMbPerMap':
      return { ...job, outputMb: value * maps };
    case 'inputMbPerMap':
      return { ...job, inputMb: value * maps };
  }
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Each job's average successful map time under `card`, mean over the experiment's seeds, by job id. */
function mapTimes(experiment: Experiment, cluster: ClusterSpec, specs: JobSpec[], card: SchedulerSpec): Record<string, number> {
  const topology = compileTopology(cluster);
  const jobs = compileJobs(specs, cluster.hdfs.blockSizeMb);
  const firstTask: number[] = [];
  jobs.reduce((t, j) => (firstTask.push(t), t + j.maps + j.reduces), 0);
  const perSeed = experiment.seeds.map((seed) => {
    const options = { ...experiment.simulation, recordAttempts: true };
    const r = simulate({ topology, jobs, options, seed, scheduler: schedulerFor(card, topology, options) });
    const maps: number[][] = jobs.map(() => []);
    for (let i = 0; i < r.records.length; i++) {
      if (r.records.outcome[i] !== 0) continue;
      const t = r.records.task[i];
      const j = jobs.findIndex((job, k) => t >= firstTask[k] && t < firstTask[k] + job.maps);
      if (j >= 0) maps[j].push(r.records.end[i] - r.records.start[i]);
    }
    return maps.map((m) => (m.length ? mean(m) : 0));
  });
  return Object.fromEntries(jobs.map((j, k) => [j.id, mean(perSeed.map((s) => s[k]))]));
}

function presetJobs(experiment: Experiment, pattern: MeasuredPattern): JobSpec[] {
  const jobs = 'jobs' in experiment.workload ? experiment.workload.jobs : [];
  for (const id of Object.keys(pattern.jobs))
    if (!jobs.some((j) => j.id === id)) throw new Error(`${experiment.name}: ${pattern.table} has a job "${id}" the preset does not`);
  return jobs;
}

/**
 * The preset's jobs priced from the pattern's table: each measured job's knob solved so its maps,
 * run beside the pattern's other jobs under the YARN card (the preset's first), take the measured
 * time; two passes, since the jobs share the nodes.
 */
export function liuPricing(experiment: Experiment, cluster: ClusterSpec, pattern: MeasuredPattern): JobSpec[] {
  // Every search starts from the template's own cost (a block read for ETL), not from what the preset holds, so pricing a priced preset gives it again.
  const start = (job: JobSpec) => {
    const template = templateByName(job.template)!;
    return { mapCpuSPerTask: template.mapCpuSPerTask, outputMbPerMap: template.mapWriteMbPerTask, inputMbPerMap: cluster.hdfs.blockSizeMb }[
      knobOf(job.template)
    ];
  };
  let jobs = presetJobs(experiment, pattern).map((j) => (j.id !== undefined && j.id in pattern.jobs ? withKnob(j, start(j)) : j));
  const yarn = experiment.schedulers[0];
  for (let pass = 0; pass < 2; pass++)
    for (const [id, measured] of Object.entries(pattern.jobs)) {
      const k = jobs.findIndex((j) => j.id === id);
      const knob = knobOf(jobs[k].template);
      const at = (x: number) =>
        mapTimes(
          experiment,
          cluster,
          jobs.map((j, i) => (i === k ? withKnob(j, x) : j)),
          yarn,
        )[id];
      const solved = solveCost(at, measured.mapS[0], knobValue(jobs[k]), DIGITS[knob], 0.005);
      jobs = jobs.map((j, i) => (i === k ? withKnob(j, solved.value) : j));
    }
  return jobs;
}

export interface LiuCalibrationRow {
  id: string;
  template: string;
  /** Average map task seconds: [YARN, Finer-Grained], the thesis's and the model's. */
  measured: readonly [number, number];
  model: [number, number];
  knob: LiuKnob;
  value: number;
}

/** The pattern's table against the model on its preset, under both of the preset's cards, with the preset's jobs as they are. */
export function liuCalibration(experiment: Experiment, cluster: ClusterSpec, pattern: MeasuredPattern): LiuCalibrationRow[] {
  const jobs = presetJobs(experiment, pattern);
  const [yarn, fine] = experiment.schedulers.map((card) => mapTimes(experiment, cluster, jobs, card));
  return Object.entries(pattern.jobs).map(([id, m]) => {
    const job = jobs.find((j) => j.id === id)!;
    return { id, template: m.template, measured: m.mapS, model: [yarn[id], fine[id]], knob: knobOf(job.template), value: knobValue(job) };
  });
}
