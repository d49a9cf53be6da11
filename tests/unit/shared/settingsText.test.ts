import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { schedulerSettingsText, simulationSettingsText, sweepText } from '@shared/experiment/settingsText';

/** A report's "How to reproduce" in the designer's words, not as code. */
describe("a report's settings", () => {
  it("names a scheduler's kind and each setting by the designer's label", () => {
    const late = SchedulerSpecSchema.parse({ kind: 'late', label: 'LATE 20 %', speculativeCap: 0.2 });
    const text = schedulerSettingsText(late);
    expect(text.startsWith('LATE (speculation): ')).toBe(true);
    expect(text).toContain('Speculative cap 0.2');
    expect(text).toContain('Slow-task percentile 25');
    // A number reads with its unit after it, as one says it.
    expect(text).toContain('Least run time before judging 60 s');
    expect(text).toContain('Slot memory 200 MB');
    // Not the label (shown beside it), not the kind's key, and nothing in JSON.
    expect(text).not.toContain('LATE 20 %');
    expect(text).not.toMatch(/[{}"]|speculativeCap|minRunSeconds/);
  });

  it("writes Capacity's queues and Fair's pools as their cards show them", () => {
    const capacity = SchedulerSpecSchema.parse({
      kind: 'capacity',
      queues: [
        {
          name: 'prod',
          capacity: 70,
          children: [
            { name: 'etl', capacity: 50 },
            { name: 'adhoc', capacity: 50, maxCapacity: 80 },
          ],
        },
        { name: 'dev', capacity: 30 },
      ],
    });
    expect(schedulerSettingsText(capacity)).toContain(
      'prod 70 % (at most 100 %) [etl 50 % (at most 100 %); adhoc 50 % (at most 80 %)]; dev 30 % (at most 100 %)',
    );
    const fair = SchedulerSpecSchema.parse({ kind: 'fair', pools: [{ name: 'research', minShare: 8, weight: 2 }] });
    expect(schedulerSettingsText(fair)).toContain('research (min share 8, weight 2)');
    expect(schedulerSettingsText(capacity)).not.toMatch(/maxCapacity|children/);
  });

  it('says a chosen value in the words the designer offers it in, not the value a file keeps', () => {
    expect(schedulerSettingsText(SchedulerSpecSchema.parse({ kind: 'capacity' }))).toContain('Order inside a queue First come, first served (YARN default)');
    expect(schedulerSettingsText(SchedulerSpecSchema.parse({ kind: 'capacity', orderingPolicy: 'fair' }))).toContain(
      'Order inside a queue Least memory held first (fair)',
    );
    expect(schedulerSettingsText(SchedulerSpecSchema.parse({ kind: 'prism' }))).toContain('Job order Furthest below its share first (the paper)');
  });

  it("names MinEDF's per-template profiles and scaling factors without their numbers", () => {
    const profile = {
      mMin: 1,
      mAvg: 1,
      mMax: 1,
      avgInputMB: 64,
      selectivityM: 1,
      selectivityR: 1,
      sh1Avg: 0,
      sh1Max: 0,
      shTypAvg: 0,
      shTypMax: 0,
      rAvg: 1,
      rMax: 1,
    };
    const f = { c0: 0, c1: 0.1 };
    const minEdf = SchedulerSpecSchema.parse({
      kind: 'minedf',
      profiles: { Sort: profile, WordCount: profile },
      scaling: { Sort: { sh1Avg: f, sh1Max: f, shTypAvg: f, shTypMax: f, rAvg: f, rMax: f } },
    });
    const text = schedulerSettingsText(minEdf);
    expect(text).toContain('Profiles for Sort, WordCount (in the experiment file)');
    expect(text).toContain('Scaling factors (eq. 9-10) for Sort (in the experiment file)');
    expect(schedulerSettingsText(SchedulerSpecSchema.parse({ kind: 'minedf' }))).toContain('Scaling factors (eq. 9-10) none');
    expect(text).not.toMatch(/[{}"]|scaling|profiles|c0/);
  });

  it('writes the simulation options by their labels, yes/no for switches and "none" for an empty list', () => {
    const text = simulationSettingsText(SimulationOptionsSchema.parse({ heartbeatS: 3, outOfBandHeartbeat: true, failures: [] }));
    expect(text).toContain('Heartbeat 3 s');
    expect(text).toContain('Dom0 CPU 0 s/MB');
    // Hadoop's pace, the default; 0 s between asks is no asking at all: said as what it means.
    expect(text).toContain('Reduces ask for finished maps every 1 s');
    expect(simulationSettingsText(SimulationOptionsSchema.parse({ mapOutputPollS: 0 }))).toContain('Reduces hear of each finished map at once');
    expect(text).toContain('Heartbeat when a task ends yes');
    expect(text).toContain('Node failures none');
    expect(text).toContain('Heartbeats per second at most no limit');
    const failing = simulationSettingsText(
      SimulationOptionsSchema.parse({
        maxHeartbeatsPerSecond: 100,
        failures: [
          { node: 'r1-h2', atS: 300 },
          { node: 'r2-h1', atS: 1200.5 },
        ],
      }),
    );
    expect(failing).toContain('Heartbeats per second at most 100');
    // An optional setting once set: its value and unit, without the card's "(optional)"; unset, a dash.
    expect(simulationSettingsText(SimulationOptionsSchema.parse({ horizonS: 600 }))).toContain('Stop at 600 s');
    expect(simulationSettingsText(SimulationOptionsSchema.parse({}))).not.toContain('(optional)');
    expect(failing).toContain('Node failures r1-h2 at 300 s; r2-h1 at 1,200.5 s');
    expect(text).not.toMatch(/[{}"]|heartbeatS|outOfBandHeartbeat/);
  });

  it('says what a sweep varies and over which values', () => {
    const schedulers = [SchedulerSpecSchema.parse({ kind: 'fifo' }), SchedulerSpecSchema.parse({ kind: 'late' })];
    expect(sweepText({ schedulers, sweep: { target: 'scheduler', scheduler: 1, parameter: 'speculativeCap', values: [0.05, 0.1] } })).toBe(
      'Speculative cap of scheduler 2 (LATE (speculation)): 0.05, 0.1',
    );
    expect(sweepText({ schedulers, sweep: { target: 'simulation', parameter: 'diskThrashing', values: [0.08, 0.6] } })).toBe('Disk thrashing: 0.08, 0.6');
    expect(sweepText({ schedulers, sweep: { target: 'servers', values: [10, 20] } })).toBe('Servers per cluster: 10, 20');
    expect(sweepText({ schedulers })).toBe('');
  });
});
