import type { Measure, PaperClaim } from './measures';

const FAIR = 'Hadoop Fair Scheduler 0.20.2 (8/6 slots)';
const YARN = 'YARN Capacity (128 vcores)';
const prismMeasures = (fig: string): Measure[] => [
  {
    id: 'jct-fair',
    label: 'Mean job time, Fair ÷ PRISM',
    kind: 'ratio',
    metric: 'meanJct',
    of: 'PRISM',
    against: FAIR,
    paper: { low: 1, high: 1.32, text: 'up to 1.3× (up to 24 % shorter)', where: `sec. 6.3, ${fig}` },
  },
  {
    id: 'jct-yarn',
    label: 'Mean job time, YARN ÷ PRISM',
    kind: 'ratio',
    metric: 'meanJct',
    of: 'PRISM',
    against: YARN,
    paper: { low: 1, high: 1.32, text: 'up to 1.3×', where: `sec. 6.3, ${fig}` },
  },
  {
    id: 'cpu-fair',
    label: 'CPU utilisation, PRISM ÷ Fair',
    kind: 'ratio',
    metric: 'cpu',
    of: 'PRISM',
    against: FAIR,
    paper: { low: 1, high: Infinity, text: 'higher than Fair', where: 'sec. 6.3, Figs. 17-19' },
  },
];

/** PRISM (Zhang et al., IEEE TCC 2015), sec. 6.3: phase-level scheduling against Fair and YARN. */
export const prismClaim: PaperClaim = {
  id: 'prism',
  paper: 'PRISM: Fine-Grained Resource-Aware Scheduling for MapReduce (Zhang et al., IEEE TCC 2015)',
  claim:
    'Phase-level scheduling gives up to 1.3× shorter job running time than the Hadoop Fair Scheduler and YARN on the PUMA and Gridmix2 batches, with higher utilisation and slightly lower locality (sec. 6.3, Figs. 15-19).',
  presets: [
    { file: 'prism-puma.experiment.json', title: 'PUMA batch, 10 nodes', measures: prismMeasures('Fig. 15a') },
    { file: 'prism-gridmix.experiment.json', title: 'Gridmix2 batch, 10 nodes', measures: prismMeasures('Fig. 15b') },
  ],
  docsSection: 'PRISM (sec. 6): phase-level scheduling against Fair and YARN',
};
