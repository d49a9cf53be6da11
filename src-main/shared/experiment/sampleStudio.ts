import type { ClusterSpecInput } from '../cluster/cluster';
import type { SchedulerSpecInput } from '../schedulers';
import type { WorkloadSpecInput } from '../workload/workload';
import { FACEBOOK_MIX } from '../workload/workloadPresets';

/**
 * The guided first run for an empty studio: a small cluster of two server generations, the ILA
 * paper's Facebook job mix, and an experiment comparing the stock schedulers over three seeds with
 * every scheduler sized from the servers (so the first comparison a user sees is a fair one).
 */
const disk = { readMBps: 150, writeMBps: 120 };

export const SAMPLE_CLUSTER: ClusterSpecInput = {
  name: 'Sample: two racks, 8- and 16-core servers',
  description: 'A sample from the guided first run: five older 8-core servers and five newer 16-core ones, one rack each.',
  hostTypes: [
    { id: 'gen1', name: '8-core, 32 GB', cores: 8, coreSpeed: 1, memoryGb: 32, disks: [disk, disk], nicMBps: 125 },
    { id: 'gen2', name: '16-core, 64 GB', cores: 16, coreSpeed: 1.2, memoryGb: 64, disks: [disk, disk, disk, disk], nicMBps: 1250 },
  ],
  network: { rackUplinkMBps: 1250, oversubscription: 2 },
  racks: [
    { name: 'rack-1', hosts: Array.from({ length: 5 }, (_, i) => ({ name: `old-${i + 1}`, type: 'gen1' })) },
    { name: 'rack-2', hosts: Array.from({ length: 5 }, (_, i) => ({ name: `new-${i + 1}`, type: 'gen2' })) },
  ],
};

export const SAMPLE_WORKLOAD: WorkloadSpecInput = {
  name: 'Sample: Facebook job mix (ILA Table 4)',
  description: 'A sample from the guided first run: 25 jobs of the Facebook size distribution, Poisson arrivals 14 s apart.',
  jobs: [],
  generate: FACEBOOK_MIX,
};

export const SAMPLE_SCHEDULERS: SchedulerSpecInput[] = [{ kind: 'fifo' }, { kind: 'fair' }, { kind: 'capacity' }];
export const SAMPLE_EXPERIMENT_NAME = 'Sample: FIFO, Fair and Capacity';
export const SAMPLE_SEEDS = [1, 2, 3];
