import { Simulation } from '../engine/run/kernel';
import type { EngineRunResult } from '../engine/measure/engineResult';
import type { ResolvedRun } from './matrix';
import { simulationInput } from './runTask';

/** What the hint check found: how many runs it compared, and the first that differed, in words. */
export interface HintCheck {
  runs: number;
  differs?: string;
}

/** A job's schedule as the check compares it: when it started and finished, and where its maps read. */
const scheduleOf = (r: EngineRunResult) => r.jobs.map((j) => ({ id: j.id, status: j.status, start: j.start, finish: j.finish, locality: j.locality }));

/**
 * A policy's engine hints (`nodePlacesNothing`, `wantsIdleBeats` and the others,
 * docs/plugins.md) only let the engine pass over heartbeats that could place nothing, so a run
 * must be the same with every heartbeat simulated. Each run goes twice, with the hints and with
 * every beat simulated; the first job whose schedule differs is named.
 */
export function checkHints(runs: readonly ResolvedRun[]): HintCheck {
  for (const run of runs) {
    const withHints = scheduleOf(new Simulation(simulationInput(run)).run());
    const everyBeat = scheduleOf(new Simulation({ ...simulationInput(run), simulateIdleBeats: true }).run());
    for (let i = 0; i < withHints.length; i++) {
      const a = withHints[i];
      const b = everyBeat[i];
      if (JSON.stringify(a) === JSON.stringify(b)) continue;
      const at = (t: number) => (Number.isFinite(t) ? `${t.toFixed(2)} s` : 'never');
      const when = (x: typeof a) => `${x.status}, started at ${at(x.start)}, finished at ${at(x.finish)}`;
      return {
        runs: runs.length,
        differs: `${run.plan.label}, seed ${run.seed}: job "${a.id}" is ${when(a)} with the hints but ${when(b)} with every heartbeat simulated`,
      };
    }
  }
  return { runs: runs.length };
}
