import { SAME, type PaperClaim } from './measures';

/** FAWKES (Ghit et al., SIGMETRICS 2014), sec. 5: balancing policies across MR-clusters. */
export const fawkesClaim: PaperClaim = {
  id: 'fawkes',
  paper: 'Balanced Resource Allocations Across Multiple Dynamic MapReduce Clusters — FAWKES (Ghit, Yigitbasi, Iosup, Epema; SIGMETRICS 2014)',
  claim:
    'FAWKES grows arriving MR-clusters into idle nodes and shrinks them for newcomers (sec. 7.1, Fig. 6); it balances compute-intensive jobs growing with either kind of node, disk-intensive ones only with transient-core nodes (sec. 7.2, Fig. 7). Weighting MR-clusters by the tasks they have waiting (TD) improves the average job slowdown by 25 % over keeping every MR-cluster at its minimum share (None); demand-based policies do at least as well as the performance-based ones (sec. 7.3, Fig. 9). With BTWorld beside HiBench, the most loaded MR-cluster takes most of the nodes and the makespan shrinks (Fig. 11).',
  presets: [
    {
      file: 'fawkes-wkld-a.experiment.json',
      title: 'WKLD-A: three MR-clusters arriving 100 s apart',
      measures: [
        {
          id: 'jd-none-makespan',
          label: 'Makespan, None ÷ JD',
          kind: 'ratio',
          metric: 'makespan',
          of: 'JD (TR)',
          against: 'NONE (TR)',
          paper: {
            low: 1,
            high: Infinity,
            text: 'idle nodes go to the MR-clusters with work and are taken back for newcomers (read as: the batch ends sooner than on minimum shares alone)',
            where: 'sec. 7.1, Fig. 6',
          },
        },
      ],
    },
    {
      file: 'fawkes-wkld-b.experiment.json',
      title: 'WKLD-B: growing and shrinking, WordCount',
      measures: [
        {
          id: 'tr-tc',
          label: 'Makespan, TD with transient ÷ TD with transient-core nodes',
          kind: 'ratio',
          metric: 'makespan',
          of: 'TD (TC)',
          against: 'TD (TR)',
          paper: { low: 1 - SAME / 100, high: 1 + SAME / 100, text: 'balanced with either kind of node', where: 'sec. 7.2, Fig. 7e, 7g' },
        },
      ],
    },
    {
      file: 'fawkes-wkld-c.experiment.json',
      title: 'WKLD-C: growing and shrinking, Sort',
      measures: [
        {
          id: 'tr-tc',
          label: 'Makespan, TD with transient ÷ TD with transient-core nodes',
          kind: 'ratio',
          metric: 'makespan',
          of: 'TD (TC)',
          against: 'TD (TR)',
          paper: {
            low: 1,
            high: Infinity,
            text: 'transient nodes fail to balance disk-intensive jobs, transient-core nodes do',
            where: 'sec. 7.2, Fig. 7f, 7h',
          },
        },
      ],
    },
    {
      file: 'fawkes-wkld-d.experiment.json',
      title: 'WKLD-D: three MR-clusters, imbalanced load',
      measures: [
        {
          id: 'td-none',
          label: 'Average job slowdown, None ÷ TD',
          kind: 'mrSlowdown',
          of: 'TD (TC)',
          against: 'NONE (TC)',
          paper: { low: 1.25, high: 1.43, text: '25 % lower with TD (20-30 % read as 1.25-1.43×)', where: 'sec. 7.3, Fig. 9' },
        },
        {
          id: 'td-js',
          label: 'Average job slowdown, JS ÷ TD',
          kind: 'mrSlowdown',
          of: 'TD (TC)',
          against: 'JS (TC)',
          paper: { low: 1, high: Infinity, text: 'performance-based policies do not outperform the demand-based ones', where: 'sec. 7.3, Fig. 9' },
        },
        {
          id: 'pu-ru',
          label: 'Average job slowdown, RU ÷ PU',
          kind: 'mrSlowdown',
          of: 'PU (TC)',
          against: 'RU (TC)',
          paper: { low: 1, high: Infinity, text: 'of the usage-based policies only PU performs reasonably well', where: 'sec. 7.3, Fig. 9' },
        },
      ],
    },
    {
      file: 'fawkes-wkld-e.experiment.json',
      title: 'WKLD-E: BTWorld beside HiBench',
      measures: [
        {
          id: 'td-eq-makespan',
          label: 'Makespan, EQ ÷ TD',
          kind: 'ratio',
          metric: 'makespan',
          of: 'TD (TC)',
          against: 'EQ (TC)',
          paper: { low: 1, high: Infinity, text: 'TD reduces the overall makespan', where: 'sec. 7.3, Fig. 11' },
        },
      ],
    },
  ],
  docsSection: 'FAWKES (sec. 7): balancing several MR-clusters',
};
