import type { FawkesView } from './design';
import { NODE_CORE } from '../../engine/core/topology';

/** Nodes alive now: the pool FAWKES divides (Ghit et al. sec. 4.2). */
export function aliveNodes(view: FawkesView): number {
  let alive = 0;
  for (let n = 0; n < view.topology.nodeCount; n++) if (view.nodeAlive(n)) alive++;
  return alive;
}

/** What a node is while nobody holds it: an MR-cluster's core node stays core (its data stays on it); others keep their last kind. */
export function freeRole(n: number, view: FawkesView): number {
  const topo = view.topology;
  return topo.nodeKind[n] === NODE_CORE && topo.nodeMrCluster[n] >= 0 ? NODE_CORE : view.nodeRole(n);
}

/** MB/s a node moves its data at (loading l^D, saving b^D, delayed pre-emption): its share of its host's disk and NIC, whichever is slower. */
export function copyMBps(n: number, view: FawkesView): number {
  const topo = view.topology;
  const h = topo.nodeHost[n];
  const share = topo.hostNodeStart[h + 1] - topo.hostNodeStart[h];
  return Math.min(topo.hostDiskMBps[h], topo.hostNicMBps[h]) / share;
}
