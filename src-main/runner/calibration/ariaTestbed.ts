import { SchedulerSpecSchema } from '@shared/schedulers';
import type { ClusterSpec } from '@shared/cluster/cluster';
import type { SimulationOptions } from '@shared/experiment/simulation';
import { ariaProfileOf } from '@shared/aria/totals';
import type { AriaProfile } from '@shared/aria/profile';
import type { JobSpec } from '@shared/workload/workload';
import { compileTopology } from '../../engine/core/topology';
import { simulate } from '../../engine/run/kernel';
import { compileJobs } from '../../workloads/compile';
import { templateByName } from '../../workloads/benchmarkTemplates';
import { ARIA_DATASETS, ARIA_TABLE_1, type MeasuredAriaProfile } from '../../models/calibration/ariaJobTable';
import { solveCost } from '../../models/calibration/solveCost';
import { schedulerFor } from '../schedulerFor';

/**
 * What the ARIA preset's mix rows take from Table 1 (docs/model.md "Calibration: the other papers'
 * testbeds"): its two selectivities as measured, and a map's and a reduce's CPU per MB priced so
 * the model's average map and reduce times are the table's.
 */
export interface AriaCosts {
  mapCpuSPerMb: number;
  mapSelectivity: number;
  reduceCpuSPerMb: number;
  reduceSelectivity: number;
}
const COSTS = ['mapCpuSPerMb', 'mapSelectivity', 'reduceCpuSPerMb', 'reduceSelectivity'] as const;

export interface AriaCalibrationRow {
  measured: MeasuredAriaProfile;
  model: AriaProfile;
}

/** The row's application on its sec. 5.3 dataset, with the costs given (or the template's). */
function stagingJob(measured: MeasuredAriaProfile, block: number, costs?: Partial<AriaCosts>): JobSpec {
  const { maps, reduces } = ARIA_DATASETS[measured.template];
  return {
    id: measured.template,
    template: measured.template,
    submit: 0,
    maps,
    reduces,
    inputMb: maps * block,
    queue: 'default',
    dependsOn: [],
    ...Object.fromEntries(COSTS.filter((k) => costs?.[k] !== undefined).map((k) => [k, costs![k]])),
  };
}

/**
 * The profile the engine measures (sec. 3.2) of the row's application alone on the cluster under
 * FIFO, one map and one reduce slot a worker as the paper ran (sec. 5.1), held to the row's map and
 * reduce slots (mapreduce.job.running.{map,reduce}.limit).
 */
function measureProfile(
  cluster: ClusterSpec,
  options: SimulationOptions,
  measured: MeasuredAriaProfile,
  costs: Partial<AriaCosts> | undefined,
  seed: number,
): AriaProfile {
  const topology = compileTopology(cluster);
  const block = cluster.hdfs.blockSizeMb;
  const fifo = SchedulerSpecSchema.parse({ kind: 'fifo', mapSlots: 1, reduceSlots: 1, jobMapLimit: measured.mapSlots, jobReduceLimit: measured.reduceSlots });
  const jobs = compileJobs([stagingJob(measured, block, costs)], block);
  const result = simulate({ topology, jobs, options, seed, scheduler: schedulerFor(fifo, topology, options) });
  return ariaProfileOf(Object.values(result.aria)[0]);
}

/**
 * Table 1's 64/32 rows priced into costs: first the map's CPU per MB until the model's average map
 * is the table's, then, with it, the reduce's CPU per MB until the average reduce phase is.
 */
export function ariaPricing(cluster: ClusterSpec, options: SimulationOptions, seed = 1): Record<string, AriaCosts> {
  const out: Record<string, AriaCosts> = {};
  for (const measured of ARIA_TABLE_1.filter((r) => r.mapSlots === 64)) {
    const template = templateByName(measured.template)!;
    const data = { mapSelectivity: measured.selectivityM, reduceSelectivity: measured.selectivityR };
    const map = solveCost((x) => measureProfile(cluster, options, measured, { ...data, mapCpuSPerMb: x }, seed).mAvg, measured.mAvg, template.mapCpuSPerMb, 4);
    const reduce = solveCost(
      (x) => measureProfile(cluster, options, measured, { ...data, mapCpuSPerMb: map.value, reduceCpuSPerMb: x }, seed).rAvg,
      measured.rAvg,
      template.reduceCpuSPerMb,
      4,
    );
    // A reduce whose writes alone outlast the table's time (the model's floor) keeps its template's CPU: the gap is reported, not priced away.
    const reduceFloor = reduce.value === 0 && reduce.modelS > measured.rAvg;
    out[measured.template] = {
      mapCpuSPerMb: map.value,
      mapSelectivity: data.mapSelectivity,
      reduceCpuSPerMb: reduceFloor ? template.reduceCpuSPerMb : reduce.value,
      reduceSelectivity: data.reduceSelectivity,
    };
  }
  return out;
}

/**
 * ARIA Table 1 against the model: every row (both slot settings) with the costs the preset carries
 * for its application, so the 16/16 rows check what the 64/32 rows priced.
 */
export function ariaCalibration(
  cluster: ClusterSpec,
  options: SimulationOptions,
  costs: Readonly<Record<string, Partial<AriaCosts>>>,
  seed = 1,
): AriaCalibrationRow[] {
  return ARIA_TABLE_1.map((measured) => ({ measured, model: measureProfile(cluster, options, measured, costs[measured.template], seed) }));
}

/** The costs each of a preset's mix rows carries, by template (what ariaCalibration runs with). */
export function presetAriaCosts(mix: readonly (Partial<AriaCosts> & { template: string })[]): Record<string, Partial<AriaCosts>> {
  return Object.fromEntries(mix.map((entry) => [entry.template, Object.fromEntries(COSTS.filter((k) => entry[k] !== undefined).map((k) => [k, entry[k]]))]));
}
