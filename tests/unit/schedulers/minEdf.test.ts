import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import type { SchedulerSpecOf } from '../../../src-main/schedulers/builtIns';
import { ariaProfileOf } from '@shared/aria/totals';
import { summarize } from '../../../src-main/engine/measure/runSummary';
import { minEdfScheduler } from '../../../src-main/schedulers/minEdf';
import { cluster, cpuOnly, fifo, job, run } from '../../helpers/engineFixtures';

const t = cpuOnly(10, { reduceCpuSPerTask: 5, reducesPerMap: 0, minReduces: 0 });
const minEdf = (o: object = {}) =>
  minEdfScheduler(SchedulerSpecSchema.parse({ kind: 'minedf', mapSlots: 2, reduceSlots: 1, ...o }) as SchedulerSpecOf<'minedf'>);

/** The ARIA profile of the template, measured as the studio would: from a run of the job alone. */
function measuredProfile() {
  const r = run(cluster(1, 4, { cores: 4 }), [job('p', t, { maps: 16, reduces: 4 })], fifo(2, 1), { heartbeatS: 0.1, contention: 'none' });
  return { 'cpu-only': ariaProfileOf(r.aria['cpu-only']) };
}

const reasonsOf = (r: ReturnType<typeof run>, jobId: string) => {
  const out: string[] = [];
  for (let i = 0; i < r.records.length; i++) if (r.reasons[r.records.reason[i]].includes(`job ${jobId} `)) out.push(r.reasons[r.records.reason[i]]);
  return out;
};

