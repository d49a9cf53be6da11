import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { workRatios } from '@shared/results/workCount';
import { compileTopology } from '../../../src-main/engine/core/topology';
import { simulate } from '../../../src-main/engine/run/kernel';
import { schedulerFor } from '../../../src-main/runner/schedulerFor';
import { compileJobs } from '../../../src-main/workloads/compile';
import { BENCH_SERVER, benchDay, DAY_SCHEDULERS, K_DAYS } from '../../../scripts/benchDays';

/**
 * Speed on days the bench made (bench (k), scripts/benchDays.ts), as counts: every scheduler runs
 * the first two hours of each made day on 100 bench servers, and its work counts per heartbeat,
 * per task and per event stay within the ceilings recorded in dayWorkCeilings.json (the counts
 * when recorded, plus a quarter). Counts are deterministic, so a change that makes a policy do more
 * on some kind of day fails here on any machine. Re-record only for an intended change:
 * UPDATE_WORK_CEILINGS=1 npx vitest run tests/unit/engine/dayWorkCounters.test.ts, saying why.
 *
 * The ceilings pin today's cost, not the target: PRISM and LATE still do several times
 * FIFO's work on the day of small jobs (README "Benchmark", (k)).
 */

const FILE = path.join(__dirname, 'dayWorkCeilings.json');
const HOURS = 2;
const BLOCK_MB = 128;

function measure(day: string, scheduler: (typeof DAY_SCHEDULERS)[number]) {
  const spec = ClusterSpecSchema.parse(
    generateUniformCluster(UniformClusterSchema.parse({ ...defaultUniformCluster, ...BENCH_SERVER, name: 'bench', racks: 5, hostsPerRack: 20 })),
  );
  const topology = compileTopology(spec);
  const jobs = compileJobs(
    benchDay(K_DAYS[day].shape, BLOCK_MB).filter((j) => j.submit < HOURS * 3600),
    BLOCK_MB,
  );
  const options = SimulationOptionsSchema.parse({ contention: 'full', recordAttempts: false, heartbeatS: 3 });
  const r = simulate({ topology, jobs, options, seed: 1, scheduler: schedulerFor(SchedulerSpecSchema.parse(scheduler), topology, options) });
  return { ...workRatios(r.work), heartbeats: r.work.heartbeats, succeeded: r.jobs.filter((j) => j.status === 'succeeded').length, jobs: jobs.length };
}

describe('work on the made days: every scheduler within its recorded ceilings', () => {
  const update = process.env.UPDATE_WORK_CEILINGS === '1';
  const recorded: Record<string, Record<string, number>> = fs.existsSync(FILE) ? JSON.parse(fs.readFileSync(FILE, 'utf8')) : {};
  const fresh: Record<string, Record<string, number>> = {};
  for (const day of Object.keys(K_DAYS))
    for (const scheduler of DAY_SCHEDULERS) {
      const key = `${day} · ${scheduler.kind}`;
      it(key, { timeout: 600_000 }, () => {
        const { succeeded, jobs, ...counts } = measure(day, scheduler);
        // The slice runs whole: every job it holds finishes, so the counts are of the same work.
        expect(succeeded).toBe(jobs);
        if (update) {
          fresh[key] = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number((v * 1.25 + 2).toFixed(3))]));
          const merged = { ...recorded, ...fresh };
          fs.writeFileSync(
            FILE,
            `${JSON.stringify(
              Object.fromEntries(
                Object.keys(merged)
                  .sort()
                  .map((k) => [k, merged[k]]),
              ),
              null,
              2,
            )}\n`,
          );
          return;
        }
        const ceiling = recorded[key];
        expect(ceiling, `no ceiling recorded for "${key}" (record with UPDATE_WORK_CEILINGS=1)`).toBeDefined();
        for (const [k, v] of Object.entries(counts)) expect(v, `${key}: ${k}`).toBeLessThanOrEqual(ceiling[k]);
      });
    }
});
