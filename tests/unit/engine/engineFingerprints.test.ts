import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { SimulationOptionsSchema, type SimulationOptionsInput } from '@shared/experiment/simulation';
import { WorkloadSpecSchema, type WorkloadSpecInput } from '@shared/workload/workload';
import type { EngineRunResult } from '../../../src-main/engine/measure/engineResult';
import { simulate } from '../../../src-main/engine/run/kernel';
import { compileTopology } from '../../../src-main/engine/core/topology';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { schedulerFor } from '../../../src-main/runner/schedulerFor';
import { compileJobs, expandJobs } from '../../../src-main/workloads/compile';
import { ClusterSpecSchema, type ClusterSpec } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { fingerprint } from '../../helpers/fingerprint';

/**
 * Byte-identical results across engine refactors (issue 19): every field of the engine's outcome —
 * jobs, every attempt record, the series, utilisation, profiles, decisions — is hashed for a spread
 * of scenarios (every paper preset cut to a few jobs and every scheduler it names, plus faults,
 * speculation, workflows, VMs, both contention modes and both heartbeat orders). The digests were
 * recorded from the engine before it was split; a change to any number of any run changes a digest.
 * Re-record only for an intended change of results: UPDATE_ENGINE_FINGERPRINTS=1 npx vitest run
 * tests/unit/engine/engineFingerprints.test.ts, and say why in the commit.
 */

const FILE = path.join(__dirname, 'engineFingerprints.json');
const PRESETS = path.resolve(__dirname, '../../../resources/presets');

interface Scenario {
  name: string;
  cluster: ClusterSpec;
  workload: WorkloadSpecInput;
  scheduler: unknown;
  simulation: SimulationOptionsInput;
  seed: number;
}

function run(s: Scenario, simulateIdleBeats = false): EngineRunResult {
  const workload = WorkloadSpecSchema.parse(s.workload);
  const simulation = SimulationOptionsSchema.parse(s.simulation);
  const topology = compileTopology(s.cluster);
  const jobs = compileJobs(expandJobs(workload, s.seed), s.cluster.hdfs.blockSizeMb);
  return simulate({
    topology,
    jobs,
    options: simulation,
    seed: s.seed,
    scheduler: schedulerFor(SchedulerSpecSchema.parse(s.scheduler), topology, simulation),
    simulateIdleBeats,
  });
}

/** The digest of what a run did, without how many events and scheduler calls it took to do it. */
function outcome(r: EngineRunResult): string {
  return fingerprint({ ...r, events: 0, schedulerCalls: 0 });
}

/** Each preset with its first few jobs and first seed, under every scheduler it compares. */
function presetScenarios(): Scenario[] {
  const out: Scenario[] = [];
  for (const file of fs
    .readdirSync(PRESETS)
    .filter((f) => f.endsWith('.experiment.json'))
    .sort()) {
    const { experiment, cluster, workload } = loadExperiment(path.join(PRESETS, file));
    const jobs = workload.jobs.slice(0, 8).map((j) => ({ ...j, dependsOn: [] }));
    // A preset that only generates keeps its generator, cut to 8 jobs.
    const generate = jobs.length === 0 && workload.generate ? { ...workload.generate, count: Math.min(8, workload.generate.count) } : undefined;
    // ILA profiles the servers offline (seconds per scheduler): of the threshold presets, which differ
    // only in the threshold policy, the first and the last policy are enough.
    const keep = (i: number) => !file.startsWith('ila-thresholds') || i === 0 || i === experiment.schedulers.length - 1;
    experiment.schedulers.forEach(
      (scheduler, i) =>
        keep(i) &&
        out.push({
          name: `${file} #${i} ${scheduler.kind}`,
          cluster,
          workload: { ...workload, jobs, generate },
          scheduler,
          simulation: experiment.simulation,
          seed: experiment.seeds[0],
        }),
    );
  }
  return out;
}

/** Two racks of 4-core servers, the second rack's hosts split into two VMs each. */
const mixedCluster: ClusterSpec = ClusterSpecSchema.parse({
  name: 'fingerprint',
  hostTypes: [
    { id: 'small', name: 'small', cores: 4, coreSpeed: 1, memoryGb: 16, disks: [{ readMBps: 120, writeMBps: 100 }], nicMBps: 125 },
    {
      id: 'big',
      name: 'big',
      cores: 8,
      coreSpeed: 1.3,
      memoryGb: 32,
      disks: [
        { readMBps: 150, writeMBps: 120 },
        { readMBps: 150, writeMBps: 120 },
      ],
      nicMBps: 125,
    },
  ],
  vmTypes: [{ id: 'vm', name: 'vm', vcpus: 2, memoryGb: 6 }],
  network: { rackUplinkMBps: 250, oversubscription: 2 },
  hdfs: { blockSizeMb: 64, replication: 2 },
  racks: [
    { name: 'r0', hosts: Array.from({ length: 4 }, (_, h) => ({ name: `r0h${h}`, type: h % 2 ? 'big' : 'small', vms: [] })) },
    {
      name: 'r1',
      hosts: Array.from({ length: 3 }, (_, h) => ({
        name: `r1h${h}`,
        type: 'big',
        vms: [
          { name: `r1h${h}a`, type: 'vm' },
          { name: `r1h${h}b`, type: 'vm' },
        ],
      })),
    },
  ],
});

