import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { BatchInputsSchema, type BatchDetail, type BatchRun } from '@shared/experiment/design';
import type { z } from 'zod';
import type { SweepSchema } from '@shared/experiment/sweep';
import { groupConcurrency, groupRuns } from '../../../src-renderer/src/components/experiments/groups';
import { planBatch } from '@shared/experiment/batchPlan';
import { compactSweptValue } from '@shared/experiment/runNames';

// Ten 8-core servers over two racks: FIFO's defaults give one map slot per core and one reduce slot per two.
const cluster = ClusterSpecSchema.parse(
  generateUniformCluster(UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'ten', racks: 2, hostsPerRack: 5, cores: 8 })),
);

function batchOf(sweep?: z.input<typeof SweepSchema>): BatchDetail {
  const inputs = BatchInputsSchema.parse({
    clusters: [{ name: 'ten', spec: cluster }],
    workloads: [{ name: 'w', spec: { name: 'w', jobs: [{ template: 'Sort', submit: 0, maps: 2, reduces: 1 }] } }],
    schedulers: [{ kind: 'fifo' }, { kind: 'fair' }],
    seeds: [1],
    simulation: {},
    sweep,
  });
  const plan = planBatch(inputs);
  const results: BatchRun[] = plan.map((p) => ({ ...p, status: 'finished', error: null, summary: null, partial: false }));
  return {
    ...{ id: 'b', name: 'b', experimentId: null, tags: [], status: 'finished', runs: plan.length, finished: plan.length, failed: 0 },
    ...{ createdAt: '2026-12-01T00:00:00Z', finishedAt: null, clusters: ['ten'], workloads: ['w'], schedulers: ['fifo', 'fair'], failures: null },
    inputs,
    plan,
    results,
  };
}

describe('a comparison\'s "could run at once" row', () => {
  it('counts the servers a sweep gave each run, not the cluster it was cut from', () => {
    const batch = batchOf({ target: 'servers', values: [4, 10, 12] });
    const row = groupConcurrency(batch, groupRuns(batch));
    const byLabel = Object.fromEntries(groupRuns(batch).map((g) => [g.runs[0].label, row[g.key]]));
    expect(byLabel).toMatchObject({
      'FIFO · 4 servers': '32 map + 16 reduce slots',
      'FIFO · 10 servers': '80 map + 40 reduce slots',
      'FIFO · 12 servers': '96 map + 48 reduce slots',
      'Fair (delay) · 4 servers': '32 map + 16 reduce slots',
    });
  });

  it("shows the slots a swept scheduler parameter set, and the other scheduler's as they are", () => {
    const batch = batchOf({ target: 'scheduler', scheduler: 0, parameter: 'mapSlots', values: [2, 4] });
    const row = groupConcurrency(batch, groupRuns(batch));
    const byLabel = Object.fromEntries(groupRuns(batch).map((g) => [g.runs[0].label, row[g.key]]));
    expect(Object.values(byLabel)).toEqual(['20 map + 40 reduce slots', '40 map + 40 reduce slots', '80 map + 40 reduce slots']);
  });
});

describe("a sweep's short names", () => {
  const shortOf = (batch: BatchDetail) => groupRuns(batch).map((g) => [g.label, g.short]);

  it('put the swept value compactly, with the unit its setting reads in, the whole name kept as the label', () => {
    const batch = batchOf({ target: 'scheduler', scheduler: 1, parameter: 'nodeLocalityWaitS', values: [0, 5] });
    expect(shortOf(batch)).toEqual([
      ['FIFO', 'FIFO'],
      ['Fair (delay) · Node-locality wait s = 0', 'Fair (delay) · 0 s'],
      ['Fair (delay) · Node-locality wait s = 5', 'Fair (delay) · 5 s'],
    ]);
  });

  it('keep short words, and the value alone after long ones; servers as they are', () => {
    expect(compactSweptValue('α (eq. 1)', 0.5)).toBe('α = 0.5');
    expect(compactSweptValue('Map slots / node', 4)).toBe('4');
    expect(compactSweptValue('Slot memory MB', 512)).toBe('512 MB');
    const servers = batchOf({ target: 'servers', values: [4, 10] });
    expect(shortOf(servers).map(([, short]) => short)).toEqual([
      'FIFO · 4 servers',
      'Fair (delay) · 4 servers',
      'FIFO · 10 servers',
      'Fair (delay) · 10 servers',
    ]);
    const slots = batchOf({ target: 'scheduler', scheduler: 0, parameter: 'mapSlots', values: [2, 4] });
    expect(shortOf(slots).map(([, short]) => short)).toEqual(['FIFO · 2', 'FIFO · 4', 'Fair (delay)']);
  });

  it('stay whole where two configurations would read alike', () => {
    // A card labelled as another's compact name would clash with it once shortened.
    const batch = batchOf({ target: 'scheduler', scheduler: 1, parameter: 'nodeLocalityWaitS', values: [0, 5] });
    const clashing: BatchDetail = { ...batch, results: batch.results.map((r) => (r.scheduler === 0 ? { ...r, label: 'Fair (delay) · 5 s' } : r)) };
    expect(shortOf(clashing).map(([, short]) => short)).toEqual([
      'Fair (delay) · 5 s',
      'Fair (delay) · Node-locality wait s = 0',
      'Fair (delay) · Node-locality wait s = 5',
    ]);
  });
});

describe('the groups of a comparison across history', () => {
  it('carry the short names the summary uses, so charts and tables tell the entries apart', () => {
    const batch = batchOf();
    const from = (i: number) => (i % 2 === 0 ? 'March run — 2026-12-03 14:35' : 'March run — 2026-12-03 14:12');
    const across: BatchDetail = {
      ...batch,
      inputs: { ...batch.inputs, sources: [] },
      // Each run named in full as the comparison across history names it: its configuration, then its entry.
      results: [...batch.results, ...batch.results.map((r) => ({ ...r, index: r.index + batch.results.length }))].map((r, i) => ({
        ...r,
        label: `${r.label} — ${from(Math.floor(i / batch.results.length))}`,
      })),
    };
    const groups = groupRuns(across);
    expect(groups.map((g) => g.label)).toEqual([
      'FIFO — March run — 2026-12-03 14:35',
      'Fair (delay) — March run — 2026-12-03 14:35',
      'FIFO — March run — 2026-12-03 14:12',
      'Fair (delay) — March run — 2026-12-03 14:12',
    ]);
    expect(groups.map((g) => g.short)).toEqual(['FIFO · 14:35', 'Fair (delay) · 14:35', 'FIFO · 14:12', 'Fair (delay) · 14:12']);
    // One batch's groups are named as they are.
    expect(groupRuns(batch).map((g) => g.short)).toEqual(['FIFO', 'Fair (delay)']);
  });
});
