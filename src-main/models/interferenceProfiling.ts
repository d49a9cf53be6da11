import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import type { EngineJob, TemplateCoefficients } from '../engine/core/model';
import type { TaskCounters } from '../engine/measure/profiles';
import { Random } from '../engine/core/random';
import type { ClusterView, NodeUsage, Scheduler } from '../engine/scheduling/schedulerApi';
import { Simulation } from '../engine/run/kernel';
import { compileTopology, Locality, type Topology } from '../engine/core/topology';
import { templateByName } from '../workloads/benchmarkTemplates';
import { fitInterferenceModel, type FittedInterference, type InterferenceSample } from './interference';

/** One physical server with co-hosted VMs, as the ILA paper profiled (sec. 4.1: 6 VMs on a server). */
export interface ServerShape {
  cores: number;
  memoryGb: number;
  diskMBps: number;
  vms: number;
  vcpus: number;
  vmMemoryGb: number;
  dom0CpuPerMb: number;
  /** Bandwidth lost per extra stream on the disk (the simulation option of the same name). */
  diskThrashing: number;
}

/** The ILA testbed's server as the preset calibrates it: one disk holding six VM images is seek-bound (diskThrashing 0.6). */
export const ILA_SERVER: ServerShape = { cores: 10, memoryGb: 32, diskMBps: 100, vms: 6, vcpus: 2, vmMemoryGb: 4, dom0CpuPerMb: 0.002, diskThrashing: 0.6 };

/** The ten applications of ILA Table 3, with the classes it gives them: the probes of every profiling run. */
export const TABLE3_PROBES = ['TeraSort', 'Grep', 'WCount', 'KMeans', 'Bayes', 'PiEst', 'Matrix', 'RWrite', 'TeraGen', 'Canopy'];

const LONG = 1e6;
const cpuGenerator = (name: string): TemplateCoefficients => ({
  ...templateByName('Pi')!,
  name,
  mapCpuSPerTask: LONG,
  taskCv: 0,
  reducesPerMap: 0,
  minReduces: 0,
});
const ioGenerator = (name: string, write: boolean): TemplateCoefficients => ({
  ...templateByName('Grep')!,
  name,
  kind: 'io',
  mapCpuSPerMb: 0,
  mapCpuSPerTask: 0,
  mapSelectivity: 0,
  mapWriteMbPerTask: write ? LONG : 0,
  taskCv: 0,
  reducesPerMap: 0,
  minReduces: 0,
});

interface Placement {
  job: EngineJob;
  vm: number;
  at: number;
}

/**
 * Runs jobs of one map each on chosen VMs at chosen times (a stand-in for the paper's load
 * generators and its probe application), recording what the monitors report when the probe starts.
 */
function scripted(placements: Placement[], probeJob: number, onProbe: (u: NodeUsage) => void): Scheduler {
  return {
    name: 'profiling script',
    onHeartbeat(n: number, view: ClusterView) {
      placements.forEach((p, j) => {
        if (p.vm !== n || view.now < p.at || view.pendingMaps(j) === 0 || !view.activeJobs.includes(j)) return;
        if (j === probeJob) onProbe(view.nodeUsage(n));
        const task = view.findMap(j, n, Locality.OffRack, { level: Locality.Node }, true);
        if (task >= 0) view.launch(task, n, { kind: 'profiling' });
      });
    },
  };
}

function server(shape: ServerShape) {
  return compileTopology(
    ClusterSpecSchema.parse({
      name: 'profiling server',
      hostTypes: [
        {
          id: 'h',
          name: 'h',
          cores: shape.cores,
          coreSpeed: 1,
          memoryGb: shape.memoryGb,
          disks: [{ readMBps: shape.diskMBps, writeMBps: shape.diskMBps }],
          nicMBps: 125,
        },
      ],
      vmTypes: [{ id: 'vm', name: 'vm', vcpus: shape.vcpus, memoryGb: shape.vmMemoryGb }],
      network: { rackUplinkMBps: 1250, oversubscription: 1 },
      hdfs: { blockSizeMb: 128, replication: 1 },
      racks: [{ name: 'r', hosts: [{ name: 's', type: 'h', vms: Array.from({ length: shape.vms }, (_, v) => ({ name: `vm${v}`, type: 'vm' })) }] }],
    }),
  );
}

interface ProbeResult {
  seconds: number;
  counters?: TaskCounters;
  usage?: NodeUsage;
}