describe('MinEDF (ARIA deadline scheduling)', () => {
  it('gives the earliest deadline its model minimum first; under the strict rule a job never holds more than its allocation', () => {
    const profiles = measuredProfile();
    // 8 map slots. "late" arrives first with a loose deadline, "soon" just after with a tight one.
    const jobs = [job('late', t, { maps: 40, reduces: 2, deadline: 2000 }), job('soon', t, { maps: 8, reduces: 2, submit: 1, deadline: 60 })];
    const r = run(cluster(1, 4, { cores: 4 }), jobs, minEdf({ profiles }), { heartbeatS: 0.1, contention: 'none' });
    const soon = r.jobs.find((j) => j.id === 'soon')!;
    expect(soon.finish).toBeLessThanOrEqual(60);
    expect(
      reasonsOf(r, 'soon').some((w) =>
        /below its minimum \(the ARIA avg bound needs \d+ map \+ \d+ reduce slots for its 8 maps and 2 reduces left to finish by 60 s\)/.test(w),
      ),
    ).toBe(true);
    // Every launch of a job with a deadline is within the allocation it was sized to at that moment.
    let checked = 0;
    for (let i = 0; i < r.records.length; i++) {
      const why = r.reasons[r.records.reason[i]];
      expect(why).not.toContain('spare slot');
      const m = /job (\S+) is below its minimum \(the ARIA avg bound needs (\d+) map \+ (\d+) reduce/.exec(why);
      if (!m) continue;
      const reduce = why.endsWith('; reduce');
      const allowed = Number(reduce ? m[3] : m[2]);
      const at = r.records.start[i];
      let holding = 0;
      for (let k = 0; k < r.records.length; k++) {
        const other = r.reasons[r.records.reason[k]];
        if (other.includes(`job ${m[1]} `) && other.endsWith('; reduce') === reduce && r.records.start[k] <= at && r.records.end[k] > at) holding++;
      }
      expect(holding, `${m[1]} at ${at} s`).toBeLessThanOrEqual(allowed);
      checked++;
    }
    expect(checked).toBe(r.records.length);
    // "late" is held to its minimum, far below the cluster: it runs fewer than 8 maps at once.
    const lateMaps = r.reasons.filter((w) => w.includes('job late ') && /needs (\d+) map/.test(w)).map((w) => Number(/needs (\d+) map/.exec(w)![1]));
    expect(Math.max(...lateMaps)).toBeLessThan(8);
  });

  it('shows what it weighs: the jobs with deadlines in EDF order, each with its minimum and what it runs, and asking changes nothing', () => {
    const profiles = measuredProfile();
    const jobs = [job('late', t, { maps: 40, reduces: 2, deadline: 2000 }), job('soon', t, { maps: 8, reduces: 2, submit: 1, deadline: 60 })];
    const policy = minEdf({ profiles });
    const tables: NonNullable<ReturnType<NonNullable<typeof policy.scores>>>[] = [];
    const asking = {
      ...policy,
      onHeartbeat: (n: number, view: Parameters<typeof policy.onHeartbeat>[1]) => (tables.push(policy.scores!(n, view)!), policy.onHeartbeat(n, view)),
    };
    const asked = run(cluster(1, 4, { cores: 4 }), jobs, asking, { heartbeatS: 0.1, contention: 'none' });
    const listed = tables.filter((s) => s.rows.length > 1);
    expect(listed.length).toBeGreaterThan(0);
    for (const s of tables) {
      expect(s.criteria).toEqual(['time to its deadline (s)', 'map slots it needs (Algorithm 1)', 'maps running', 'reduce slots it needs', 'reduces running']);
      const left = s.rows.map((r) => r.values[0]);
      expect(left).toEqual([...left].sort((x, y) => x - y));
      for (const r of s.rows) {
        const [, mapsNeeded, mapsRunning, reducesNeeded, reducesRunning] = r.values;
        const owed = r.candidate.startsWith('its next map') ? mapsRunning < mapsNeeded : reducesRunning < reducesNeeded;
        expect(r.candidate.endsWith('below its minimum')).toBe(owed);
      }
    }
    // The tight deadline heads the table while both wait.
    for (const s of listed) expect(s.rows[0].job).toBe('soon');
    const quiet = run(cluster(1, 4, { cores: 4 }), jobs, minEdf({ profiles }), { heartbeatS: 0.1, contention: 'none' });
    expect(asked.jobs).toEqual(quiet.jobs);
    expect(Array.from(asked.records.start.subarray(0, asked.records.length))).toEqual(Array.from(quiet.records.start.subarray(0, quiet.records.length)));
  });

  it('lends the spare slots when asked, and under lend-kill takes them back at once by killing the most recent lent task (MinEDF-WC)', () => {
    const profiles = measuredProfile();
    const jobs = [job('late', t, { maps: 64, reduces: 2, deadline: 4000 }), job('soon', t, { maps: 8, reduces: 1, submit: 15, deadline: 60 })];
    const topo = () => cluster(1, 4, { cores: 4 });
    const opts = { heartbeatS: 0.1, contention: 'none' as const };
    const strict = run(topo(), jobs, minEdf({ profiles }), opts);
    const lend = run(topo(), jobs, minEdf({ profiles, spare: 'lend' }), opts);
    const kill = run(topo(), jobs, minEdf({ profiles, spare: 'lend-kill' }), opts);
    const startOf = (r: ReturnType<typeof run>, id: string) => r.jobs.find((j) => j.id === id)!.start;
    // Lending: "late" runs on the spare slots and finishes sooner than held to its minimum.
    expect(lend.reasons.some((w) => w.startsWith('MinEDF: spare slot lent to job late,'))).toBe(true);
    expect(lend.jobs.find((j) => j.id === 'late')!.finish).toBeLessThan(strict.jobs.find((j) => j.id === 'late')!.finish);
    // Taken back by waiting, "soon" starts when a lent map ends (up to a 10 s map later); by killing, at its first heartbeat.
    expect(startOf(lend, 'soon') - 15).toBeGreaterThan(0.5);
    expect(startOf(kill, 'soon') - 15).toBeLessThan(0.2);
    const killed = Array.from({ length: kill.records.length }, (_, i) => i).filter((i) => kill.records.outcome[i] === 2);
    expect(killed.length).toBeGreaterThan(0);
    // Only the lender loses tasks; on the node asked, its tasks on lent slots go first: every map
    // killed ran on one. (A reduce of "late" on that node may be one it got below its minimum while
    // its lent reduce runs elsewhere: the count it keeps is its minimum either way.)
    const lateJob = kill.jobs.findIndex((j) => j.id === 'late');
    const maps = kill.jobs[lateJob].maps;
    for (const i of killed) expect(kill.reasons[kill.records.reason[i]]).toMatch(/job late/);
    const killedMaps = killed.filter((i) => kill.records.task[i] < maps);
    expect(killedMaps.length).toBeGreaterThan(0);
    for (const i of killedMaps) expect(kill.reasons[kill.records.reason[i]]).toContain('spare slot lent to job late');
    for (const r of [strict, lend, kill]) expect(r.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });

  it('meets deadlines FIFO misses when later jobs are more urgent (the paper direction)', () => {
    const profiles = measuredProfile();
    const jobs = [
      job('a', t, { maps: 40, reduces: 2, deadline: 400 }),
      job('b', t, { maps: 40, reduces: 2, submit: 1, deadline: 400 }),
      job('c', t, { maps: 8, reduces: 1, submit: 2, deadline: 50 }),
      job('d', t, { maps: 8, reduces: 1, submit: 3, deadline: 70 }),
    ];
    const topo = () => cluster(1, 4, { cores: 4 });
    const opts = { heartbeatS: 0.1, contention: 'none' as const };
    const byFifo = summarize(run(topo(), jobs, fifo(2, 1), opts));
    const byMinEdf = summarize(run(topo(), jobs, minEdf({ profiles }), opts));
    expect(byMinEdf.deadlineHitRate).toBe(1);
    expect(byFifo.deadlineHitRate!).toBeLessThan(1);
  });

  it('owes a job every slot when its template has no profile, and says why', () => {
    const r = run(cluster(1, 2, { cores: 4 }), [job('x', t, { maps: 4, reduces: 1, deadline: 100 })], minEdf(), { heartbeatS: 0.1, contention: 'none' });
    expect(reasonsOf(r, 'x').some((w) => w.includes('no ARIA profile for cpu-only: owed every slot it can use'))).toBe(true);
    expect(r.jobs[0].status).toBe('succeeded');
  });

  it("sizes a job by its profile scaled to the job's own data per reduce when the card has eq. 9-10 factors", () => {
    // A hand-made profile: 10 s maps of 64 MB, map output = input, 5 s reduces at the profiled size.
    const profile = {
      mMin: 10,
      mAvg: 10,
      mMax: 10,
      avgInputMB: 64,
      selectivityM: 1,
      selectivityR: 1,
      sh1Avg: 0,
      sh1Max: 0,
      shTypAvg: 0,
      shTypMax: 0,
      rAvg: 5,
      rMax: 5,
    };
    const flat = { c0: 0, c1: 0 };
    const factors = (perMb: number) => ({ sh1Avg: flat, sh1Max: flat, shTypAvg: flat, shTypMax: flat, rAvg: { c0: 0, c1: perMb }, rMax: { c0: 0, c1: perMb } });
    // 16 maps of 64 MB over 2 reduces: 512 MB per reduce. Four nodes of 2 map + 1 reduce slots.
    const big = () => [job('big', t, { maps: 16, reduces: 2, inputMb: 16 * 64, deadline: 200 })];
    const sizedBy = (o: object) => {
      const r = run(cluster(1, 4, { cores: 4 }), big(), minEdf({ profiles: { 'cpu-only': profile }, ...o }), { heartbeatS: 0.1, contention: 'none' });
      return reasonsOf(r, 'big');
    };
    const needs = (reasons: string[]) =>
      reasons
        .map((w) => /needs (\d+) map \+ (\d+) reduce/.exec(w))
        .filter((m) => m !== null)
        .map((m) => Number(m[1]));
    const unscaled = sizedBy({});
    expect(unscaled.some((w) => w.includes('MB per reduce'))).toBe(false);
    // 0.1 s per MB: each reduce takes about 51 s, so the maps must finish sooner and get more slots.
    const slower = sizedBy({ scaling: { 'cpu-only': factors(0.1) } });
    expect(slower.some((w) => w.includes('(its profile scaled to 512 MB per reduce, eq. 9-10)'))).toBe(true);
    expect(Math.max(...needs(slower))).toBeGreaterThan(Math.max(...needs(unscaled)));
    // 0.5 s per MB: two 256 s reduces cannot meet a 200 s deadline on any allocation.
    const hopeless = sizedBy({ scaling: { 'cpu-only': factors(0.5) } });
    expect(
      hopeless.some((w) =>
        w.includes(
          "no allocation of the cluster's 8 + 4 slots meets its deadline by the avg bound (its profile scaled to 512 MB per reduce, eq. 9-10): owed every slot it can use",
        ),
      ),
    ).toBe(true);
  });

  it('fixes a deadline given as a factor of the job time alone when the job is submitted', () => {
    const r = run(cluster(1, 2, { cores: 2 }), [job('f', t, { maps: 4, reduces: 0, submit: 50, deadlineFactor: 2 })], fifo(2, 1), {
      heartbeatS: 0.1,
      contention: 'none',
    });
    // Alone: 4 maps of 10 s on 4 cores = 10 s, so the deadline is 50 + 2 × 10.
    expect(r.jobs[0].deadline).toBeCloseTo(70, 6);
  });
});
