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
import { batch, average, btworld, wkldD, wkldDMixed, type Job } from './fawkesWorkloads';

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
const D = wkldD([11, 12, 13]);
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

const Dmixed = wkldDMixed([31, 32, 33]);
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
