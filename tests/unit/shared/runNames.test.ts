import { describe, expect, it } from 'vitest';
import { schedulerLabel, SchedulerSpecSchema, type SchedulerSpec } from '@shared/schedulers';
import { formerRunNames, runName, runNameClashes } from '@shared/experiment/runNames';
import { SweepSchema } from '@shared/experiment/sweep';

const specs = (...xs: unknown[]) => xs.map((x) => SchedulerSpecSchema.parse(x));
const sweep = (x: unknown) => SweepSchema.parse(x);

describe("runs' names: one per configuration, or a comparison mixes two", () => {
  it('names a run by its label and the swept value, the parameter in the words its card shows', () => {
    const [fifo, fair, prism] = specs({ kind: 'fifo' }, { kind: 'fair' }, { kind: 'prism', label: 'P' });
    expect(runName(fifo, undefined, undefined)).toBe('FIFO');
    const waits = sweep({ target: 'scheduler', scheduler: 0, parameter: 'nodeLocalityWaitS', values: [5] });
    expect(runName(fair, waits, 2.5)).toBe('Fair (delay) · Node-locality wait s = 2.5');
    expect(runName(fair, waits, undefined)).toBe('Fair (delay)');
    expect(runName(prism, sweep({ target: 'scheduler', scheduler: 0, parameter: 'alpha', values: [1] }), 0.5)).toBe('P · α (eq. 1) = 0.5');
    expect(runName(fifo, sweep({ target: 'servers', values: [40] }), 40)).toBe('FIFO · 40 servers');
    expect(runName(fifo, sweep({ target: 'servers', values: [1, 2] }), 1)).toBe('FIFO · 1 server');
    expect(runName(fifo, sweep({ target: 'simulation', parameter: 'heartbeatS', values: [3] }), 1 / 3)).toBe('FIFO · Heartbeat s = 0.333333');
    // An optional setting's "(optional)" is the card's hint, not part of its name.
    expect(runName(fifo, sweep({ target: 'simulation', parameter: 'horizonS', values: [600] }), 600)).toBe('FIFO · Stop at s = 600');
  });

  it('names a card without the settings its name reads by the scheduler alone, and one it does not have by its kind', () => {
    // A FAWKES card saved without its policy (no build saved one so): no name of a policy holds, so it goes by FAWKES alone.
    const unreadable = { kind: 'fawkes' } as unknown as SchedulerSpec;
    expect(schedulerLabel(unreadable)).toBe('FAWKES');
    expect(runName(unreadable, undefined, undefined)).toBe('FAWKES');
    expect(schedulerLabel({ kind: 'gone-plugin' } as unknown as SchedulerSpec)).toBe('gone-plugin');
    expect(schedulerLabel({ kind: 'fawkes', label: 'mine' } as unknown as SchedulerSpec)).toBe('mine');
  });

  it('reads the swept setting with its value applied: a greedy card swept to a wait runs, and is named, delay scheduling', () => {
    const [greedy, labelled] = specs(
      { kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0 },
      { kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0, label: 'G' },
    );
    const waits = sweep({ target: 'scheduler', scheduler: 0, parameter: 'nodeLocalityWaitS', values: [0, 5] });
    expect(runName(greedy, waits, 0)).toBe('Fair (greedy locality) · Node-locality wait s = 0');
    expect(runName(greedy, waits, 5)).toBe('Fair (delay) · Node-locality wait s = 5');
    // A label the user gave is the name, whatever the value.
    expect(runName(labelled, waits, 5)).toBe('G · Node-locality wait s = 5');
    // A simulation or servers sweep leaves the card as it is.
    expect(runName(greedy, sweep({ target: 'simulation', parameter: 'heartbeatS', values: [3] }), 3)).toBe('Fair (greedy locality) · Heartbeat s = 3');
  });

  it('gives the names earlier builds gave, so their result files still read', () => {
    const [fifo, fair, greedy, labelled] = specs(
      { kind: 'fifo' },
      { kind: 'fair' },
      { kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0 },
      { kind: 'fair', label: 'mine' },
    );
    const waits = sweep({ target: 'scheduler', scheduler: 0, parameter: 'nodeLocalityWaitS', values: [5] });
    // A card without a label was named by its kind in lower case (before store version 9).
    expect(formerRunNames(fifo, undefined, undefined)).toEqual(['fifo']);
    expect(formerRunNames(fair, undefined, undefined)).toEqual(['fair (delay)']);
    // Then, with the key (before 2026-11-30 10:57).
    expect(formerRunNames(fair, waits, 5)).toEqual(['fair (delay) · Node-locality wait s = 5', 'fair (delay) nodeLocalityWaitS=5']);
    expect(formerRunNames(fifo, sweep({ target: 'simulation', parameter: 'heartbeatS', values: [3] }), 3)).toEqual([
      'fifo · Heartbeat s = 3',
      'fifo · heartbeatS=3',
    ]);
    // The card's label before the swept value was applied (before store version 7).
    expect(formerRunNames(greedy, waits, 5)).toEqual([
      'fair (delay) · Node-locality wait s = 5',
      'fair (greedy locality) nodeLocalityWaitS=5',
      'fair (greedy locality) · Node-locality wait s = 5',
    ]);
    // One server was "1 servers" (before store version 8).
    expect(formerRunNames(fifo, sweep({ target: 'servers', values: [1, 40] }), 1)).toEqual(['fifo · 1 server', 'fifo · 1 servers']);
    // A label the user wrote was always the name.
    expect(formerRunNames(labelled, undefined, undefined)).toEqual([]);
    expect(formerRunNames(labelled, sweep({ target: 'servers', values: [40] }), 40)).toEqual([]);
    expect(formerRunNames(labelled, waits, 5)).toEqual(['mine nodeLocalityWaitS=5']);
  });

  it('finds two Fair cards that differ only in their waits, and two cards with one label, at the later card', () => {
    expect(runNameClashes(specs({ kind: 'fair' }, { kind: 'fair', nodeLocalityWaitS: 10 }), undefined)).toEqual([
      {
        path: ['schedulers', 1, 'label'],
        message: `its runs and scheduler 1's would both be reported as "Fair (delay)", so a comparison would mix them: give one of the two a label`,
      },
    ]);
    expect(runNameClashes(specs({ kind: 'fifo', label: 'A' }, { kind: 'drf' }, { kind: 'fair', label: 'A' }), undefined).map((c) => c.path)).toEqual([
      ['schedulers', 2, 'label'],
    ]);
    // Labels tell them apart; so do the settings a run's name shows.
    expect(runNameClashes(specs({ kind: 'fair' }, { kind: 'fair', nodeLocalityWaitS: 10, label: 'Fair, 10 s' }), undefined)).toEqual([]);
    expect(runNameClashes(specs({ kind: 'fair' }, { kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0 }), undefined)).toEqual([]);
  });

  it("finds swept values that read the same, and a card named as another card's swept variant", () => {
    const values = sweep({ target: 'simulation', parameter: 'heartbeatS', values: [1, 3, 1, 3.0000001] });
    expect(runNameClashes(specs({ kind: 'fifo' }), values)).toEqual([
      { path: ['sweep', 'values', 2], message: '1 is listed twice' },
      { path: ['sweep', 'values', 3], message: "reads as 3, as value 2 does: its runs would share that one's name" },
    ]);
    const waits = sweep({ target: 'scheduler', scheduler: 0, parameter: 'nodeLocalityWaitS', values: [0, 5] });
    expect(runNameClashes(specs({ kind: 'fair' }, { kind: 'fair' }), waits)).toEqual([]);
    expect(runNameClashes(specs({ kind: 'fair' }, { kind: 'fifo', label: 'Fair (delay) · Node-locality wait s = 5' }), waits).map((c) => c.path)).toEqual([
      ['schedulers', 1, 'label'],
    ]);
  });
});
