import { z } from 'zod';
import { describeScheduler } from './describe';
import { containerAuto, containerLabels, containers, topologyAwareness, topologyLabels } from './options';
import { labelText } from '../files/controlCharacters';

/** Finer-grained CPU scheduling (Liu's thesis): a CPU pool in hundredths of a core per node. */
export const fineGrainedCpuOptions = describeScheduler({
  kind: 'finegrained',
  title: 'Finer-Grained CPU',
  schema: z.strictObject({
    kind: z.literal('finegrained'),
    label: labelText().optional(),
    ...containers,
    /** Liu sec. 4.1: cores kept for the OS and Hadoop daemons; the pool is (cores − reserved) · 100 (eq. 3.1). */
    reservedCores: z.number().int().min(0).default(1),
    /** Requirement of tasks of unknown workloads, and of tasks too short to analyse (Liu sec. 3.2.1). */
    defaultRequirement: z.number().int().min(1).max(100).default(100),
    /** Tasks shorter than this on average are "too small" to analyse: they keep the default. */
    minAnalysableSeconds: z.number().min(0).default(5),
    /** Known requirements per template (e.g. from `workload-studio profile`); others are learnt from a sample job. */
    requirements: z
      .record(z.string(), z.strictObject({ map: z.number().int().min(1).max(100).optional(), reduce: z.number().int().min(1).max(100).optional() }))
      .default({}),
    /** Learn unknown templates from their first successful job (eq. 3.5), as the thesis's framework does. */
    learn: z.boolean().default(true),
    /**
     * Containers given per node heartbeat. The thesis shares jobs with YARN's Fair Scheduler, which
     * gives one (yarn.scheduler.fair.assignmultiple = false): tasks spread over the nodes instead of
     * filling the first node to report. 0 = as many as fit.
     */
    containersPerHeartbeat: z.number().int().min(0).default(1),
    ...topologyAwareness,
  }),
  labels: {
    nodeMemoryMb: 'NodeManager memory MB',
    ...containerLabels,
    reservedCores: 'Reserved cores (eq. 3.1)',
    defaultRequirement: 'Default CPU requirement',
    minAnalysableSeconds: 'Shortest analysable task s',
    learn: 'Learn from sample jobs (eq. 3.5)',
    containersPerHeartbeat: 'Containers per heartbeat',
    ...topologyLabels,
  },
  auto: { nodeMemoryMb: containerAuto.nodeMemoryMb },
  capacity: 'cpuPool',
  usesProfiles: 'measured CPU requirements (Liu eq. 3.5)',
  runName: 'Finer-grained CPU',
});
