import { z } from 'zod';
import type { ClusterSpecInput, ClusterTotals } from './cluster';
import { nameText } from '../files/controlCharacters';

/**
 * "N racks × M servers (× K VMs) of one type": the quick way to a uniform cluster. The result is an
 * ordinary ClusterSpec, so anything generated here can later be edited host by host.
 */
const num = () => z.number();

/**
 * The most worker nodes the forms make (new cluster, the editor's bulk add). Their per-field
 * ceilings multiply to 512 million VMs, and a slipped digit (2000 servers per rack for 200) made a
 * cluster of millions whose generation froze the app for seconds and whose runs could never end.
 * Ten times the bench's largest cluster.
 */
export const MAX_GENERATED_NODES = 100_000;

const count = (n: number) => n.toLocaleString('en-US');

/** What is wrong with making `nodes` worker nodes (`how`: the product in words), if anything. */
export function nodeCeilingProblem(nodes: number, how: string): string | undefined {
  return nodes > MAX_GENERATED_NODES ? `makes ${count(nodes)} worker nodes (${how}); at most ${count(MAX_GENERATED_NODES)}` : undefined;
}

export const UniformClusterSchema = z
  .strictObject({
    name: nameText(80),
    description: z.string().max(2000).default(''),
    racks: num().int('must be a whole number').min(1, 'at least 1 rack').max(1000, 'at most 1000 racks'),
    hostsPerRack: num().int('must be a whole number').min(1, 'at least 1 server per rack').max(2000, 'at most 2000 servers per rack'),
    cores: num().int('must be a whole number').min(1, 'at least 1 core').max(1024),
    coreSpeed: num().positive('must be greater than 0').max(16),
    memoryGb: num().positive('must be greater than 0').max(65536),
    disks: num().int('must be a whole number').min(1, 'at least 1 disk').max(64),
    diskMBps: num().positive('must be greater than 0'),
    nicMBps: num().positive('must be greater than 0'),
    vmsPerHost: num().int('must be a whole number').min(0).max(256).default(0),
    vmVcpus: num().int('must be a whole number').min(1).max(512).default(2),
    vmMemoryGb: num().positive('must be greater than 0').default(2),
    rackUplinkMBps: num().positive('must be greater than 0'),
    oversubscription: num().min(1, 'must be at least 1').max(100),
    blockSizeMb: num().int().min(1).max(4096).default(128),
    replication: num().int().min(1).max(10).default(3),
  })
  .superRefine((p, ctx) => {
    const how = `${count(p.racks)} racks × ${count(p.hostsPerRack)} servers${p.vmsPerHost > 0 ? ` × ${count(p.vmsPerHost)} VMs` : ''}`;
    const message = nodeCeilingProblem(uniformNodeCount(p), how);
    if (message) ctx.addIssue({ code: 'custom', path: [p.vmsPerHost > 0 ? 'vmsPerHost' : 'hostsPerRack'], message });
  });
export type UniformClusterInput = z.input<typeof UniformClusterSchema>;

/** Worker nodes: VMs where servers have them, otherwise the servers (as clusterTotals counts them). */
const uniformNodeCount = (p: { racks: number; hostsPerRack: number; vmsPerHost: number }) => p.racks * p.hostsPerRack * Math.max(1, p.vmsPerHost);

/** What generateUniformCluster's result would total, by arithmetic: the form shows it at every keystroke. */
export function uniformTotals(input: z.output<typeof UniformClusterSchema>): ClusterTotals {
  const hosts = input.racks * input.hostsPerRack;
  return {
    racks: input.racks,
    hosts,
    vms: hosts * input.vmsPerHost,
    nodes: uniformNodeCount(input),
    cores: hosts * input.cores,
    memoryGb: hosts * input.memoryGb,
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function generateUniformCluster(input: z.output<typeof UniformClusterSchema>): ClusterSpecInput {
  const rackWidth = Math.max(2, String(input.racks).length);
  const hostWidth = Math.max(3, String(input.hostsPerRack).length);
  const withVms = input.vmsPerHost > 0;
  return {
    name: input.name,
    description: input.description,
    hostTypes: [
      {
        id: 'server',
        name: `${input.cores}-core server`,
        cores: input.cores,
        coreSpeed: input.coreSpeed,
        memoryGb: input.memoryGb,
        disks: Array.from({ length: input.disks }, () => ({ readMBps: input.diskMBps, writeMBps: input.diskMBps })),
        nicMBps: input.nicMBps,
      },
    ],
    vmTypes: withVms ? [{ id: 'vm', name: `${input.vmVcpus}-vCPU VM`, vcpus: input.vmVcpus, memoryGb: input.vmMemoryGb }] : [],
    network: { rackUplinkMBps: input.rackUplinkMBps, oversubscription: input.oversubscription },
    hdfs: { blockSizeMb: input.blockSizeMb, replication: input.replication },
    racks: Array.from({ length: input.racks }, (_, r) => {
      const rackName = `rack-${pad(r + 1, rackWidth)}`;
      return {
        name: rackName,
        hosts: Array.from({ length: input.hostsPerRack }, (_, h) => {
          const hostName = `r${pad(r + 1, rackWidth)}-h${pad(h + 1, hostWidth)}`;
          return {
            name: hostName,
            type: 'server',
            vms: Array.from({ length: input.vmsPerHost }, (_, v) => ({ name: `${hostName}-vm${v + 1}`, type: 'vm' })),
          };
        }),
      };
    }),
  };
}

/** A sensible starting point for the "new cluster" form: the PRISM paper's testbed nodes (sec. 6). */
export const defaultUniformCluster: UniformClusterInput = {
  name: '',
  description: '',
  racks: 1,
  hostsPerRack: 10,
  cores: 4,
  coreSpeed: 1,
  memoryGb: 8,
  disks: 1,
  diskMBps: 100,
  nicMBps: 125,
  vmsPerHost: 0,
  vmVcpus: 2,
  vmMemoryGb: 2,
  rackUplinkMBps: 1250,
  oversubscription: 1,
  blockSizeMb: 128,
  replication: 3,
};
