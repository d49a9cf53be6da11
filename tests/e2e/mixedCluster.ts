import type { ClusterSpecInput } from '@shared/cluster/cluster';

/** 2 racks: 5 servers of 8 cores and 5 of 16 (the cluster, smaller). */
export const mixed: ClusterSpecInput = {
  name: 'Two racks, 8 and 16 cores',
  hostTypes: [
    { id: 'small', name: '8-core', cores: 8, coreSpeed: 1, memoryGb: 32, disks: [{ readMBps: 150, writeMBps: 120 }], nicMBps: 125 },
    { id: 'big', name: '16-core', cores: 16, coreSpeed: 1, memoryGb: 64, disks: [{ readMBps: 150, writeMBps: 120 }], nicMBps: 125 },
  ],
  network: { rackUplinkMBps: 1250, oversubscription: 1 },
  racks: [
    { name: 'r1', hosts: Array.from({ length: 5 }, (_, i) => ({ name: `s${i}`, type: 'small' })) },
    { name: 'r2', hosts: Array.from({ length: 5 }, (_, i) => ({ name: `b${i}`, type: 'big' })) },
  ],
};
