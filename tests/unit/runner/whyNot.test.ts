import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { beatWords, noBeatWords, whyNotText, type WhyNotAnswer, type WhyNotReason } from '@shared/results/whyNot';
import type { ResolvedRun } from '../../../src-main/runner/matrix';
import { runTask } from '../../../src-main/runner/runTask';
import { whyNot, WhyNotError } from '../../../src-main/runner/whyNotReplay';

/**
 * "Why not then?" on small hand-made cases: a big job holds every map slot of eight nodes when a
 * small one arrives at 20 s, so the small one meets full slots, the delay-scheduling wait, its
 * queue's cap and its place in the order; the replay must be the run itself (same launches).
 */
const cluster = ClusterSpecSchema.parse(
  generateUniformCluster(UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'lab', racks: 2, hostsPerRack: 4 })),
);

function runOf(scheduler: unknown, jobs: unknown[]): ResolvedRun {
  return {
    plan: { index: 0, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'under test' },
    cluster,
    workload: WorkloadSpecSchema.parse({ name: 'w', jobs }),
    scheduler: SchedulerSpecSchema.parse(scheduler),
    simulation: SimulationOptionsSchema.parse({}),
    seed: 1,
  };
}

const BIG_THEN_SMALL = [
  { id: 'big', template: 'WordCount', submit: 0, maps: 64, reduces: 2, queue: 'prod' },
  { id: 'small', template: 'WordCount', submit: 20, maps: 2, reduces: 1, queue: 'prod' },
];
/** Every table of scores the answer carries, heartbeat by heartbeat. */
const scoresOf = (a: WhyNotAnswer) => a.nodes.flatMap((n) => n.beats.flatMap((b) => (b.scores ? [b.scores] : [])));
const reasons = (a: WhyNotAnswer) => a.nodes.flatMap((n) => n.beats.flatMap((b) => b.reasons.map((r) => ({ node: n.node, time: b.time, r }))));
const ofKind = <K extends WhyNotReason['kind']>(a: WhyNotAnswer, kind: K) =>
  reasons(a).filter((x): x is { node: string; time: number; r: Extract<WhyNotReason, { kind: K }> } => x.r.kind === kind);

