import { z } from 'zod';
import { nameText } from '../files/controlCharacters';

/**
 * A cluster as the user designs it (model.md "Topology"): racks → physical hosts → optional VMs.
 * Without VMs a host is one worker node; with VMs each VM is a worker node sharing the host's
 * cores and disks. Types are named once in a library and referenced by id, so a 2,000-server
 * cluster stays small and a change to a type changes every host of that type.
 */

const name = nameText(80);

/** Shown after the field's own label ("NIC (MB/s): must be greater than 0"), so the words do not name the field again. */
const positive = () => z.number({ error: 'must be a number' }).finite().positive('must be greater than 0');

export const DiskSchema = z.strictObject({
  readMBps: positive(),
  writeMBps: positive(),
});

export const HostTypeSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1-40 lower-case letters, digits or dashes'),
  name,
  cores: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1024, 'must be at most 1024'),
  /** Relative core speed; 1 is the reference core that templates' CPU work is measured on. */
  coreSpeed: positive().max(16, 'must be at most 16 (times the reference core)'),
  memoryGb: positive().max(65536, 'must be at most 65536 GB'),
  disks: z.array(DiskSchema).min(1, 'a host needs at least one disk').max(64, 'at most 64 disks'),
  nicMBps: positive(),
});

export const VmTypeSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1-40 lower-case letters, digits or dashes'),
  name,
  vcpus: z.number().int('must be a whole number').min(1, 'must be at least 1').max(512),
  memoryGb: positive(),
});

/**
 * FAWKES (sec. 3) node kinds: core nodes store data and compute; transient nodes only compute
 * and may be taken away; transient-core nodes store data too but are the first to be given up.
 */
export const NODE_KINDS = ['core', 'transient', 'transient-core'] as const;
export const NodeKindSchema = z.enum(NODE_KINDS, { error: `must be one of ${NODE_KINDS.join(', ')}` });
/** The MR-cluster (FAWKES' unit of balancing) a worker node starts in; absent means the shared pool. */
const mrCluster = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters');

export const VmSchema = z.strictObject({
  name,
  type: z.string().min(1, 'must name a VM type'),
  kind: NodeKindSchema.optional(),
  mrCluster: mrCluster.optional(),
});

export const HostSchema = z.strictObject({
  name,
  type: z.string().min(1, 'must name a server type'),
  /** For a host without VMs (the host is the worker node); VMs carry their own. */
  kind: NodeKindSchema.optional(),
  mrCluster: mrCluster.optional(),
  vms: z.array(VmSchema).max(256, 'at most 256 VMs per server').default([]),
});

export const RackSchema = z.strictObject({
  name,
  hosts: z.array(HostSchema).max(10000, 'at most 10,000 servers per rack'),
});

export const NetworkSchema = z.strictObject({
  /** Bandwidth of each rack's uplink to the core before oversubscription is applied. */
  rackUplinkMBps: positive(),
  /** Ratio of the rack's host NIC bandwidth to its uplink; 1 means non-blocking. */
  oversubscription: z.number().finite().min(1, 'must be at least 1').max(100),
});

export const HdfsSchema = z.strictObject({
  blockSizeMb: z.number().int().min(1, 'must be at least 1 MB').max(4096),
  replication: z.number().int().min(1, 'must be at least 1').max(10),
});

const ClusterShape = z.strictObject({
  name,
  description: z.string().max(2000, 'must be at most 2000 characters').default(''),
  hostTypes: z.array(HostTypeSchema).min(1, 'define at least one server type'),
  vmTypes: z.array(VmTypeSchema).default([]),
  network: NetworkSchema,
  hdfs: HdfsSchema.default({ blockSizeMb: 128, replication: 3 }),
  racks: z.array(RackSchema).min(1, 'a cluster needs at least one rack').max(1000, 'at most 1000 racks'),
});

