// One benchmark case, run in its own process by scripts/bench.ts from a production-like bundle.
import { SchedulerSpecSchema, type SchedulerSpecInput } from '../src-main/shared/schedulers';
import { SimulationOptionsSchema, type SimulationOptionsInput } from '../src-main/shared/simulation';
import { ClusterSpecSchema } from '../src-main/shared/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '../src-main/shared/clusterGenerator';
import { compileTopology } from '../src-main/engine/topology';
import { simulate } from '../src-main/engine/kernel';
import { createScheduler } from '../src-main/schedulers';
import type { EngineJob } from '../src-main/engine/model';
import { templateByName } from '../src-main/workloads/templates';

interface Case {
  name: string;
  racks: number;
  hostsPerRack: number;
  jobs: number;
  mapsPerJob: number;
  reducesPerJob: number;
  template: string;
  scheduler: SchedulerSpecInput;
  options: SimulationOptionsInput;
  target: { wallSeconds: number; peakRssMb?: number };
}

export const CASES: Record<string, Case> = {
  a: {
    name: '(a) 10,000 nodes, 1,000,000 tasks, FIFO slots',
    racks: 100, hostsPerRack: 100, jobs: 1000, mapsPerJob: 1000, reducesPerJob: 0, template: 'Grep',
    scheduler: { kind: 'fifo', mapSlots: 4, reduceSlots: 2 },
    options: { contention: 'none', recordAttempts: false, heartbeatS: 3 },
    target: { wallSeconds: 3, peakRssMb: 1024 },
  },
  b: {
    name: '(b) the same under Fair with delay scheduling',
    racks: 100, hostsPerRack: 100, jobs: 1000, mapsPerJob: 1000, reducesPerJob: 0, template: 'Grep',
    scheduler: { kind: 'fair', mapSlots: 4, reduceSlots: 2, nodeLocalityWaitS: 5, rackLocalityWaitS: 5 },
    options: { contention: 'none', recordAttempts: false, heartbeatS: 3 },
    target: { wallSeconds: 6 },
  },
  c: {
    name: '(c) 1,000 nodes, 100,000 tasks, full CPU/disk/network contention and shuffle',
    racks: 20, hostsPerRack: 50, jobs: 500, mapsPerJob: 180, reducesPerJob: 20, template: 'Sort',
    scheduler: { kind: 'fifo', mapSlots: 4, reduceSlots: 2 },
    options: { contention: 'full', recordAttempts: false, heartbeatS: 3 },
    target: { wallSeconds: 5 },
  },
  d: {
    name: '(d) 10,000,000 tasks in (a)\'s set-up',
    racks: 100, hostsPerRack: 100, jobs: 10000, mapsPerJob: 1000, reducesPerJob: 0, template: 'Grep',
    scheduler: { kind: 'fifo', mapSlots: 4, reduceSlots: 2 },
    options: { contention: 'none', recordAttempts: false, heartbeatS: 3 },
    target: { wallSeconds: 60 },
  },
};

export function runCase(key: string) {
  const c = CASES[key];
  const spec = ClusterSpecSchema.parse(generateUniformCluster(UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'bench', racks: c.racks, hostsPerRack: c.hostsPerRack, cores: 8, memoryGb: 32, disks: 2, diskMBps: 100, nicMBps: 125, rackUplinkMBps: 2500, oversubscription: 2 })));
  const topology = compileTopology(spec);
  const template = templateByName(c.template)!;
  const jobs: EngineJob[] = Array.from({ length: c.jobs }, (_, i) => ({
    id: `j${i}`, template, submit: i * 2, inputMb: c.mapsPerJob * 128, maps: c.mapsPerJob, reduces: c.reducesPerJob, queue: 'default', dependsOn: [],
  }));
  const t0 = performance.now();
  const r = simulate({ topology, jobs, options: SimulationOptionsSchema.parse(c.options), seed: 1, scheduler: createScheduler(SchedulerSpecSchema.parse(c.scheduler)) });
  const wall = (performance.now() - t0) / 1000;
  const done = r.jobs.filter((j) => j.status === 'succeeded').length;
  return { wallSeconds: wall, events: r.events, tasks: r.tasks, simulatedSeconds: r.simulatedSeconds, jobsSucceeded: done, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}


if (process.argv[2] === '--case') process.stdout.write(JSON.stringify(runCase(process.argv[3])));
