import { describe, it } from 'vitest';
import { checkPreset } from './heartbeatEquivalence';

describe('the heartbeat model of issue 29 (round orders from the seed alone, no idle heartbeats)', () => {
  it(
    "moves no scheduler's mean JCT or makespan over 20 held-out seeds of ila-facebook.experiment.json: each paired difference's 95 % interval holds 0",
    { timeout: 600_000 },
    () => {
      checkPreset('ila-facebook.experiment.json');
    },
  );
});
