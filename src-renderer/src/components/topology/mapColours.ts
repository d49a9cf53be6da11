import type { Draft } from './types';

/** Colours the topology map and its legend share: one per server type, one per MR-cluster. */

const TYPE_COLOURS = ['#2f6fde', '#e0703a', '#2a9d6f', '#b04fcf', '#d4a72c', '#d2476b', '#3aa8c1', '#7a7f8c'];
const MR_COLOURS = ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#66a61e', '#e6ab02', '#a6761d', '#1f78b4'];

/** Each server type's colour (a stripe on its tiles) and short form ("16c · 64G"), so types show at a glance. */
export function typeInfo(spec: Draft): Map<string, { colour: string; short: string; name: string }> {
  return new Map(spec.hostTypes.map((t, i) => [t.id, { colour: TYPE_COLOURS[i % TYPE_COLOURS.length], short: `${t.cores}c · ${t.memoryGb}G`, name: t.name }]));
}

/**
 * FAWKES: each MR-cluster's colour (a dot on its servers, an outline on its VMs) and its worker
 * nodes by kind, so a design's MR-clusters and minimum shares read at a glance.
 */
export function mrClusterInfo(spec: Draft): Map<string, { colour: string; kinds: Record<string, number> }> {
  const out = new Map<string, { colour: string; kinds: Record<string, number> }>();
  const count = (mr: string | undefined, kind: string | undefined) => {
    if (!mr) return;
    if (!out.has(mr)) out.set(mr, { colour: MR_COLOURS[out.size % MR_COLOURS.length], kinds: {} });
    const kinds = out.get(mr)!.kinds;
    const k = kind ?? 'core';
    kinds[k] = (kinds[k] ?? 0) + 1;
  };
  for (const rack of spec.racks) {
    for (const host of rack.hosts) {
      if (host.vms?.length) for (const v of host.vms) count(v.mrCluster ?? host.mrCluster, v.kind ?? host.kind);
      else count(host.mrCluster, host.kind);
    }
  }
  return out;
}
