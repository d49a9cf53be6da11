/**
 * Writes the FAWKES presets (resources/presets/fawkes-wkld-*.experiment.json), mirroring WKLD-A..E of
 * Ghit et al. (SIGMETRICS'14) Table 2: three MR-clusters on one DAS-4-like pool, HiBench WordCount
 * and Sort jobs of small (1 GB), medium (50 GB) and large (100 GB) input, BTWorld's queries, and
 * batch, average (Poisson), bursty and sequential arrivals. The job lists are drawn here from fixed
 * seeds and written out whole, so a preset is the same workload on every machine.
 *
 *   npm run presets:fawkes
 */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Random } from '../src-main/engine/core/random';

const GB = 1024;
const SIZES = { small: 1 * GB, medium: 50 * GB, large: 100 * GB } as const;
type Size = keyof typeof SIZES;

interface Job {
  id: string;
  template: string;
  submit: number;
  inputMb: number;
  mrCluster: string;
  dependsOn?: string[];
}

/** DAS-4 (sec. 5.1): dual quad-core nodes, 24 GB, HDFS on two disks in RAID0, InfiniBand; 128 MB blocks, replication 3. */
function cluster(nodes: number, coresPerMrCluster: number) {
  const hosts: object[] = [];
  for (let c = 1; c <= 3; c++)
    for (let i = 1; i <= coresPerMrCluster; i++) hosts.push({ name: `c${c}-core-${i}`, type: 'das4', kind: 'core', mrCluster: `c-${c}` });
  for (let i = 1; hosts.length < nodes; i++) hosts.push({ name: `pool-${i}`, type: 'das4', kind: 'transient-core' });
  return {
    name: `DAS-4 pool (${nodes} nodes, 3 MR-clusters of ${coresPerMrCluster} core nodes)`,
    description: `Ghit et al. sec. 5.1 and 7: ${nodes} DAS-4 nodes (8 cores, 24 GB, two disks in RAID0, InfiniBand); each MR-cluster's minimum share is its ${coresPerMrCluster} core nodes, where its data set lives; the other nodes are the pool FAWKES grows MR-clusters with.`,
    hostTypes: [
      {
        id: 'das4',
        name: 'DAS-4 dual quad-core',
        cores: 8,
        coreSpeed: 1,
        memoryGb: 24,
        disks: [
          { readMBps: 100, writeMBps: 100 },
          { readMBps: 100, writeMBps: 100 },
        ],
        nicMBps: 1000,
      },
    ],
    vmTypes: [],
    network: { rackUplinkMBps: 40000, oversubscription: 1 },
    hdfs: { blockSizeMb: 128, replication: 3 },
    racks: [{ name: 'vu', hosts }],
  };
}

/** FAWKES with the paper's TaskTrackers (6 map + 2 reduce slots on 8 cores, sec. 5.1). */
const fawkes = (policy: string, grow: string, intervalS: number, extra: object = {}) => ({
  kind: 'fawkes',
  label: `${policy.toUpperCase()} (${grow === 'transient' ? 'TR' : 'TC'})`,
  policy,
  grow,
  intervalS,
  mapSlots: 6,
  reduceSlots: 2,
  ...extra,
});

