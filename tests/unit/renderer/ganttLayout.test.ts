import { describe, expect, it } from 'vitest';
import type { GanttData, RunData } from '@shared/results/runData';
import { layoutLanes } from '@shared/results/ganttLanes';
import { barAt, describeBar, nodeDownAt, nodeDowns } from '../../../src-renderer/src/components/experiments/ganttLayout';

// Node 0: two overlapping maps (two lanes), then a reduce; node 1: one map. Node 2 ran nothing.
const gantt: GanttData = {
  node: [0, 0, 1, 0],
  start: [0, 5, 0, 20],
  end: [10, 15, 8, 30],
  reduce: [0, 0, 0, 1],
  outcome: [0, 2, 0, 0],
  job: [0, 0, 1, 0],
  task: [0, 1, 0, 0],
  phaseEnd: [10, 10, null, null, null, 14, null, null, null, null, 8, 8, null, null, null, null, null, 24, 26, 30],
  spanS: 30,
  sampling: { kept: 4, of: 4, every: 1, longest: 0 },
};
const data = { nodes: ['a', 'b', 'c'], jobs: [{ id: 'g1' }, { id: 'g2' }], gantt } as unknown as RunData;

describe('Gantt geometry', () => {
  const layout = layoutLanes(gantt, 3);
  // 10 px per second from x = 90, lanes 5 px, one pixel between nodes.
  const geo = { left: 90, from: 0, scale: 10, laneH: 5, top: (n: number) => layout.firstLane[n] * 5 + n };

  it('stacks overlapping attempts of a node on lanes and indexes bars by node', () => {
    expect([...layout.lane]).toEqual([0, 1, 0, 0]);
    expect([...layout.firstLane]).toEqual([0, 2, 3, 4]);
    expect([...layout.nodeStart]).toEqual([0, 3, 4, 4]);
  });

  it('finds the bar under the pointer, a few pixels of slack included, and nothing left of the plot', () => {
    expect(barAt(gantt, layout, geo, 90 + 50, 2, 3)).toBe(0); // t = 5 s, node a lane 0
    expect(barAt(gantt, layout, geo, 90 + 120, 7, 3)).toBe(1); // t = 12 s, node a lane 1
    expect(barAt(gantt, layout, geo, 90 + 102, 2, 3)).toBe(0); // t = 10.2 s: 2 px past its end
    expect(barAt(gantt, layout, geo, 90 + 150, 2, 3)).toBe(-1); // between bars
    expect(barAt(gantt, layout, geo, 90 + 40, 12, 3)).toBe(2); // node b
    expect(barAt(gantt, layout, geo, 50, 2, 3)).toBe(-1); // over the labels
  });

  it('names the job, task, node and the phase running at the pointer', () => {
    expect(describeBar(data, 3, 25).text).toBe('job g1 · task r0 · a\nsort phase from 24.0 s · attempt 20.0 s–30.0 s');
    expect(describeBar(data, 1, 6).text).toBe('job g1 · task m1 · a\nmap phase from 5.0 s · attempt 5.0 s–15.0 s · killed');
  });
});

describe('nodes down on the Gantt', () => {
  const layout = layoutLanes(gantt, 3);
  const geo = { left: 90, from: 0, scale: 10, laneH: 5, top: (n: number) => layout.firstLane[n] * 5 + n };
  const loss = (node: string, lostAtS: number, replacedAtS: number | null) => ({
    node,
    cause: 'named' as const,
    lostAtS,
    noticedAtS: lostAtS + 5,
    attemptsKilled: 1,
    mapsRunAgain: 0,
    mastersLost: 0,
    replacedAtS,
  });

  it("puts each loss on its node's rows, until its replacement or the chart's end, and leaves out a node the chart lacks", () => {
    const downs = nodeDowns([loss('b', 4, 20), loss('a', 12, null), loss('gone', 1, null)], data.nodes, 30);
    expect(downs.map((d) => [d.node, d.loss.lostAtS, d.to])).toEqual([
      [1, 4, 20],
      [0, 12, 30],
    ]);
  });

  it('finds the down span under the pointer on any of its rows, and none before the death or after the return', () => {
    const downs = nodeDowns([loss('b', 4, 20), loss('a', 12, null)], data.nodes, 30);
    expect(nodeDownAt(downs, 3, geo, 90 + 100, 12)?.loss.node).toBe('b'); // t = 10 s, node b
    expect(nodeDownAt(downs, 3, geo, 90 + 30, 12)).toBeUndefined(); // t = 3 s: b not yet dead
    expect(nodeDownAt(downs, 3, geo, 90 + 250, 12)).toBeUndefined(); // t = 25 s: b replaced
    expect(nodeDownAt(downs, 3, geo, 90 + 250, 7)?.loss.node).toBe('a'); // a's second lane, t = 25 s
    expect(nodeDownAt(downs, 3, geo, 50, 7)).toBeUndefined(); // over the labels
  });
});