export function runProbe(shape: ServerShape, probe: TemplateCoefficients, background: Placement[]): ProbeResult {
  const topo = server(shape);
  const probeJob: EngineJob = { id: 'probe', template: probe, submit: 0, inputMb: 128, maps: 1, reduces: 0, queue: 'default', dependsOn: [] };
  const placements: Placement[] = [...background, { job: probeJob, vm: 0, at: 1 }];
  let usage: NodeUsage | undefined;
  let counters: TaskCounters | undefined;
  let done = false;
  const scheduler = scripted(placements, placements.length - 1, (u) => (usage = u));
  scheduler.onTaskFinished = (task, c, view) => {
    if (view.jobOfTask(task) === placements.length - 1) {
      counters = c;
      done = true;
    }
  };
  const sim = new Simulation({
    topology: topo,
    jobs: placements.map((p) => p.job),
    options: SimulationOptionsSchema.parse({
      heartbeatS: 0.05,
      dom0CpuPerMb: shape.dom0CpuPerMb,
      diskThrashing: shape.diskThrashing,
      horizonS: 20_000,
      recordAttempts: true,
      outOfBandHeartbeat: true,
    }),
    seed: 1,
    scheduler,
    until: () => done,
  });
  sim.run();
  return { seconds: counters?.wallSeconds ?? NaN, counters, usage };
}

/**
 * Profiling samples the way the ILA paper made them (sec. 4.1): a probe task of a real template on
 * one VM, with CPU or I/O load generators of varying intensity on the same and co-hosted VMs, or
 * random mixes of real templates as background. Each sample pairs what the monitors report when
 * the probe starts with its slowdown against a run alone.
 */
export function generateProfilingSamples(shape: ServerShape, probes: string[], count: number, seed = 1): InterferenceSample[] {
  const rng = new Random(seed, 'sizes');
  const alone = new Map<string, ProbeResult>();
  const samples: InterferenceSample[] = [];
  const templates = probes.map((p) => templateByName(p)!);
  for (let i = 0; i < count; i++) {
    const probe = templates[i % templates.length];
    if (!alone.has(probe.name)) alone.set(probe.name, runProbe(shape, probe, []));
    const base = alone.get(probe.name)!;
    const background: Placement[] = [];
    const mode = i % 3; // CPU generators, I/O generators, or a mix of real templates
    for (let vm = 0; vm < shape.vms; vm++) {
      const threads = rng.int(0, shape.vcpus);
      for (let t = 0; t < threads; t++) {
        const name = `bg${vm}-${t}`;
        const template =
          mode === 0 ? cpuGenerator(name) : mode === 1 ? ioGenerator(name, rng.next() < 0.5) : { ...templates[rng.int(0, templates.length - 1)], name };
        const inputMb = mode === 2 ? 128 * 50 : 128;
        background.push({ job: { id: name, template, submit: 0, inputMb, maps: 1, reduces: 0, queue: 'default', dependsOn: [] }, vm, at: 0 });
      }
    }
    const withLoad = runProbe(shape, probe, background);
    if (!withLoad.usage || !base.counters || !Number.isFinite(withLoad.seconds) || base.seconds <= 0) continue;
    const c = base.counters;
    samples.push({
      kind: probe.kind,
      slowdown: withLoad.seconds / base.seconds,
      tc: c.cpuSeconds / base.seconds,
      tr: (c.hdfsReadMb + c.fsReadMb) / base.seconds,
      tw: (c.hdfsWriteMb + c.fsWriteMb) / base.seconds,
      ...withLoad.usage,
    });
  }
  return samples;
}

/** Disk and Dom0 behaviour of the servers, which profiling runs on them reproduce (a run's simulation options). */
export interface ServerHardware {
  diskThrashing: number;
  dom0CpuPerMb: number;
}

/** The shape of a cluster's servers as profiling reproduces it: node 0's server, its VMs and their disk. */
export function serverShapeOf(topo: Topology, hardware: ServerHardware): ServerShape {
  const host = topo.nodeHost[0];
  const vms = topo.hostNodeStart[host + 1] - topo.hostNodeStart[host];
  return {
    cores: topo.hostCores[host],
    memoryGb: 64,
    diskMBps: topo.hostDiskMBps[host],
    vms,
    vcpus: topo.nodeCores[0],
    vmMemoryGb: Math.max(1, topo.nodeMemoryMb[0] / 1024),
    dom0CpuPerMb: topo.hostHasVms[host] ? hardware.dom0CpuPerMb : 0,
    diskThrashing: hardware.diskThrashing,
  };
}

/** Offline fits, once per server shape and sample count for every run in the process. */
const fitted = new Map<string, FittedInterference>();

/** Profile a cluster's servers (ILA sec. 4.1, Table 3 probes) and fit the model on the runs; cached per shape. */
export function fitInterference(topo: Topology, hardware: ServerHardware, samples: number): FittedInterference {
  const shape = serverShapeOf(topo, hardware);
  const key = JSON.stringify([shape, samples]);
  let fit = fitted.get(key);
  if (!fit) {
    const runs = generateProfilingSamples(shape, TABLE3_PROBES, samples, 1);
    fit = { model: fitInterferenceModel(runs), samples: runs };
    fitted.set(key, fit);
  }
  return fit;
}