const generated: WorkloadSpecInput = {
  name: 'gen',
  generate: {
    count: 14,
    arrival: { kind: 'poisson', meanInterarrivalS: 25 },
    mix: [
      { template: 'WordCount', weight: 2, maps: [2, 12], reduces: 2 },
      { template: 'TeraSort', weight: 1, maps: [4, 16], reduces: 3, queue: 'b' },
      { template: 'Grep', weight: 1, maps: [1, 6], reduces: 1 },
      { template: 'Pi', weight: 1, maps: 4, reduces: 1, queue: 'b' },
    ],
  },
};

const workflow: WorkloadSpecInput = {
  name: 'flow',
  jobs: [
    { id: 'a', template: 'TeraGen', submit: 0, maps: 6, reduces: 0 },
    { id: 'b', template: 'TeraSort', submit: 0, inputMb: 384, reduces: 2, dependsOn: ['a'] },
    { id: 'c', template: 'WordCount', submit: 5, inputMb: 256, reduces: 1 },
    { id: 'd', template: 'Grep', submit: 40, inputMb: 128, reduces: 1, dependsOn: ['b', 'c'], deadline: 900 },
  ],
};

/**
 * Jobs in three queues of different sizes and no pools configured, contending for 40 nodes: Fair's
 * order is then not the one-pool order, and a launch moves a job by its share measure, not its
 * running count (a shortcut that assumed otherwise changed this digest).
 */
const queued = {
  name: 'queued',
  jobs: Array.from({ length: 150 }, (_, i) => ({
    id: `q${i}`,
    template: i % 3 ? 'Grep' : 'Sort',
    submit: (i % 40) * 1.5,
    inputMb: (5 + ((i * 7) % 40)) * 128,
    reduces: i % 3 ? 0 : 3,
    queue: ['a', 'b', 'b', 'c', 'c', 'c'][i % 6],
  })),
};
const fortyNodes = ClusterSpecSchema.parse(
  generateUniformCluster(UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'forty', racks: 4, hostsPerRack: 10, cores: 8, memoryGb: 32, disks: 2 })),
);

const KINDS: unknown[] = [
  { kind: 'fifo', mapSlots: 2, reduceSlots: 1 },
  { kind: 'fair', mapSlots: 2, reduceSlots: 1, nodeLocalityWaitS: 3, rackLocalityWaitS: 2 },
  { kind: 'capacity' },
  { kind: 'drf' },
  { kind: 'late', mapSlots: 2, reduceSlots: 1 },
  { kind: 'prism' },
  { kind: 'finegrained' },
];

function syntheticScenarios(): Scenario[] {
  const out: Scenario[] = [];
  const base = { cluster: mixedCluster, seed: 7 };
  for (const scheduler of KINDS) {
    const kind = (scheduler as { kind: string }).kind;
    out.push({ ...base, name: `generated · ${kind}`, workload: generated, scheduler, simulation: {} });
    out.push({
      ...base,
      name: `faults · ${kind}`,
      workload: generated,
      scheduler,
      simulation: {
        failures: [
          { node: 'r0h1', atS: 30 },
          { node: 'r1h2', atS: 90 },
        ],
        nodeTimeoutS: 20,
        replenishAfterS: 60,
        taskFailureProbability: 0.05,
        mtbfS: 4000,
        heartbeatOrder: 'fixed',
      },
    });
  }
  // Every scenario above asks for finished maps once a second (the default since 2026-12-06); these
  // hear of each map's end at once, as saved designs from before it do (mapOutputPoll.ts), with
  // lost map output among them.
  out.push({
    ...base,
    name: 'map ends heard at once · fifo',
    workload: generated,
    scheduler: KINDS[0],
    simulation: { mapOutputPollS: 0, failures: [{ node: 'r0h1', atS: 30 }], nodeTimeoutS: 20 },
  });
  out.push({ ...base, name: 'map ends heard at once · prism', workload: generated, scheduler: { kind: 'prism' }, simulation: { mapOutputPollS: 0 } });
  out.push({ ...base, name: 'workflow · fifo', workload: workflow, scheduler: KINDS[0], simulation: { slowstart: 0.5 } });
  out.push({ ...base, name: 'workflow · capacity', workload: workflow, scheduler: KINDS[2], simulation: { contention: 'none', outOfBandHeartbeat: false } });
  out.push({
    ...base,
    name: 'horizon · fair',
    workload: generated,
    scheduler: KINDS[1],
    simulation: { horizonS: 120, maxHeartbeatsPerSecond: 2, sampleIntervalS: 5 },
  });
  out.push({
    name: 'queues · fair (greedy)',
    cluster: fortyNodes,
    seed: 3,
    workload: queued,
    scheduler: { kind: 'fair', mapSlots: 2, reduceSlots: 1, nodeLocalityWaitS: 0, rackLocalityWaitS: 0 },
    simulation: { heartbeatS: 1 },
  });
  out.push({
    ...base,
    name: 'thrashing · late',
    workload: generated,
    scheduler: { kind: 'late', mapSlots: 3, reduceSlots: 2 },
    simulation: { diskThrashing: 0.3, dom0CpuPerMb: 0.002, recordAttempts: false },
  });
  return out;
}

