import { plan } from '@shared/aria/plan';
import { ariaProfileOf, mbPerReduce } from '@shared/aria/totals';
import { templateByName } from '../../src-main/workloads/benchmarkTemplates';
import { cluster, fifo, job, run } from '../helpers/engineFixtures';

/**
 * ARIA sec. 5.3 (Fig. 6): the four applications of Table 1 at the paper's set-up (maps, 64
 * reduces, 64 map slots and the table's reduce slots), contention on. Profiles come from three
 * small staging runs on the same cluster, scaled to the new input with eq. 9-10; the prediction is
 * set against a simulated run. Shared by tests/unit/aria/modelVsSimulator.test.ts and the stored
 * check the docs read.
 */
export const ARIA_TABLE_1: [name: string, maps: number, reduceSlots: number][] = [
  ['Twitter', 370, 16],
  ['Sort', 1024, 32],
  ['WikiTrends', 168, 8],
  ['WordCount', 425, 8],
];

export interface ModelCheckRow {
  application: string;
  maps: number;
  reduceSlots: number;
  /** T_low, T_avg, T_up (eq. 5-8), seconds. */
  predicted: { low: number; avg: number; up: number };
  /** The job's completion time in the simulation, seconds. */
  simulated: number;
}

export function ariaModelCheck(application: string, maps: number, reduceSlots: number): ModelCheckRow {
  const tpl = templateByName(application);
  if (!tpl) throw new Error(`no template ${application}`);
  const perNode = 64 / reduceSlots;
  const hardware = () => cluster(1, reduceSlots, { cores: perNode + 1, diskMBps: 100 * perNode });
  const staging = [64, 128, 192].map((m, i) => {
    const r = run(hardware(), [job('s', tpl, { maps: m, reduces: 64, inputMb: m * 64 })], fifo(perNode, 1), { heartbeatS: 0.5 }, 10 + i);
    return { profile: ariaProfileOf(r.aria[tpl.name]), mbPerReduce: mbPerReduce(r.aria[tpl.name]) };
  });
  const predicted = plan({ profile: staging[2].profile, maps, reduces: 64, mapSlots: 64, reduceSlots, inputMb: maps * 64, scaleFrom: staging });
  const measured = run(hardware(), [job('t', tpl, { maps, reduces: 64, inputMb: maps * 64 })], fifo(perNode, 1), { heartbeatS: 0.5 }, 2);
  return {
    application,
    maps,
    reduceSlots,
    predicted: { low: predicted.bounds.low, avg: predicted.bounds.avg, up: predicted.bounds.up },
    simulated: measured.jobs[0].finish - measured.jobs[0].submit,
  };
}

export const ariaModelChecks = (): ModelCheckRow[] => ARIA_TABLE_1.map(([name, maps, slots]) => ariaModelCheck(name, maps, slots));
