import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { simulate } from '../../src-main/engine/run/kernel';
import { compileTopology, Locality } from '../../src-main/engine/core/topology';
import type { Scheduler } from '../../src-main/engine/scheduling/schedulerApi';
import { compileJobs, expandJobs } from '../../src-main/workloads/compile';

/**
 * What a map's locality costs in the model, in the set-up of ILA's Fig. 3 (sec. 2.3; issue 30 item
 * 4): 24 VMs on 12 Xen servers (2 each), 2 racks on 100 Mbps, TeraSort's 120 maps over 12 GB. As
 * the figure compares classes of locality, every map of a run reads at one class: 120 one-map
 * jobs, and a probe scheduler that starts a job's map only on a node where it reads at that class
 * (two maps a VM at once). The run ends when the last map does; reduces never start. The paper
 * measured server-local maps as fast as node-local ones, rack-local ones up to 3x slower and
 * off-rack ones up to 4x. Two disk settings: the ILA preset's (one disk for all of a server's VMs,
 * seek-bound: `diskThrashing` 0.6) and none, as the figure's VMs were given enough of everything.
 * Shared by its test and the stored check docs/reproductions.md reads.
 */
export const LOCALITY_COST_SEEDS = [11, 12, 13];
export const LOCALITY_COST_DISKS = [0.6, 0] as const;

export interface LocalityClassTimes {
  maps: number;
  /** Mean seconds from launch to end of the maps that read at this level; null when there were none. */
  meanSeconds: number | null;
}
export interface LocalityCostRow {
  diskThrashing: number;
  seed: number;
  node: LocalityClassTimes;
  server: LocalityClassTimes;
  rack: LocalityClassTimes;
  offRack: LocalityClassTimes;
}

const MAPS = 120;
const MBPS = 12.5; // 100 Mbps

function fig3Cluster() {
  return ClusterSpecSchema.parse({
    name: 'ILA Fig. 3',
    hostTypes: [{ id: 'xen', name: 'Xen server', cores: 8, coreSpeed: 1, memoryGb: 32, disks: [{ readMBps: 100, writeMBps: 100 }], nicMBps: MBPS }],
    vmTypes: [{ id: 'vm', name: '2 vCPU', vcpus: 2, memoryGb: 4 }],
    network: { rackUplinkMBps: MBPS, oversubscription: 1 },
    hdfs: { blockSizeMb: 100, replication: 3 },
    racks: [1, 2].map((r) => ({
      name: `rack-${r}`,
      hosts: Array.from({ length: 6 }, (_, h) => ({
        name: `r${r}-s${h + 1}`,
        type: 'xen',
        vms: [1, 2].map((v) => ({ name: `r${r}-s${h + 1}-vm${v}`, type: 'vm' })),
      })),
    })),
  });
}

/** Starts a map only where it reads at `level`; counts the maps that ended. */
function forcing(level: Locality, ended: { maps: number }): Scheduler {
  const found = { level: Locality.Node as Locality };
  return {
    name: 'maps at one locality',
    onHeartbeat(n, view) {
      let free = 2 - view.nodeRunningMaps(n);
      for (const j of [...view.mapPendingJobs()]) {
        if (free <= 0) break;
        const task = view.findMap(j, n, Locality.OffRack, found, true);
        if (task >= 0 && found.level === level && view.launch(task, n, { kind: 'profiling' })) free--;
      }
    },
    onTaskFinished(_task, counters) {
      if (!counters.isReduce) ended.maps++;
    },
  };
}

const CLASSES = [Locality.Node, Locality.Server, Locality.Rack, Locality.OffRack] as const;

export function localityCosts(): LocalityCostRow[] {
  const topology = compileTopology(fig3Cluster());
  const spec = WorkloadSpecSchema.parse({
    jobs: Array.from({ length: MAPS }, (_, i) => ({ id: `terasort-${i}`, template: 'TeraSort', submit: 0, inputMb: 100, maps: 1, reduces: 1 })),
  });
  const rows: LocalityCostRow[] = [];
  for (const diskThrashing of LOCALITY_COST_DISKS) {
    // Long enough for every class that can be placed; a class no node offers (off-rack, when every
    // block has a replica in both racks) ends with no map at the horizon.
    const options = SimulationOptionsSchema.parse({ heartbeatS: 3, dom0CpuPerMb: 0.002, diskThrashing, recordAttempts: true, horizonS: 20_000 });
    for (const seed of LOCALITY_COST_SEEDS) {
      const jobs = compileJobs(expandJobs(spec, seed), 100);
      const times = CLASSES.map((level): LocalityClassTimes => {
        const ended = { maps: 0 };
        const r = simulate({ topology, jobs, options, seed, scheduler: forcing(level, ended), until: () => ended.maps === MAPS });
        let sum = 0;
        let maps = 0;
        for (let i = 0; i < r.records.length; i++) {
          if (r.records.outcome[i] !== 0) continue;
          sum += r.records.end[i] - r.records.start[i];
          maps++;
        }
        return { maps, meanSeconds: maps ? Number((sum / maps).toFixed(3)) : null };
      });
      rows.push({ diskThrashing, seed, node: times[0], server: times[1], rack: times[2], offRack: times[3] });
    }
  }
  return rows;
}
