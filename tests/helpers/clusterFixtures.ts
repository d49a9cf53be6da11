import type { ClusterSpecInput } from '@shared/cluster/cluster';

/** A small valid cluster: 2 racks × 2 hosts, the second rack's hosts split into 2 VMs each. */
export function smallCluster(overrides: Partial<ClusterSpecInput> = {}): ClusterSpecInput {
  return {
    name: 'small',
    description: 'two racks',
    hostTypes: [{ id: 'std', name: 'standard', cores: 8, coreSpeed: 1, memoryGb: 16, disks: [{ readMBps: 100, writeMBps: 90 }], nicMBps: 125 }],
    vmTypes: [{ id: 'small-vm', name: 'small VM', vcpus: 2, memoryGb: 4 }],
    network: { rackUplinkMBps: 1250, oversubscription: 2 },
    hdfs: { blockSizeMb: 128, replication: 3 },
    racks: [
      {
        name: 'rack-a',
        hosts: [
          { name: 'a1', type: 'std' },
          { name: 'a2', type: 'std' },
        ],
      },
      {
        name: 'rack-b',
        hosts: [
          {
            name: 'b1',
            type: 'std',
            vms: [
              { name: 'b1-vm1', type: 'small-vm' },
              { name: 'b1-vm2', type: 'small-vm' },
            ],
          },
          {
            name: 'b2',
            type: 'std',
            vms: [
              { name: 'b2-vm1', type: 'small-vm' },
              { name: 'b2-vm2', type: 'small-vm' },
            ],
          },
        ],
      },
    ],
    ...overrides,
  };
}