function batch(cluster: string, n: number, template: string, size: Size, at = 0, prefix = cluster): Job[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}-${template === 'Sort' ? 'st' : 'wc'}-${size}-${i + 1}`,
    template,
    submit: at,
    inputMb: SIZES[size],
    mrCluster: cluster,
  }));
}

/** "Average" arrivals: a Poisson stream over the span, WordCount and Sort alternately drawn. */
function average(cluster: string, n: number, spanS: number, sizes: Record<Size, number>, seed: number): Job[] {
  const r = new Random(seed, 'arrivals');
  const pick = new Random(seed, 'sizes');
  const total = sizes.small + sizes.medium + sizes.large;
  let t = 0;
  return Array.from({ length: n }, (_, i) => {
    if (i > 0) t += r.exponential(spanS / n);
    const u = pick.next() * total;
    const size: Size = u < sizes.small ? 'small' : u < sizes.small + sizes.medium ? 'medium' : 'large';
    const template = pick.next() < 0.5 ? 'WordCount' : 'Sort';
    return { id: `${cluster}-${i + 1}`, template, submit: Math.round(t), inputMb: SIZES[size], mrCluster: cluster };
  });
}

/**
 * "Bursty" arrivals: bursts of jobs a few seconds apart. The medium and large jobs are dealt one per
 * burst, at its head, with the large ones spread evenly among the bursts (sec. 7.3: "bursts with
 * large jobs").
 */
function bursty(cluster: string, n: number, spanS: number, bursts: number, big: { medium: number; large: number }, seed: number): Job[] {
  const r = new Random(seed, 'arrivals');
  const pick = new Random(seed, 'sizes');
  const perBurst = Math.ceil(n / bursts);
  const bigJobs = big.medium + big.large;
  const heads: Size[] = Array.from({ length: bigJobs }, (_, i) =>
    Math.floor(((i + 1) * big.large) / bigJobs) > Math.floor((i * big.large) / bigJobs) ? 'large' : 'medium',
  );
  const jobs: Job[] = [];
  for (let b = 0; b < bursts && jobs.length < n; b++) {
    const start = Math.round((b + 0.2 + 0.6 * r.next()) * (spanS / bursts));
    const mine = heads.filter((_, i) => i % bursts === b);
    for (let k = 0; k < perBurst && jobs.length < n; k++) {
      const size: Size = mine[k] ?? 'small';
      const template = pick.next() < 0.5 ? 'WordCount' : 'Sort';
      jobs.push({ id: `${cluster}-${jobs.length + 1}`, template, submit: start + 5 * k, inputMb: SIZES[size], mrCluster: cluster });
    }
  }
  return jobs;
}

/** BTWorld (sec. 5.2.2): 26 jobs of its queries, each starting when the previous one finished, 13 input sizes. */
function btworld(cluster: string): Job[] {
  const jobs: Job[] = [];
  for (let i = 0; i < 26; i++) {
    const size = Math.round(GB * Math.pow(100, Math.floor(i / 2) / 12));
    jobs.push({
      id: `${cluster}-bt-${i + 1}`,
      template: i % 2 === 0 ? 'ActiveHashes' : 'TrackerOverTime',
      submit: 0,
      inputMb: size,
      mrCluster: cluster,
      ...(i > 0 ? { dependsOn: [`${cluster}-bt-${i}`] } : {}),
    });
  }
  return jobs;
}

function experiment(
  file: string,
  name: string,
  description: string,
  nodes: number,
  schedulers: object[],
  jobs: Job[],
  workloadDescription: string,
  seeds = [1],
) {
  const doc = {
    format: 'workload-studio.experiment',
    name,
    description,
    cluster: cluster(nodes, 10),
    workload: { name: `${name} workload`, description: workloadDescription, jobs: jobs.sort((a, b) => a.submit - b.submit || a.id.localeCompare(b.id)) },
    schedulers,
    seeds,
    simulation: { heartbeatS: 3 },
  };
  writeFileSync(path.resolve(__dirname, '../resources/presets', file), JSON.stringify(doc, null, 2) + '\n');
}

const A = [...batch('c-1', 50, 'WordCount', 'small', 0), ...batch('c-2', 50, 'WordCount', 'small', 100), ...batch('c-3', 50, 'WordCount', 'small', 200)];
experiment(
  'fawkes-wkld-a.experiment.json',
  'FAWKES WKLD-A: arriving MR-clusters',
  'Ghit et al. sec. 7.1 (Fig. 6): three MR-clusters requested 100 s apart on 60 nodes, each with 50 small WordCount jobs submitted at once and a 50 GB data set on its 10 core nodes. FAWKES grows with transient nodes and weighs by job demand (JD) every T = 60 s; each newcomer gets its minimum share within T by shrinking the others.',
  60,
  [fawkes('jd', 'transient', 60, { dataSetGb: 50 }), fawkes('none', 'transient', 60, { dataSetGb: 50 })],
  A,
  '3 × 50 small (1 GB) WordCount jobs, batch, at 0, 100 and 200 s (Table 2, WKLD-A).',
  [1, 2, 3],
);

const wkldBC = (template: string) => [...batch('c-1', 90, template, 'small'), ...batch('c-2', 5, template, 'medium'), ...batch('c-3', 5, template, 'large')];
for (const [letter, template, kind] of [
  ['b', 'WordCount', 'compute-intensive'],
  ['c', 'Sort', 'disk-intensive'],
] as const) {
  experiment(
    `fawkes-wkld-${letter}.experiment.json`,
    `FAWKES WKLD-${letter.toUpperCase()}: growing and shrinking (${template})`,
    `Ghit et al. sec. 7.2 (Fig. 7): three MR-clusters of 10 core nodes on 60 nodes, all jobs at once: 90 small, 5 medium and 5 large ${template} jobs (${kind}). None, EQ and TD every T = 60 s, growing with transient (TR, instant pre-emption) or transient-core nodes (TC, delayed pre-emption), and the disk-usage policy DU for contrast.`,
    60,
    [
      fawkes('none', 'transient-core', 60),
      fawkes('eq', 'transient-core', 60),
      fawkes('td', 'transient-core', 60),
      fawkes('td', 'transient', 60),
      fawkes('du', 'transient-core', 60),
    ],
    wkldBC(template),
    `c-1: 90 small (1 GB), c-2: 5 medium (50 GB), c-3: 5 large (100 GB) ${template} jobs, batch (Table 2, WKLD-${letter.toUpperCase()}).`,
    [1, 2, 3],
  );
}

const POLICIES = ['none', 'eq', 'jd', 'dd', 'td', 'pu', 'du', 'ru', 'js', 'jt', 'tt'];
/**
 * WKLD-D's c-2 gets "188 x all" (Table 2) in six bursts, one medium or large job at each burst's
 * head. Table 2 does not say how many are medium or large; sec. 7.3 says c-2 is the most loaded and
 * that the most loaded runs 3 times the tasks of the least (c-1). c-3's 555 small jobs alone run 3.4
 * times c-1's 165, so c-2 is given the fewest large jobs that make it the most loaded: 4 medium and
 * 2 large (5,820 tasks against c-3's 5,550 and c-1's 1,650). This rule was fixed before running it.
 */
const WKLD_D_C2_BIG = { medium: 4, large: 2 };
const D = [
  ...average('c-1', 165, 7200, { small: 1, medium: 0, large: 0 }, 11),
  ...bursty('c-2', 188, 7200, 6, WKLD_D_C2_BIG, 12),
  ...average('c-3', 555, 7200, { small: 1, medium: 0, large: 0 }, 13),
];
experiment(
  'fawkes-wkld-d.experiment.json',
  'FAWKES WKLD-D: weighting policies on an imbalanced load',
  'Ghit et al. sec. 7.3 (Fig. 9, 10): 48 nodes, three MR-clusters of 10 core nodes with 200 GB each; WordCount and Sort jobs over two hours, c-1 and c-3 small jobs at an average rate, c-2 bursts with its medium and large jobs. All eleven policies, T = 120 s, growing with transient-core nodes. The paper finds TD about 25 % better than None in average job slowdown, and demand-based policies at least as good as performance-based ones.',
  48,
  POLICIES.map((p) => fawkes(p, 'transient-core', 120, { dataSetGb: 200 })),
  D,
  'c-1: 165 small jobs, Poisson; c-2: 188 jobs in 6 bursts, each led by a medium or large job (4 medium, 2 large); c-3: 555 small jobs, Poisson; WordCount and Sort, 2 hours (Table 2, WKLD-D).',
  [1, 2, 3],
);

/**
 * Not in the paper: WKLD-D with jobs of every size in every MR-cluster. In Table 2's WKLD-D c-1 and
 * c-3 hold only small jobs, so counting their waiting jobs (JD), input (DD) or tasks (TD) weighs
 * them alike; with sizes mixed inside each queue the three demand measures disagree, which is where
 * sec. 7.3's "the finer the granularity, the more balanced" can show.
 */
const Dmixed = [
  ...average('c-1', 165, 7200, { small: 0.9, medium: 0.07, large: 0.03 }, 31),
  ...bursty('c-2', 188, 7200, 6, WKLD_D_C2_BIG, 32),
  ...average('c-3', 555, 7200, { small: 0.96, medium: 0.03, large: 0.01 }, 33),
];
experiment(
  'fawkes-wkld-d-mixed.experiment.json',
  'FAWKES WKLD-D, sizes mixed in every MR-cluster',
  "A variant of Ghit et al. sec. 7.3 (not in the paper): WKLD-D's arrivals and cluster, but c-1 and c-3 also get medium (50 GB) and large (100 GB) jobs among their small ones, so waiting jobs (JD), waiting input (DD) and waiting tasks (TD) weigh the MR-clusters differently. None, the demand-based and the usage-based policies over three seeds, T = 120 s, growing with transient-core nodes.",
  48,
  ['none', 'jd', 'dd', 'td', 'pu', 'du', 'ru'].map((p) => fawkes(p, 'transient-core', 120, { dataSetGb: 200 })),
  Dmixed,
  'c-1: 165 jobs, 90 % small, 7 % medium, 3 % large, Poisson; c-2: 188 jobs in 6 bursts, each led by a medium or large job (4 medium, 2 large); c-3: 555 jobs, 96 % small, 3 % medium, 1 % large, Poisson; WordCount and Sort, 2 hours (WKLD-D with mixed sizes).',
  [1, 2, 3],
);

const E = [
  ...average('c-1', 359, 7200, { small: 8, medium: 1, large: 1 }, 21),
  ...btworld('c-2'),
  ...average('c-3', 559, 7200, { small: 1, medium: 0, large: 0 }, 23),
];
experiment(
  'fawkes-wkld-e.experiment.json',
  'FAWKES WKLD-E: BTWorld beside HiBench',
  "Ghit et al. sec. 7.3 (Fig. 11): 48 nodes, three MR-clusters of 10 core nodes with 200 GB each; c-1 gets WordCount and Sort jobs of every size, c-2 BTWorld's 26 jobs one after another, c-3 small jobs. EQ against TD, T = 120 s, growing with transient-core nodes.",
  48,
  ['eq', 'td'].map((p) => fawkes(p, 'transient-core', 120, { dataSetGb: 200 })),
  E,
  'c-1: 359 jobs of all sizes, Poisson; c-2: the BTWorld workflow (26 jobs, sequential); c-3: 559 small jobs, Poisson (Table 2, WKLD-E).',
  [1, 2, 3],
);
