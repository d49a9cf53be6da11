import type { PaperClaim } from './measures';

/** ARIA's MinEDF (ICAC 2011 evaluation): deadlines met against FIFO and Fair. */
export const ariaClaim: PaperClaim = {
  id: 'aria',
  paper: 'Resource Provisioning Framework for MapReduce Jobs with Performance Goals — ARIA (Verma, Cherkasova, Campbell; Middleware 2011)',
  claim:
    "Deadline-driven scheduling on ARIA's job profiles (MinEDF) meets more deadlines than FIFO and Fair. This direction is from ARIA's ICAC 2011 evaluation, not from the provisioning paper in the studio's set, whose own claim (completion times predicted within 10 %, sec. 5.3, Fig. 6) is checked by a test of the model against the simulator.",
  presets: [
    {
      file: 'aria-minedf.experiment.json',
      title: '40 jobs with deadlines, Poisson arrivals',
      measures: [
        {
          id: 'fair',
          label: 'Deadlines met, MinEDF − Fair',
          kind: 'deadlinePoints',
          of: 'MinEDF',
          against: 'Fair (delay)',
          paper: { low: 0, high: Infinity, text: 'more deadlines met', where: 'ARIA, ICAC 2011' },
        },
        {
          id: 'fifo',
          label: 'Deadlines met, MinEDF − FIFO',
          kind: 'deadlinePoints',
          of: 'MinEDF',
          against: 'FIFO',
          paper: { low: 0, high: Infinity, text: 'more deadlines met', where: 'ARIA, ICAC 2011' },
        },
      ],
    },
  ],
  docsSection: 'ARIA: completion-time bounds and provisioning; MinEDF (ARIA, ICAC 2011)',
};
