import { SAME, type Measure, type PaperClaim } from './measures';

const LIU_YARN = 'YARN (one core per task)';
const LIU_FINE = 'Finer-Grained CPU';
const liu = (id: string, template: string, low: number, high: number, text: string, where: string): Measure => ({
  id,
  label: `${template} mean job time, Finer-Grained against YARN`,
  kind: 'templateChange',
  template,
  of: LIU_FINE,
  against: LIU_YARN,
  paper: { low, high, text, where },
});

/** The Finer-Grained CPU scheduler (Liu, 2015), sec. 4.4: the three job patterns against YARN. */
export const liuClaim: PaperClaim = {
  id: 'liu',
  paper: 'Improving the Resource Utilisation in MapReduce: the Finer-Grained CPU scheduler (Kun Liu, U. Tokyo 2015)',
  claim:
    "Against YARN's one core per task, CPU-intensive jobs run 18-23 % faster in the balanced pattern (sec. 4.4.1, Fig. 4.1) and 17-22 % faster in the I/O-heavy one (sec. 4.4.3, Fig. 4.3); in the CPU-heavy pattern jobs take almost the same time (sec. 4.4.2, Fig. 4.2); I/O-intensive jobs are not affected.",
  presets: [
    {
      file: 'liu-balanced.experiment.json',
      title: 'Balanced pattern: Pi + TeraGen',
      measures: [liu('pi', 'Pi', -23, -18, '18-23 % faster', 'sec. 4.4.1, Fig. 4.1'), liu('teragen', 'TeraGen', -SAME, SAME, 'not affected', 'sec. 4.4.1')],
    },
    {
      file: 'liu-cpu-heavy.experiment.json',
      title: 'CPU-heavy pattern: Pi + Bbp + TeraGen',
      measures: [
        liu('pi', 'Pi', -SAME, SAME, 'almost identical', 'sec. 4.4.2, Fig. 4.2'),
        liu('bbp', 'Bbp', -SAME, SAME, 'almost identical', 'sec. 4.4.2, Fig. 4.2'),
      ],
    },
    {
      file: 'liu-io-heavy.experiment.json',
      title: 'I/O-heavy pattern: Pi + TeraGen + ETL',
      measures: [
        liu('pi', 'Pi', -22, -17, '17-22 % faster', 'sec. 4.4.3, Fig. 4.3'),
        liu('teragen', 'TeraGen', -SAME, SAME, 'not compromised', 'sec. 4.4.3'),
        liu('etl', 'ETL', -SAME, SAME, 'not compromised', 'sec. 4.4.3'),
      ],
    },
  ],
  docsSection: 'Finer-Grained CPU scheduler (sec. 4)',
};
