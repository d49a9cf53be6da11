import { z } from 'zod';
import { describeScheduler } from './describe';
import { slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from './options';
import { labelText } from '../files/controlCharacters';

/**
 * FAWKES' weighting policies (Ghit et al., SIGMETRICS'14, sec. 4.3): by demand (JD jobs, DD input
 * data, TD tasks waiting), by usage (PU processors, DU disk, RU both by eq. 5), by performance (JS
 * job slowdown, JT job throughput, TT task throughput by eq. 6), and the two baselines: None keeps
 * every MR-cluster at its minimum share, EQ divides the nodes equally.
 */
export const FAWKES_POLICIES = ['none', 'eq', 'jd', 'dd', 'td', 'pu', 'du', 'ru', 'js', 'jt', 'tt'] as const;
export type FawkesPolicy = (typeof FAWKES_POLICIES)[number];
/** Sec. 4.2.2: what a grown MR-cluster's extra nodes are — and so how it shrinks (instant pre-emption for transient, delayed for transient-core). */
export const FAWKES_GROW_KINDS = ['transient', 'transient-core'] as const;
/** The MapReduce scheduler inside each MR-cluster (the paper runs Hadoop's FIFO). */
export const FAWKES_INNER = ['fifo', 'fair'] as const;

/** Several MR-clusters on one pool of nodes, grown and shrunk every interval T by a weighting policy (FAWKES). */
export const fawkesOptions = describeScheduler({
  kind: 'fawkes',
  title: 'FAWKES (MR-clusters)',
  schema: z.strictObject({
    kind: z.literal('fawkes'),
    label: labelText().optional(),
    policy: z.enum(FAWKES_POLICIES, { error: `must be one of ${FAWKES_POLICIES.join(', ')}` }).default('td'),
    /** T: weights are recomputed every interval (sec. 7.1-7.2: 60 s; 7.3: 120 s). */
    intervalS: z.number().positive('must be greater than 0').default(60),
    /** τ: shares change only when the global discrimination factor (eq. 3) exceeds it (sec. 5.3: 10). */
    tau: z.number().min(0, 'must be at least 0').default(10),
    grow: z.enum(FAWKES_GROW_KINDS, { error: `must be one of ${FAWKES_GROW_KINDS.join(', ')}` }).default('transient-core'),
    /** ψ of eq. 5: the weight of processor usage against disk usage in RU. */
    psi: z.number().gt(0, 'must be greater than 0').lt(1, 'must be less than 1').default(0.5),
    /** a of eq. 6 (JT, TT): the paper sets 2. */
    a: z.number().gt(1, 'must be greater than 1').default(2),
    inner: z.enum(FAWKES_INNER, { error: `must be one of ${FAWKES_INNER.join(', ')}` }).default('fifo'),
    ...slots,
    /** Each MR-cluster's data set, loaded on activation (l^D); unset: its largest job's input. */
    dataSetGb: z.number().positive('must be greater than 0').optional(),
    /** Storage of a node, for DU's share of capacity used (sec. 5.1: 2 TB per node). */
    diskGbPerNode: z.number().positive('must be greater than 0').default(2000),
    ...topologyAwareness,
  }),
  labels: {
    policy: 'Weighting policy',
    intervalS: 'Interval T s',
    tau: 'Threshold τ (share²·s², eq. 3)',
    grow: 'Grow with',
    inner: 'Scheduler inside',
    psi: 'RU ψ (eq. 5)',
    a: 'JT/TT a (eq. 6)',
    ...slotLabels,
    dataSetGb: 'Data set GB',
    diskGbPerNode: 'Disk GB / node',
    ...topologyLabels,
  },
  choices: { policy: FAWKES_POLICIES, grow: FAWKES_GROW_KINDS, inner: FAWKES_INNER },
  choiceLabels: {
    policy: {
      none: 'None: every MR-cluster keeps its minimum share',
      eq: 'EQ: equal shares',
      jd: 'JD: jobs waiting (demand, sec. 4.3.1)',
      dd: 'DD: input data waiting (demand)',
      td: 'TD: tasks waiting (demand)',
      pu: 'PU: processors in use (usage, sec. 4.3.2)',
      du: 'DU: output over storage (usage)',
      ru: 'RU: processors and disk, eq. 5 (usage)',
      js: 'JS: job slowdown (performance, sec. 4.3.3)',
      jt: 'JT: job throughput, eq. 6 (performance)',
      tt: 'TT: task throughput, eq. 6 (performance)',
    },
    grow: { transient: 'transient nodes (TR: hold no data)', 'transient-core': 'transient-core nodes (TC: hold output)' },
    inner: { fifo: 'FIFO (the paper)', fair: 'Fair' },
  },
  auto: { ...slotAuto, dataSetGb: 'auto: largest job input' },
  // ψ weighs RU's two usages (eq. 5); a shapes JT's and TT's weights (eq. 6): shown only with those policies.
  shownWhen: { psi: { policy: ['ru'] }, a: { policy: ['jt', 'tt'] } },
  // τ bounds E[D²] (eq. 3), D being share × seconds over an interval T: the same as a root-mean-square
  // gap of √τ / T between the share an MR-cluster holds and its weight — the unit of the discrimination chart.
  notes: (s) =>
    s.policy === 'none'
      ? ['None never re-balances: τ and T only set when weights are sampled.']
      : [
          `τ = ${s.tau} with T = ${s.intervalS} s: shares are re-balanced when the MR-clusters' held shares stray from their weights by more than about ${(Math.sqrt(s.tau) / s.intervalS).toFixed(3)} (root mean square, the discrimination chart's c − w).`,
        ],
  capacity: 'slots',
  runName: 'FAWKES',
  runNames: FAWKES_POLICIES.map((policy) => ({ when: { policy: [policy] }, name: `FAWKES ${policy.toUpperCase()}` })),
});
