import type { LaunchReason } from '@shared/results/launchReason';

/** Every kind of launch reason in words, as runs record them (the words stay those of the runs already saved). */
export const LAUNCH_REASON_CASES: [LaunchReason, string][] = [
  [
    { kind: 'submissionOrder', job: 'j1', launched: { task: 'map', placement: 'rack-local' } },
    'FIFO: job j1 is first in submission order with pending maps; rack-local map',
  ],
  [{ kind: 'submissionOrder', job: 'j1', launched: { task: 'reduce' } }, 'FIFO: job j1 is first in submission order with runnable reduces; reduce'],
  [
    { kind: 'fairShare', scheduler: 'Fair (delay)', job: 'j2', mayGo: 'rack-local', launched: { task: 'map', placement: 'node-local' } },
    'Fair (delay): job j2 is furthest below its fair share, may go rack-local; node-local map',
  ],
  [
    { kind: 'fairShare', scheduler: 'ILA', job: 'j3', predicted: { slowdown: 1.234, threshold: 1.5 }, launched: { task: 'map', placement: 'server-local' } },
    'ILA: job j3 is furthest below its fair share; predicted slowdown 1.23 ≤ threshold 1.50; server-local map',
  ],
  [
    { kind: 'queueCapacity', queue: 'prod', capacityPercent: 70, job: 'j4', launched: { task: 'reduce' } },
    'Capacity: queue prod is furthest below its 70 % capacity; job j4 is first in it; container for a reduce',
  ],
  [
    { kind: 'queueCapacity', queue: 'default', capacityPercent: 100, job: 'j4', launched: { task: 'map', placement: 'no input' } },
    'Capacity: queue default is furthest below its 100 % capacity; job j4 is first in it; container for a map that reads no input',
  ],
  [
    { kind: 'dominantShare', job: 'j5', share: 0.12345, launched: { task: 'map', placement: 'off-rack' } },
    'DRF: job j5 has the smallest dominant share (0.123); off-rack map',
  ],
  [
    { kind: 'cpuPool', job: 'j6', needs: 60, free: 140, pool: 700, launched: { task: 'map', placement: 'no input' } },
    "Finer-Grained CPU: job j6 is furthest below its fair share; needs 60 of the node's CPU pool (140 of 700 free); map that reads no input",
  ],
  [
    { kind: 'speculation', of: 'map', job: 'j7', leftSeconds: 41.6, percentile: 25 },
    'LATE: copy of the map of job j7 with the longest estimated time left (42 s), its progress rate below the 25th percentile; speculative copy',
  ],
  [
    { kind: 'speculation', of: 'reduce', job: 'j7', leftSeconds: 300, percentile: 25 },
    'LATE: copy of the reduce of job j7 with the longest estimated time left (300 s), its progress rate below the 25th percentile; speculative copy',
  ],
  [
    {
      kind: 'utility',
      best: { leading: false, phase: 'reduce', job: 'A', utility: 0.5 },
      pausedSeconds: 12.34,
      fairness: 0.1,
      performance: 0.4,
      nextBest: { leading: true, phase: 'shuffle', job: 'B', utility: 0.25 },
    },
    'PRISM: reduce phase of job A, paused 12.3 s, has the highest utility 0.500 (fairness 0.100 + α·perf 0.400); next best: new shuffle of job B at 0.250',
  ],
  [
    { kind: 'utility', best: { leading: true, phase: 'map', job: 'C', utility: 1 }, pausedSeconds: 0, fairness: 1, performance: 0, placement: 'node-local' },
    'PRISM: new map of job C has the highest utility 1.000 (fairness 1.000 + α·perf 0.000); node-local map',
  ],
  [
    {
      kind: 'belowMinimum',
      job: 'j8',
      minimum: 'no ARIA profile for Sort: owed every slot it can use',
      mayGo: 'anywhere',
      launched: { task: 'map', placement: 'rack-local' },
    },
    'MinEDF: job j8 is below its minimum (no ARIA profile for Sort: owed every slot it can use), earliest deadline first, may go anywhere; rack-local map',
  ],
  [{ kind: 'spareSlot', job: 'j9', deadline: 600.4, launched: { task: 'reduce' } }, 'MinEDF: spare slot lent to job j9, next by deadline (600 s); reduce'],
  [
    { kind: 'spareSlot', job: 'j9', mayGo: 'node-local', launched: { task: 'map', placement: 'node-local' } },
    'MinEDF: spare slot to job j9, which has no deadline, may go node-local; node-local map',
  ],
  [
    {
      kind: 'ownRule',
      scheduler: 'Newest first',
      job: 'j10',
      rule: 'is the newest job with work to place',
      launched: { task: 'map', placement: 'node-local' },
    },
    'Newest first (added): job j10 is the newest job with work to place; node-local map',
  ],
  // An added scheduler's rule may say what a built-in's does; the "(added)" after its name tells them apart.
  [
    { kind: 'ownRule', scheduler: 'Toy fair', job: 'j11', rule: 'is furthest below its fair share', launched: { task: 'reduce' } },
    'Toy fair (added): job j11 is furthest below its fair share; reduce',
  ],
  [{ kind: 'profiling' }, 'profiling'],
];