/** Cross-field rules a schema alone cannot say; each problem is reported at the field it concerns. */
export const ClusterSpecSchema = ClusterShape.superRefine((c, ctx) => {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });

  const hostTypes = new Map<string, z.infer<typeof HostTypeSchema>>();
  c.hostTypes.forEach((t, i) => {
    if (hostTypes.has(t.id)) issue(['hostTypes', i, 'id'], `duplicate server type id "${t.id}"`);
    hostTypes.set(t.id, t);
  });
  const vmTypes = new Map<string, z.infer<typeof VmTypeSchema>>();
  c.vmTypes.forEach((t, i) => {
    if (vmTypes.has(t.id)) issue(['vmTypes', i, 'id'], `duplicate VM type id "${t.id}"`);
    vmTypes.set(t.id, t);
  });

  const rackNames = new Set<string>();
  const hostNames = new Set<string>();
  const vmNames = new Set<string>();
  let hostCount = 0;
  c.racks.forEach((rack, r) => {
    const rackKey = rack.name.toLowerCase();
    if (rackNames.has(rackKey)) issue(['racks', r, 'name'], `duplicate rack name "${rack.name}"`);
    rackNames.add(rackKey);
    rack.hosts.forEach((host, h) => {
      hostCount++;
      const key = host.name.toLowerCase();
      if (hostNames.has(key)) issue(['racks', r, 'hosts', h, 'name'], `duplicate server name "${host.name}"`);
      hostNames.add(key);
      const type = hostTypes.get(host.type);
      if (!type) {
        issue(['racks', r, 'hosts', h, 'type'], `unknown server type "${host.type}"`);
        return;
      }
      let vmMemory = 0;
      host.vms.forEach((vm, v) => {
        const vmKey = vm.name.toLowerCase();
        if (vmNames.has(vmKey) || hostNames.has(vmKey)) issue(['racks', r, 'hosts', h, 'vms', v, 'name'], `duplicate node name "${vm.name}"`);
        vmNames.add(vmKey);
        const vt = vmTypes.get(vm.type);
        if (!vt) {
          issue(['racks', r, 'hosts', h, 'vms', v, 'type'], `unknown VM type "${vm.type}"`);
          return;
        }
        if (vt.memoryGb > type.memoryGb) {
          issue(
            ['racks', r, 'hosts', h, 'vms', v, 'type'],
            `VM type "${vt.name}" has ${vt.memoryGb} GB but server "${host.name}" has only ${type.memoryGb} GB`,
          );
        }
        vmMemory += vt.memoryGb;
      });
      if (vmMemory > type.memoryGb) {
        issue(['racks', r, 'hosts', h, 'vms'], `VMs reserve ${vmMemory} GB but server "${host.name}" has only ${type.memoryGb} GB`);
      }
    });
  });
  if (hostCount === 0) issue(['racks'], 'a cluster needs at least one host');
});

/** What callers send: defaults may be left out. */
export type ClusterSpecInput = z.input<typeof ClusterSpecSchema>;
/** What the studio stores and simulates: defaults filled in. */
export type ClusterSpec = z.output<typeof ClusterSpecSchema>;
export type HostType = z.output<typeof HostTypeSchema>;
export type VmType = z.output<typeof VmTypeSchema>;

export interface ClusterTotals {
  racks: number;
  hosts: number;
  vms: number;
  /** Worker nodes: VMs where a host has them, otherwise the host itself. */
  nodes: number;
  cores: number;
  memoryGb: number;
}

export function clusterTotals(spec: ClusterSpecInput): ClusterTotals {
  const types = new Map(spec.hostTypes.map((t) => [t.id, t]));
  const totals: ClusterTotals = { racks: spec.racks.length, hosts: 0, vms: 0, nodes: 0, cores: 0, memoryGb: 0 };
  for (const rack of spec.racks) {
    for (const host of rack.hosts) {
      const type = types.get(host.type);
      const vms = host.vms?.length ?? 0;
      totals.hosts++;
      totals.vms += vms;
      totals.nodes += vms > 0 ? vms : 1;
      totals.cores += type?.cores ?? 0;
      totals.memoryGb += type?.memoryGb ?? 0;
    }
  }
  return totals;
}