describe('why a job got nothing, node by node', () => {
  const fair = runOf({ kind: 'fair', nodeLocalityWaitS: 5, rackLocalityWaitS: 5 }, BIG_THEN_SMALL);

  it('replays the run itself: the traced launches are the run’s own', () => {
    const real = runTask(fair).jobs.find((j) => j.id === 'small')!;
    const a = whyNot(fair, 'fair', 'small', 22);
    const launched = ofKind(a, 'launched');
    // Both maps, node-local, the first at the job's recorded start.
    expect(launched.map((l) => l.r.task).sort()).toEqual(['small m0', 'small m1']);
    expect(launched.every((l) => /node-local map$/.test(l.r.reason))).toBe(true);
    expect(Math.min(...launched.map((l) => l.time))).toBeCloseTo(real.start!, 5);
    expect(real.locality).toMatchObject({ node: 2 });
    // Asked about another moment the replay is the same run.
    expect(ofKind(whyNot(fair, 'fair', 'small', 21), 'launched')).toEqual(launched.filter((l) => l.time <= 24));
  });

  it('says a job past its submit time waits for the jobs it depends on, and names them', () => {
    const chained = runOf({ kind: 'fifo' }, [
      { id: 'first', template: 'WordCount', submit: 0, maps: 16, reduces: 1 },
      { id: 'then', template: 'WordCount', submit: 5, maps: 2, reduces: 1, dependsOn: ['first'] },
    ]);
    const firstEnds = runTask(chained).jobs.find((j) => j.id === 'first')!.finish!;
    expect(firstEnds).toBeGreaterThan(12);
    const a = whyNot(chained, 'fifo', 'then', 6);
    const before = ofKind(a, 'notSubmitted');
    const waits = ofKind(a, 'waitsForJobs');
    expect(before.length).toBeGreaterThan(0);
    expect(waits.length).toBeGreaterThan(0);
    expect(before.every((x) => x.time < 5 && x.r.submitAt === 5)).toBe(true);
    expect(waits.every((x) => x.time >= 5 && x.time < firstEnds && x.r.jobs.join() === 'first')).toBe(true);
    expect(beatWords({ time: 6, reasons: [waits[0].r] })).toBe('not submitted yet: it waits for first to finish (it depends on it)');
  });

  it("names delay scheduling's wait, who holds the slots, and the job's place in Fair's order", () => {
    const a = whyNot(fair, 'fair', 'small', 21);
    expect(a.window).toEqual([18, 24]);
    const wait = ofKind(a, 'localityWait');
    expect(wait.length).toBeGreaterThan(0);
    for (const w of wait) {
      expect(w.r).toMatchObject({ allowed: 'node-local', wait: 5, next: 'rack-local' });
      // Counted from its submission at 20 s or its last launch since, whichever is later.
      expect(w.r.waited).toBeGreaterThanOrEqual(0);
      expect(w.r.waited).toBeLessThanOrEqual(w.time - 20 + 1e-9);
    }
    const full = ofKind(a, 'noFreeSlot');
    expect(full.length).toBeGreaterThan(0);
    expect(full.every((f) => f.r.slot === 'map' && f.r.used === f.r.slots && f.r.holders[0].job === 'big')).toBe(true);
    expect(ofKind(a, 'order').every((o) => o.r.of === 2 && o.r.key.endsWith('running task') === o.r.key.startsWith('1 '))).toBe(true);
    expect(ofKind(a, 'notSubmitted').every((x) => x.time < 20 && x.r.submitAt === 20)).toBe(true);
    // In words, as the why-panel and the CLI print them.
    const words = a.nodes.flatMap((n) => n.beats.map(beatWords));
    expect(
      words.some((w) =>
        /waiting for a node-local slot: the best map here is rack-local; \d\.\d s of 5\.0 s waited, \d\.\d s left before it may go rack-local/.test(w),
      ),
    ).toBe(true);
    expect(words.some((w) => /no free map slot: 4 of 4 in use \(held by big ×4\)/.test(w))).toBe(true);
  });

  it('names the same delay-scheduling wait under MinEDF, which waits as Fair does', () => {
    const minEdf = runOf({ kind: 'minedf', nodeLocalityWaitS: 5, rackLocalityWaitS: 5 }, BIG_THEN_SMALL);
    const wait = ofKind(whyNot(minEdf, 'minedf', 'small', 21), 'localityWait');
    expect(wait.length).toBeGreaterThan(0);
    for (const w of wait) expect(w.r).toMatchObject({ allowed: 'node-local', wait: 5, next: 'rack-local' });
  });

  it('says when the job had nothing left to place, or had finished', () => {
    const running = whyNot(fair, 'fair', 'small', 30);
    expect(ofKind(running, 'nothingPending').length).toBeGreaterThan(0);
    const done = whyNot(fair, 'fair', 'small', 60);
    expect(reasons(done).every((x) => x.r.kind === 'finished' || x.r.kind === 'nothingPending' || x.r.kind === 'launched')).toBe(true);
    expect(ofKind(done, 'finished').length).toBeGreaterThan(0);
  });

  it('says the cluster stood empty, not that the run ended, when no job was in it the whole window, and when the asked job was there', () => {
    // Nothing runs from about 10 s until "late" arrives at 200 s: no node beats then.
    const gap = runOf({ kind: 'fifo' }, [
      { id: 'early', template: 'WordCount', submit: 0, maps: 2, reduces: 0 },
      { id: 'late', template: 'WordCount', submit: 200, maps: 2, reduces: 0 },
    ]);
    const finished = runTask(gap).jobs.find((j) => j.id === 'early')!.finish!;
    expect(finished).toBeLessThan(90);
    const after = whyNot(gap, 'FIFO', 'early', 100);
    expect(after.nodes).toEqual([]);
    expect(after.stoppedAt).toBe(200);
    expect(after.jobSpan.submitAt).toBe(0);
    // The result keeps times to the microsecond.
    expect(after.jobSpan.finishedAt).toBeCloseTo(finished, 5);
    expect(noBeatWords(after)).toBe(
      `nothing ran or waited in the cluster from 97.0 s until 200 s, so no node asked the scheduler; early had finished at ${finished.toFixed(1)} s: ask about an earlier moment.`,
    );
    expect(noBeatWords(whyNot(gap, 'FIFO', 'late', 100))).toMatch(
      /until 200 s, so no node asked the scheduler; late arrives at 200 s: ask about a later moment\.$/,
    );
    // After its last job the run ends: that is what it says then.
    const end = whyNot(gap, 'FIFO', 'late', 400);
    expect(end.stoppedAt).toBeLessThan(end.window[1]);
    expect(noBeatWords(end)).toBe(`the run ended at ${Math.round(end.stoppedAt)} s.`);
  });

  it('names a YARN queue at its maximum capacity and a node without container room', () => {
    const capacity = runOf(
      {
        kind: 'capacity',
        queues: [
          { name: 'prod', capacity: 50, maxCapacity: 50, children: [] },
          { name: 'adhoc', capacity: 50, maxCapacity: 100, children: [] },
        ],
      },
      BIG_THEN_SMALL,
    );
    const a = whyNot(capacity, 'capacity', 'small', 22);
    const queue = ofKind(a, 'queueFull');
    expect(queue.length).toBeGreaterThan(0);
    expect(queue.every((q) => q.r.queue === 'prod' && q.r.usedMb >= q.r.maxMb)).toBe(true);
    expect(ofKind(a, 'noContainerRoom').every((c) => c.r.freeMb < c.r.needMb || c.r.freeVcores < c.r.needVcores)).toBe(true);
    expect(ofKind(a, 'launched')).toEqual([]);
  });

  it('replays LATE as it ran, with the books it asked the engine to keep (its jobs with live attempts), and shows its copy candidates', () => {
    const late = runOf({ kind: 'late', minRunSeconds: 5 }, BIG_THEN_SMALL);
    const a = whyNot(late, 'late', 'small', 21);
    expect(a.nodes.length).toBeGreaterThan(0);
    expect(ofKind(a, 'notChosen')).toEqual([]);
    const real = runTask(late).jobs.find((j) => j.id === 'small')!;
    const launched = ofKind(whyNot(late, 'late', 'small', real.start!), 'launched');
    expect(Math.min(...launched.map((l) => l.time))).toBeCloseTo(real.start!, 5);
  });

  it("carries FIFO's order: jobs with a map waiting, then jobs whose reduces may start, by submission, with what each has waiting and running", () => {
    const a = whyNot(runOf({ kind: 'fifo' }, BIG_THEN_SMALL), 'fifo', 'small', 21);
    const scored = scoresOf(a);
    expect(scored.length).toBeGreaterThan(0);
    for (const s of scored) {
      expect(s.criteria).toEqual(['submitted at (s)', 'waiting (of its kind)', 'running (of its kind)']);
      const maps = s.rows.filter((r) => r.candidate === 'its next map');
      expect(maps.map((r) => r.values[0])).toEqual([...maps.map((r) => r.values[0])].sort((x, y) => x - y));
      for (const r of s.rows) expect(r.values[1]).toBeGreaterThan(0);
    }
    expect(scored.some((s) => s.rows.map((r) => r.job).join() === 'big,small')).toBe(true);
    // A per-job limit is a column of its own; a kind without one shows none.
    const limited = whyNot(runOf({ kind: 'fifo', jobMapLimit: 1 }, BIG_THEN_SMALL), 'fifo', 'big', 10);
    const withLimit = scoresOf(limited);
    expect(withLimit.length).toBeGreaterThan(0);
    for (const s of withLimit) {
      expect(s.criteria[3]).toBe('most at once (of its kind)');
      for (const r of s.rows) expect(r.candidate === 'its next map' ? r.values[3] : Number.isNaN(r.values[3])).toBe(r.candidate === 'its next map' ? 1 : true);
    }
  });

  it("names FIFO's per-job limit", () => {
    const fifo = runOf({ kind: 'fifo', jobMapLimit: 1 }, BIG_THEN_SMALL);
    const a = whyNot(fifo, 'fifo', 'big', 10);
    expect(ofKind(a, 'overLimit').every((x) => x.r.limit === 1 && x.r.running === 1)).toBe(true);
    expect(ofKind(a, 'overLimit').length).toBeGreaterThan(0);
  });

  it("names DRF's container room and dominant share, ILA's slots and order, PRISM's machine that is full", () => {
    const drf = whyNot(runOf({ kind: 'drf' }, BIG_THEN_SMALL), 'drf', 'small', 21);
    expect(ofKind(drf, 'noContainerRoom').length).toBeGreaterThan(0);
    expect(ofKind(drf, 'order').every((o) => /^dominant share 0\.\d{3}$/.test(o.r.key))).toBe(true);
    const lao = whyNot(runOf({ kind: 'ila', variant: 'lao' }, BIG_THEN_SMALL), 'lao', 'small', 21);
    expect(ofKind(lao, 'noFreeSlot').length + ofKind(lao, 'launched').length).toBeGreaterThan(0);
    const prism = whyNot(runOf({ kind: 'prism' }, BIG_THEN_SMALL), 'prism', 'small', 21);
    const full = ofKind(prism, 'phaseDoesNotFit');
    expect(full.length).toBeGreaterThan(0);
    expect(full.every((f) => f.r.resource === 'cpu' && f.r.used + f.r.need > f.r.capacity)).toBe(true);
    expect(ofKind(prism, 'order').every((o) => /the top 20 offer a task/.test(o.r.key))).toBe(true);
    // Every scheduler here explains itself: no heartbeat ends in "names no limit".
    const finer = whyNot(runOf({ kind: 'finegrained' }, BIG_THEN_SMALL), 'finer', 'small', 21);
    expect(ofKind(finer, 'order').every((o) => /asks \d+ of a core's 100$/.test(o.r.key))).toBe(true);
    for (const a of [drf, lao, prism, finer]) expect(ofKind(a, 'notChosen')).toEqual([]);
  });

  it("carries PRISM's scores at each heartbeat it weighed something, and the replay stays the run", () => {
    const run = runOf({ kind: 'prism' }, BIG_THEN_SMALL);
    const a = whyNot(run, 'prism', 'small', 21);
    const scored = a.nodes.flatMap((n) => n.beats.filter((b) => b.scores));
    expect(scored.length).toBeGreaterThan(0);
    for (const b of scored) {
      expect(b.scores!.criteria).toEqual(['fairness gain (eq. 2)', 'α · performance (eq. 5, 6)', 'utility U (eq. 1)']);
      // Ranked best first: utilities never rise down the table, and each is fairness + α·performance.
      const utilities = b.scores!.rows.map((r) => r.values[2]);
      expect(utilities).toEqual([...utilities].sort((x, y) => y - x));
      for (const r of b.scores!.rows) expect(r.values[2]).toBeCloseTo(r.values[0] + r.values[1], 9);
      // Each candidate is one task, named as the Gantt names it, so two paused reduces of a job differ.
      for (const r of b.scores!.rows) expect(r.task).toMatch(/^[mr]\d+$/);
    }
    // Asking for scores decides nothing: the replay's launches are the run's own.
    const real = runTask(run).jobs.find((j) => j.id === 'small')!;
    const launched = ofKind(whyNot(run, 'prism', 'small', real.start!), 'launched');
    expect(Math.min(...launched.map((l) => l.time))).toBeCloseTo(real.start!, 5);
  });

  it("carries DRF's shares, job by job in the order a free container goes to them", () => {
    const a = whyNot(runOf({ kind: 'drf' }, BIG_THEN_SMALL), 'drf', 'small', 21);
    const scored = scoresOf(a);
    expect(scored.length).toBeGreaterThan(0);
    for (const s of scored) {
      expect(s.criteria).toEqual(['memory share', 'vcore share', 'dominant share (DRF)']);
      const dominant = s.rows.map((r) => r.values[2]);
      expect(dominant).toEqual([...dominant].sort((x, y) => x - y));
      for (const r of s.rows) expect(r.values[2]).toBe(Math.max(r.values[0], r.values[1]));
    }
    // The small job, just arrived, holds the least: first wherever it is listed with work to place.
    expect(scored.some((s) => s.rows[0]?.job === 'small')).toBe(true);
  });

  it("carries Fair's order: running tasks against weight, and each job's wait for a local slot against the wait before it may go further", () => {
    const a = whyNot(fair, 'fair', 'small', 21);
    const scored = scoresOf(a);
    expect(scored.length).toBeGreaterThan(0);
    for (const s of scored) {
      expect(s.criteria).toEqual([
        'running tasks',
        'pool weight',
        'pool min share',
        'running ÷ weight',
        'waited for a local slot (s)',
        'wait before going further (s)',
      ]);
      // One pool, weight 1: the order is fewest running first, and the ratio is the running count.
      const ratio = s.rows.map((r) => r.values[3]);
      expect(ratio).toEqual([...ratio].sort((x, y) => x - y));
      for (const r of s.rows) {
        expect(r.values[3]).toBe(r.values[0] / r.values[1]);
        // A job waiting for locality has waited less than its wait (else it may go further, and the wait shows 0).
        if (r.values[5] > 0) expect(r.values[4]).toBeLessThan(r.values[5]);
      }
    }
    // The small job holds nothing when it arrives: it heads the table wherever it has a map to place.
    expect(scored.some((s) => s.rows[0]?.job === 'small' && s.rows[0].values[0] === 0)).toBe(true);
    // Greedy locality has no wait to show.
    const greedy = whyNot(runOf({ kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0 }, BIG_THEN_SMALL), 'fair', 'small', 21);
    const greedyScores = scoresOf(greedy);
    expect(greedyScores.length).toBeGreaterThan(0);
    for (const s of greedyScores) expect(s.criteria).toEqual(['running tasks', 'pool weight', 'pool min share', 'running ÷ weight']);
  });

  it("carries Capacity's order: each queue's use of its guarantee, then the jobs in it, with the memory each holds and the offers it let pass", () => {
    const queues = [
      { name: 'prod', capacity: 60 },
      { name: 'dev', capacity: 40 },
    ];
    const withDev = [...BIG_THEN_SMALL, { id: 'dev-job', template: 'WordCount', submit: 10, maps: 64, reduces: 1, queue: 'dev' }];
    const a = whyNot(runOf({ kind: 'capacity', queues }, withDev), 'capacity', 'small', 21);
    const scored = scoresOf(a);
    expect(scored.length).toBeGreaterThan(0);
    for (const s of scored) {
      expect(s.criteria).toEqual(["queue's use of its capacity (1 = its guarantee)", 'memory the job holds (MB)', 'offers passed for locality (of 40)']);
      // Queues furthest below their guarantee first; inside one, first come first served.
      const use = s.rows.map((r) => r.values[0]);
      expect(use).toEqual([...use].sort((x, y) => x - y));
      const prod = s.rows.filter((r) => r.candidate.endsWith('queue prod')).map((r) => r.job);
      expect(prod).toEqual(['big', 'small'].filter((j) => prod.includes(j)));
      for (const r of s.rows) expect(r.values[2]).toBeGreaterThanOrEqual(0);
    }
    // Both queues are weighed, each under its own name.
    expect(scored.some((s) => s.rows.some((r) => r.candidate.endsWith('queue dev')) && s.rows.some((r) => r.candidate.endsWith('queue prod')))).toBe(true);
    // Under the fair ordering policy the job holding less memory comes first in its queue.
    const fairOrder = whyNot(runOf({ kind: 'capacity', queues, orderingPolicy: 'fair' }, withDev), 'capacity', 'small', 21);
    const fairScored = scoresOf(fairOrder);
    expect(fairScored.filter((s) => s.rows.filter((r) => r.candidate.endsWith('queue prod')).length > 1).length).toBeGreaterThan(0);
    for (const s of fairScored) {
      const held = s.rows.filter((r) => r.candidate.endsWith('queue prod')).map((r) => r.values[1]);
      expect(held).toEqual([...held].sort((x, y) => x - y));
    }
  });

  it("carries the Finer Grained CPU scheduler's Fair order, each job's ask of the node's CPU pool beside what is free there", () => {
    const a = whyNot(runOf({ kind: 'finegrained' }, BIG_THEN_SMALL), 'finer', 'small', 21);
    const scored = scoresOf(a);
    expect(scored.length).toBeGreaterThan(0);
    for (const s of scored) {
      expect(s.criteria).toEqual([
        'running tasks (the Fair order)',
        "CPU it asks (of a core's 100, eq. 3.2)",
        'CPU free here (eq. 3.1)',
        'memory it asks (MB)',
      ]);
      const running = s.rows.map((r) => r.values[0]);
      expect(running).toEqual([...running].sort((x, y) => x - y));
      // One node, one pool: the same free CPU on every row; an ask is 1-100 of a core (a master's its vcores).
      expect(new Set(s.rows.map((r) => r.values[2])).size).toBe(1);
      for (const r of s.rows) expect(r.values[1]).toBeGreaterThan(0);
    }
    expect(scored.some((s) => s.rows.some((r) => r.job === 'small'))).toBe(true);
  });

  it('refuses a job the run lacks and a time that is not one', () => {
    expect(() => whyNot(fair, 'fair', 'nobody', 10)).toThrow(WhyNotError);
    expect(() => whyNot(fair, 'fair', 'nobody', 10)).toThrow('there is no job "nobody" in this run (its jobs: "big", "small")');
    // A day of a trace: the first few ids and how many more.
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `j${i}`, template: 'WordCount', submit: i, maps: 1, reduces: 0 }));
    expect(() => whyNot(runOf({ kind: 'fifo' }, many), 'fifo', 'nobody', 10)).toThrow('(its jobs: "j0", "j1", "j2", "j3", "j4" and 7 more)');
    expect(() => whyNot(fair, 'fair', 'small', -1)).toThrow(/0 or more/);
  });
});