describe('engine results are byte-identical to the recorded ones', () => {
  const scenarios = [...presetScenarios(), ...syntheticScenarios()];
  const recorded: Record<string, string> = fs.existsSync(FILE) ? JSON.parse(fs.readFileSync(FILE, 'utf8')) : {};
  const fresh: Record<string, string> = {};
  // Each scenario is simulated once as the engine runs it (skipping idle beats), and the cases
  // that read that run share it: its digest, its outcome and its scheduler calls.
  const skippingRuns = new Map<string, { digest: string; outcome: string; calls: number }>();
  const skipping = (s: Scenario) => {
    let known = skippingRuns.get(s.name);
    if (!known) {
      const r = run(s);
      known = { digest: fingerprint(r), outcome: outcome(r), calls: r.schedulerCalls };
      skippingRuns.set(s.name, known);
    }
    return known;
  };

  it('covers every scenario with a recorded digest', { timeout: 120_000 }, () => {
    for (const s of scenarios) fresh[s.name] = skipping(s).digest;
    if (process.env.UPDATE_ENGINE_FINGERPRINTS === '1') fs.writeFileSync(FILE, `${JSON.stringify(fresh, null, 2)}\n`);
    const stored = process.env.UPDATE_ENGINE_FINGERPRINTS === '1' ? fresh : recorded;
    expect(Object.keys(stored).sort()).toEqual(scenarios.map((s) => s.name).sort());
    const changed = scenarios.filter((s) => stored[s.name] !== fresh[s.name]).map((s) => s.name);
    expect(changed).toEqual([]);
  });

  // Issue 29 item 4: a heartbeat that can place nothing is not simulated. Simulating every one
  // instead must give the same run, bit for bit, for every scheduler and scenario above.
  it('skipping heartbeats that can place nothing changes no run: every scenario as if every beat were simulated', { timeout: 240_000 }, () => {
    const differ: string[] = [];
    const calls = { skipping: 0, every: 0 };
    for (const s of scenarios) {
      const [skipped, every] = [skipping(s), run(s, true)];
      if (skipped.outcome !== outcome(every)) differ.push(s.name);
      calls.skipping += skipped.calls;
      calls.every += every.schedulerCalls;
    }
    expect(differ).toEqual([]);
    // It skips (these short, busy scenarios little; a day of a trace on a large cluster, most beats).
    expect(calls.skipping).toBeLessThan(calls.every);
  });

  it('exercises what it claims to: node loss, failed and killed attempts, speculation, paused phases', () => {
    const byName = new Map(syntheticScenarios().map((s) => [s.name, s]));
    const faults = run(byName.get('faults · fifo')!);
    expect(faults.failedAttempts).toBeGreaterThan(0);
    expect(faults.killedAttempts).toBeGreaterThan(0);
    const late = run(byName.get('generated · late')!);
    expect(Array.from(late.records.speculative.subarray(0, late.records.length)).some((x) => x === 1)).toBe(true);
    expect(run(byName.get('generated · prism')!).phaseDecisions.length).toBeGreaterThan(0);
  });

  it('tells apart runs that differ in one option (the digest is not blind)', () => {
    const s = syntheticScenarios()[0];
    expect(fingerprint(run(s))).toBe(fingerprint(run(s)));
    expect(fingerprint(run({ ...s, simulation: { slowstart: 0.9 } }))).not.toBe(fingerprint(run(s)));
  });
});
