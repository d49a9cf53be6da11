import type { PaperClaim } from './measures';

/** ILA (Bu, Rao, Xu; HPDC 2013), sec. 5.2: per-job speedups against LATE, IAO and LAO. */
export const ilaClaim: PaperClaim = {
  id: 'ila',
  paper: 'Interference and Locality-Aware Task Scheduling for MapReduce Applications in Virtual Clusters — ILA (Bu, Rao, Xu; HPDC 2013)',
  claim:
    "ILA speeds individual jobs up 1.5-6.5× against PureFair, Delay, LATE, Capacity and LAO and 1.1-2.0× against IAO; its throughput is up to 1.9× the interference-oblivious schedulers' (sec. 5.2, Figs. 5-6).",
  presets: [
    {
      file: 'ila-facebook.experiment.json',
      title: 'Facebook mix on 72 VMs',
      measures: [
        {
          id: 'purefair',
          label: 'Per-job speedup, ILA over PureFair',
          kind: 'perJobSpeedup',
          of: 'ILA',
          against: 'PureFair',
          paper: { low: 1.5, high: 6.5, text: '1.5-6.5×', where: 'sec. 5.2, Fig. 5' },
        },
        {
          id: 'capacity',
          label: 'Per-job speedup, ILA over Capacity',
          kind: 'perJobSpeedup',
          of: 'ILA',
          against: 'Capacity',
          paper: { low: 1.5, high: 6.5, text: '1.5-6.5×', where: 'sec. 5.2, Fig. 5' },
        },
        {
          id: 'late',
          label: 'Per-job speedup, ILA over LATE',
          kind: 'perJobSpeedup',
          of: 'ILA',
          against: 'LATE',
          paper: { low: 1.5, high: 6.5, text: '1.5-6.5×', where: 'sec. 5.2, Fig. 5' },
        },
        {
          id: 'iao',
          label: 'Per-job speedup, ILA over IAO',
          kind: 'perJobSpeedup',
          of: 'ILA',
          against: 'IAO',
          paper: { low: 1.1, high: 2, text: '1.1-2.0×', where: 'sec. 5.2, Fig. 5' },
        },
        {
          id: 'throughput',
          label: 'Throughput, ILA ÷ PureFair',
          kind: 'ratio',
          metric: 'throughput',
          of: 'ILA',
          against: 'PureFair',
          paper: { low: 1, high: 1.9, text: 'up to 1.9×', where: 'sec. 5.2, Fig. 6' },
        },
      ],
    },
  ],
  docsSection: 'ILA, IAO and LAO (sec. 5.2): interference- and locality-aware scheduling',
};
