import { ClusterSpecSchema, type ClusterSpecInput } from '@shared/cluster/cluster';
import { SchedulerSpecSchema, type SchedulerSpec } from '@shared/schedulers';
import { fifoScheduler } from '../../src-main/schedulers/fifo';
import { fawkesScheduler } from '../../src-main/schedulers/fawkes/fawkes';
import { SimulationOptionsSchema, type SimulationOptionsInput } from '@shared/experiment/simulation';
import type { EngineJob, TemplateCoefficients } from '../../src-main/engine/core/model';
import type { Scheduler } from '../../src-main/engine/scheduling/schedulerApi';
import { Simulation } from '../../src-main/engine/run/kernel';
import { compileTopology, type Topology } from '../../src-main/engine/core/topology';
import { templateByName } from '../../src-main/workloads/benchmarkTemplates';

/** racks × hosts of one type; `vms` VMs per host when given. */
export function cluster(
  racks: number,
  hostsPerRack: number,
  o: {
    cores?: number;
    memoryGb?: number;
    diskMBps?: number;
    nicMBps?: number;
    uplinkMBps?: number;
    vms?: number;
    vcpus?: number;
    vmMemoryGb?: number;
    replication?: number;
  } = {},
): Topology {
  const spec: ClusterSpecInput = {
    name: 'test',
    hostTypes: [
      {
        id: 'h',
        name: 'h',
        cores: o.cores ?? 4,
        coreSpeed: 1,
        memoryGb: o.memoryGb ?? Math.max(16, (o.vms ?? 0) * (o.vmMemoryGb ?? 2)),
        disks: [{ readMBps: o.diskMBps ?? 100, writeMBps: o.diskMBps ?? 100 }],
        nicMBps: o.nicMBps ?? 125,
      },
    ],
    vmTypes: o.vms ? [{ id: 'vm', name: 'vm', vcpus: o.vcpus ?? 2, memoryGb: o.vmMemoryGb ?? 2 }] : [],
    network: { rackUplinkMBps: o.uplinkMBps ?? 10000, oversubscription: 1 },
    hdfs: { blockSizeMb: 128, replication: o.replication ?? 3 },
    racks: Array.from({ length: racks }, (_, r) => ({
      name: `r${r}`,
      hosts: Array.from({ length: hostsPerRack }, (_, h) => ({
        name: `r${r}h${h}`,
        type: 'h',
        vms: Array.from({ length: o.vms ?? 0 }, (_, v) => ({ name: `r${r}h${h}v${v}`, type: 'vm' })),
      })),
    })),
  };
  return compileTopology(ClusterSpecSchema.parse(spec));
}

/** A template doing only CPU work: every map is `seconds` long on a reference core, no I/O. */
export function cpuOnly(seconds: number, overrides: Partial<TemplateCoefficients> = {}): TemplateCoefficients {
  return {
    ...templateByName('Pi')!,
    name: 'cpu-only',
    mapCpuSPerMb: 0,
    mapCpuSPerTask: seconds,
    mapSelectivity: 0,
    mapWriteMbPerTask: 0,
    taskCv: 0,
    skew: 0,
    reducesPerMap: 0,
    minReduces: 0,
    ...overrides,
  };
}

export function job(id: string, template: TemplateCoefficients | string, o: Partial<EngineJob> = {}): EngineJob {
  const t = typeof template === 'string' ? templateByName(template)! : template;
  return { id, template: t, submit: 0, inputMb: 0, maps: 1, reduces: 0, queue: 'default', dependsOn: [], ...o };
}

export function options(o: SimulationOptionsInput = {}) {
  return SimulationOptionsSchema.parse(o);
}

export function run(topology: Topology, jobs: EngineJob[], scheduler: Scheduler, o: SimulationOptionsInput = {}, seed = 1) {
  return new Simulation({ topology, jobs, options: options(o), seed, scheduler }).run();
}

/** Hadoop 1 FIFO with the given slots per node (other settings at their defaults). */
export function fifo(mapSlots: number, reduceSlots: number): Scheduler {
  return fifoScheduler(SchedulerSpecSchema.parse({ kind: 'fifo', mapSlots, reduceSlots }) as Extract<SchedulerSpec, { kind: 'fifo' }>);
}

/** The most attempts running at once, on one node or (without `node`) anywhere. */
export function peakAttempts(r: ReturnType<typeof run>, node?: number): number {
  const edges: [number, number][] = [];
  for (let i = 0; i < r.records.length; i++) {
    if (node !== undefined && r.records.node[i] !== node) continue;
    edges.push([r.records.start[i], 1], [r.records.end[i], -1]);
  }
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  for (const [, d] of edges) peak = Math.max(peak, (now += d));
  return peak;
}

/**
 * One rack of identical hosts for FAWKES: `core` core nodes per MR-cluster (its minimum share, where
 * its data lives), then `pool` free nodes marked `poolKind`.
 */
export function mrClusterTopology(
  clusters: { name: string; core: number }[],
  pool: number,
  o: { cores?: number; diskMBps?: number; nicMBps?: number; poolKind?: 'core' | 'transient' | 'transient-core'; replication?: number } = {},
): Topology {
  const hosts: ClusterSpecInput['racks'][number]['hosts'] = [];
  for (const c of clusters) for (let i = 0; i < c.core; i++) hosts.push({ name: `${c.name}-core${i + 1}`, type: 'h', kind: 'core', mrCluster: c.name });
  for (let i = 0; i < pool; i++) hosts.push({ name: `pool${i + 1}`, type: 'h', ...(o.poolKind ? { kind: o.poolKind } : {}) });
  const spec: ClusterSpecInput = {
    name: 'mr',
    hostTypes: [
      {
        id: 'h',
        name: 'h',
        cores: o.cores ?? 4,
        coreSpeed: 1,
        memoryGb: 16,
        disks: [{ readMBps: o.diskMBps ?? 100, writeMBps: o.diskMBps ?? 100 }],
        nicMBps: o.nicMBps ?? 125,
      },
    ],
    vmTypes: [],
    network: { rackUplinkMBps: 10000, oversubscription: 1 },
    hdfs: { blockSizeMb: 128, replication: o.replication ?? 3 },
    racks: [{ name: 'r0', hosts }],
  };
  return compileTopology(ClusterSpecSchema.parse(spec));
}

/** FAWKES with the given options over its defaults. */
export function fawkes(o: Record<string, unknown> = {}): Scheduler {
  return fawkesScheduler(SchedulerSpecSchema.parse({ kind: 'fawkes', ...o }) as Extract<SchedulerSpec, { kind: 'fawkes' }>);
}
