import { z } from 'zod';
import { describeScheduler } from './describe';
import { containerAuto, containerLabels, containerSizeLabels, containers, topologyAwareness, topologyLabels } from './options';
import { labelText } from '../files/controlCharacters';

/** PRISM (Zhang et al., IEEE TCC 2015): phase-level scheduling by utility. */
export const prismOptions = describeScheduler({
  kind: 'prism',
  title: 'PRISM (phase-level)',
  schema: z.strictObject({
    kind: z.literal('prism'),
    label: labelText().optional(),
    ...containers,
    /** Weight of performance against fairness in U = U_fairness + α·U_perf (PRISM eq. 1). */
    alpha: z.number().min(0).default(1),
    /** Urgency of a paused phase, p(T_wait) = a·T_wait² (eq. 6; a = 0.1 in sec. 5.2). */
    urgency: z.number().min(0).default(0.1),
    /** Only the k jobs furthest below their share offer new tasks (sec. 5.2; k = 20). */
    topK: z.number().int().min(1).default(20),
    /** ε of eq. 5, so a job with no task of a type running gets a large, finite gain. */
    epsilon: z.number().positive().default(0.1),
    /** Fairness measure of eq. 2: DRF dominant shares (eq. 3) or Hadoop Fair Scheduler task shares. */
    fairness: z.enum(['drf', 'fair']).default('drf'),
    /**
     * Which jobs come first: the paper's, those furthest below their share (Alg. 1 line 11, with
     * eq. 2's fairness in the utility), or submission order (FIFO) with the same phase-level
     * placement: a reading of our own, to tell what job order gives from what placement gives.
     */
    jobOrder: z.enum(['share', 'submission']).default('share'),
    /** Phase-level profiles per template (`workload-studio profile` output); others fall back to task level. */
    profiles: z
      .record(
        z.string(),
        // Partial: a template may have no merge or reduce phase (map-only jobs).
        z.partialRecord(
          z.enum(['map', 'merge', 'shuffle', 'sort', 'reduce']),
          z
            .strictObject({
              cpuCores: z.number().min(0),
              memoryMb: z.number().min(0),
              localDiskMBps: z.number().min(0),
              hdfsMBps: z.number().min(0),
              shuffleMBps: z.number().min(0),
            })
            .partial(),
        ),
      )
      .default({}),
    ...topologyAwareness,
  }),
  labels: {
    ...containerSizeLabels,
    ...containerLabels,
    alpha: 'α (eq. 1)',
    urgency: 'a, urgency (eq. 6)',
    topK: 'k, top jobs',
    epsilon: 'ε (eq. 5)',
    fairness: 'Fairness measure (eq. 2)',
    jobOrder: 'Job order',
    ...topologyLabels,
  },
  choices: { fairness: ['drf', 'fair'], jobOrder: ['share', 'submission'] },
  choiceLabels: {
    fairness: { drf: 'Dominant share of the machine (DRF, eq. 3)', fair: 'Running tasks per equal share (Fair Scheduler)' },
    jobOrder: { share: 'Furthest below its share first (the paper)', submission: 'Submission order, same placement (for comparison)' },
  },
  // The fairness measure orders jobs only when they go furthest below their share first.
  shownWhen: { fairness: { jobOrder: ['share'] } },
  auto: containerAuto,
  capacity: 'containers',
  usesProfiles: 'phase-level profiles (PRISM sec. 4)',
  runName: 'PRISM',
  runNames: [{ when: { jobOrder: ['submission'] }, name: 'PRISM (submission order)' }],
});
