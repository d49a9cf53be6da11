import type { ClusterSpecInput, HostType } from '@shared/cluster/cluster';
import type { FieldProblem } from '@shared/api/validation';
import { JsonObjectStream } from '../workloads/traces/jsonObjectStream';
import { quote } from '@shared/files/quote';

/** What YARN SLS assumes for a node that states neither (yarn.sls.nm.memory.mb / .vcores). */
export const SLS_DEFAULT_MEMORY_MB = 10240;
export const SLS_DEFAULT_VCORES = 10;
/** SLS says nothing of disks or network; these are the studio's commodity-server defaults. */
const DISK = { readMBps: 100, writeMBps: 100 };
const NIC_MBPS = 125;

/**
 * A YARN SLS node file (`{"rack": …, "nodes": [{"node": …, "memory-mb": …, "vcores": …}]}`, one
 * object per rack, as an array or back to back) as a studio cluster: one host per node, one host
 * type per distinct memory/vcores shape. Labels are ignored (the studio has no node labels).
 */
export function clusterFromSlsNodes(text: string, name: string): { ok: true; spec: ClusterSpecInput } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const racks = new Map<string, { name: string; type: string }[]>();
  const types = new Map<string, HostType>();
  const seen = new Set<string>();
  /** Keys of a node the studio does not read (a custom resource, a misspelt "memory-mb"), with the first node that has each. */
  const unread = new Map<string, string>();
  let defaulted = 0;
  let index = 0;
  const objects = new JsonObjectStream((value, line) => {
    const o = (value ?? {}) as Record<string, unknown>;
    const at = `rack ${++index} (line ${line})`;
    const rack = typeof o.rack === 'string' && o.rack.trim() ? o.rack.trim().replace(/^\//, '') : 'default-rack';
    if (!Array.isArray(o.nodes)) {
      problems.push({ field: `${at}.nodes`, message: 'expected a list of nodes' });
      return;
    }
    const hosts = racks.get(rack) ?? [];
    racks.set(rack, hosts);
    o.nodes.forEach((n: Record<string, unknown> | null, k) => {
      const field = `${at}.nodes.${k}`;
      const nodeName = typeof n?.node === 'string' ? (n.node.split('/').filter(Boolean).pop() ?? '') : '';
      if (!nodeName) return void problems.push({ field, message: 'expected the node name' });
      if (seen.has(nodeName.toLowerCase())) return void problems.push({ field, message: `"${nodeName}" is listed twice` });
      seen.add(nodeName.toLowerCase());
      for (const key of Object.keys(n ?? {})) if (!NODE_KEYS.has(key) && !unread.has(key)) unread.set(key, nodeName);
      if (n?.['memory-mb'] === undefined || n.vcores === undefined) defaulted++;
      const memoryMb = n?.['memory-mb'] ?? SLS_DEFAULT_MEMORY_MB;
      const vcores = n?.vcores ?? SLS_DEFAULT_VCORES;
      if (typeof memoryMb !== 'number' || !(memoryMb > 0))
        return void problems.push({ field: `${field}.memory-mb`, message: `expected MB > 0, found ${quote(memoryMb)}` });
      if (typeof vcores !== 'number' || !Number.isInteger(vcores) || vcores < 1 || vcores > 1024)
        return void problems.push({ field: `${field}.vcores`, message: `expected a whole number from 1 to 1024, found ${quote(vcores)}` });
      const id = `sls-${vcores}c-${memoryMb}mb`;
      if (!types.has(id))
        types.set(id, {
          id,
          name: `SLS node ${vcores} vcores, ${memoryMb / 1024} GB`,
          cores: vcores,
          coreSpeed: 1,
          memoryGb: memoryMb / 1024,
          disks: [DISK],
          nicMBps: NIC_MBPS,
        });
      hosts.push({ name: nodeName, type: id });
    });
  });
  objects.push(text);
  objects.end();
  if (objects.error) problems.unshift({ field: `line ${objects.error.line}`, message: objects.error.error });
  if (problems.length) return { ok: false, problems };
  if (seen.size === 0) return { ok: false, problems: [{ field: '', message: 'the file lists no nodes' }] };
  // Not Math.max(...list): a file with 200,000 racks would overflow the call stack.
  const largestRack = [...racks.values()].reduce((m, h) => Math.max(m, h.length), 0);
  return {
    ok: true,
    spec: {
      name,
      description: importNote(seen.size, defaulted, unread),
      hostTypes: [...types.values()],
      network: { rackUplinkMBps: NIC_MBPS * Math.max(1, largestRack), oversubscription: 1 },
      racks: [...racks.entries()].map(([rackName, hosts]) => ({ name: rackName, hosts: hosts.map((h) => ({ ...h, vms: [] })) })),
    },
  };
}

/** What a node may say that the studio reads: its name, memory and vcores, and its labels (read by SLS, not modelled here). */
const NODE_KEYS = new Set(['node', 'memory-mb', 'vcores', 'labels']);

/**
 * The imported cluster's description: where each figure came from, the nodes that took SLS's
 * defaults, and what the file said that the studio did not read, so none of it is dropped unsaid.
 */
function importNote(nodes: number, defaulted: number, unread: ReadonlyMap<string, string>): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const sentences = [defaulted < nodes ? 'Imported from a YARN SLS node file: memory and vcores from the file.' : 'Imported from a YARN SLS node file.'];
  const defaults = `SLS's defaults (${n(SLS_DEFAULT_MEMORY_MB)} MB, ${SLS_DEFAULT_VCORES} vcores)`;
  if (defaulted === nodes) sentences.push(`No node states memory-mb or vcores, so ${nodes === 1 ? 'it takes' : 'each takes'} ${defaults}.`);
  else if (defaulted)
    sentences.push(`${n(defaulted)} of ${n(nodes)} nodes state no memory-mb or vcores, so ${defaulted === 1 ? 'it takes' : 'they take'} ${defaults}.`);
  if (unread.size) sentences.push(`Not read: ${[...unread].map(([key, node]) => `${quote(key)} (first on ${node})`).join(', ')}.`);
  sentences.push('Disks (100 MB/s), NIC (1 Gb/s) and the non-blocking rack uplinks are studio defaults.');
  return sentences.join(' ');
}

/** Whether a JSON text looks like an SLS node file rather than our cluster file (a rack of no nodes included). */
export function looksLikeSlsNodes(text: string): boolean {
  const head = text.slice(0, 64 * 1024);
  return !/"format"\s*:\s*"workload-studio/.test(head) && /"nodes"\s*:/.test(head) && /"(node|rack)"\s*:/.test(head);
}
