import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src-main/engine/run/kernel';
import type { EngineJob } from '../../../src-main/engine/core/model';
import { AttemptSpill } from '../../../src-main/runner/attemptSpill';
import { ATTEMPT, runBlob } from '../../../src-main/runner/runColumns';
import { packColumns, unpackColumns } from '../../../src-main/formats/columns';
import { cluster, cpuOnly, fifo, job, options } from '../../helpers/engineFixtures';
import type { SimulationOptionsInput } from '@shared/experiment/simulation';

/** Long reduces that outlive many chunks, failures, a lost node, and a horizon that cuts the run with attempts still running. */
function workload(): EngineJob[] {
  const tpl = cpuOnly(3, { mapSelectivity: 0.5, mapCpuSPerMb: 0.01, reduceCpuSPerTask: 120, reducesPerMap: 0, taskCv: 0.4 });
  return Array.from({ length: 12 }, (_, k) => job(`j${k}`, tpl, { maps: 10, reduces: 2, inputMb: 400, submit: k * 4 }));
}
const settings: SimulationOptionsInput = { heartbeatS: 1, taskFailureProbability: 0.1, failures: [{ node: 'r0h1', atS: 30 }], nodeTimeoutS: 20, horizonS: 200 };

function simulate(sink?: AttemptSpill) {
  return new Simulation({
    topology: cluster(1, 4, { cores: 2 }),
    jobs: workload(),
    options: options(settings),
    seed: 7,
    scheduler: fifo(2, 1),
    attemptSink: sink,
  }).run();
}

describe('attempt records streamed to a spill', () => {
  const whole = simulate();
  const n = whole.records.length;
  const expected = {
    [ATTEMPT.task]: whole.records.task.slice(0, n),
    [ATTEMPT.node]: whole.records.node.slice(0, n),
    [ATTEMPT.start]: whole.records.start.slice(0, n),
    [ATTEMPT.end]: whole.records.end.slice(0, n),
    [ATTEMPT.phaseEnd]: whole.records.phaseEnd.slice(0, n * 5),
    [ATTEMPT.locality]: whole.records.locality.slice(0, n),
    [ATTEMPT.outcome]: whole.records.outcome.slice(0, n),
    [ATTEMPT.speculative]: whole.records.speculative.slice(0, n),
    [ATTEMPT.reason]: whole.records.reason.slice(0, n),
  };

  it('the case exercises what patches are for: failures, kills and attempts still running at the end', () => {
    const outcomes = new Set(expected[ATTEMPT.outcome]);
    expect([...outcomes].sort()).toEqual([0, 1, 2, 3]);
    expect(n).toBeGreaterThan(100);
  });

  for (const chunkRows of [1, 7, 64, n, 4 * n]) {
    it(`gives the same columns as the in-memory records, ${chunkRows} rows a chunk`, () => {
      const spill = new AttemptSpill(chunkRows);
      const streamed = simulate(spill);
      // The engine's own results do not depend on where the records went.
      expect(streamed.jobs).toEqual(whole.jobs);
      expect(streamed.events).toBe(whole.events);
      // The window never held more than two chunks, so its arrays never grew past them.
      expect(streamed.records.length - streamed.records.base).toBeLessThanOrEqual(2 * chunkRows);
      expect(streamed.records.task.length).toBeLessThanOrEqual(Math.max(1024, 4 * chunkRows));
      const columns = unpackColumns(runBlob(streamed, spill));
      for (const [name, values] of Object.entries(expected)) expect(Array.from(columns[name]), name).toEqual(Array.from(values));
      expect(Array.from(columns['series.t'])).toEqual(whole.series.t);
    });
  }

  it('a streamed blob reads back exactly like one packed whole', () => {
    const spill = new AttemptSpill(16);
    const streamed = simulate(spill);
    const pieced = unpackColumns(runBlob(streamed, spill));
    const packed = unpackColumns(packColumns(pieced));
    expect(Object.keys(packed)).toEqual(Object.keys(pieced));
    for (const k of Object.keys(packed)) expect(Array.from(packed[k]), k).toEqual(Array.from(pieced[k]));
  });

  it('refuses to hand over records of a run that has not finished, and a chunk size that is not a count', () => {
    expect(() => new AttemptSpill().columns()).toThrow(/not finished/);
    expect(() => new AttemptSpill(0)).toThrow(/chunkRows must be a positive integer/);
  });
});