describe('the answer in text', () => {
  it('reads large times with separators, as the rest of the CLI does', () => {
    const text = whyNotText({
      job: 'g1',
      run: 'fifo',
      seed: 1,
      at: 1e12,
      window: [1e12 - 3, 1e12 + 3],
      nodes: [],
      stoppedAt: 274.4,
      jobSpan: { submitAt: 3, finishedAt: 250 },
    });
    expect(text).toBe(
      'Why g1 got nothing around 1,000,000,000,000 s — fifo, seed 1; heartbeats from 999,999,999,997 to 1,000,000,000,003 s\nNo heartbeat in that window: the run ended at 274 s.\n',
    );
  });

  it("says once when the job was not in the cluster, as the app's panel does, instead of a line per heartbeat", () => {
    const notYet = (time: number) => ({ time, reasons: [{ kind: 'notSubmitted' as const, submitAt: 46.5 }] });
    const before: WhyNotAnswer = {
      job: 'g3',
      run: 'fifo',
      seed: 1,
      at: 40,
      window: [37, 43],
      nodes: [
        { node: 'a', beats: [notYet(38), notYet(41)] },
        { node: 'b', beats: [notYet(39)] },
      ],
      stoppedAt: 274,
      jobSpan: { submitAt: 46.5, finishedAt: null },
    };
    expect(whyNotText(before)).toBe(
      'Why g3 got nothing around 40.0 s — fifo, seed 1; heartbeats from 37.0 to 43.0 s\n\ng3 arrives at 46.5 s, after this window: ask about a later moment.\n',
    );
    const launched: WhyNotReason = { kind: 'launched', task: 'g3 m0', reason: 'first in order' };
    const across = { ...before, nodes: [{ node: 'a', beats: [notYet(45), { time: 46.8, reasons: [launched] }] }] };
    const lines = whyNotText(across).split('\n');
    expect(lines[1]).toBe('1 heartbeat not listed: not submitted yet (it arrives at 46.5 s).');
    expect(lines.filter((l) => l.startsWith('a '))).toHaveLength(1);
  });
});
