import type { PhaseKind } from '../engine/core/model';
import type { CoreView, ViewWith } from '../engine/scheduling/schedulerApi';
import { nodeOffer, type ContainerConfig } from './containers';
import type { Need } from './prismMachine';

/**
 * A machine's capacities as PRISM weighs them (Algorithm 1's C): one object per machine shape and
 * cluster size (the Fair measure divides by the latter), remembered per node, so the orders by
 * share and the jobs' shares are found by the object itself, not by a key built at every
 * heartbeat. A node's offer never changes; the cluster growing (replacement nodes) starts afresh.
 */
export class MachineCapacities {
  private readonly byShape = new Map<string, Need>();
  private readonly ofNode: Need[] = [];
  private nodeCount = -1;

  constructor(private readonly spec: ContainerConfig) {}

  of(view: CoreView, n: number): Need {
    const topo = view.topology;
    if (this.nodeCount !== topo.nodeCount) {
      this.ofNode.length = 0;
      this.nodeCount = topo.nodeCount;
    }
    const known = this.ofNode[n] as Need | undefined;
    if (known) return known;
    const host = topo.nodeHost[n];
    const offer = nodeOffer(this.spec, view, n);
    const fresh: Need = { cpu: offer.vcores, memory: offer.memoryMb, disk: topo.hostDiskMBps[host], net: topo.hostNicMBps[host] };
    const shape = `${fresh.cpu}/${fresh.memory}/${fresh.disk}/${fresh.net}/${topo.nodeCount}`;
    let cap = this.byShape.get(shape);
    if (!cap) this.byShape.set(shape, (cap = fresh));
    this.ofNode[n] = cap;
    return cap;
  }
}

/** Algorithm 1 line 2: a machine's utilisation from the phase-level needs of what runs on it. */
export class MachineUse {
  /** One object, rewritten by the next call: asked at every round of every heartbeat. */
  private readonly used: Need = { cpu: 0, memory: 0, disk: 0, net: 0 };

  constructor(private readonly need: (view: CoreView, j: number, phase: PhaseKind) => Need) {}

  on(view: ViewWith<'attempts' | 'phases'>, n: number, onNode = view.attemptIdsOnNode(n)): Need {
    const used = this.used;
    used.cpu = used.disk = used.net = 0;
    used.memory = view.nodeMemoryUsedMb(n);
    for (let i = 0; i < onNode.length; i++) {
      const a = onNode[i];
      // Paused phases, and shuffles idle until more map output exists, use nothing now; counting
      // the idle shuffles would let them block the very merges they wait for (sec. 5.1).
      if (view.attemptPaused(a) || view.attemptWaiting(a)) continue;
      const nd = this.need(view, view.jobOfTask(view.attemptTask(a)), view.attemptPhase(a));
      used.cpu += nd.cpu;
      used.disk += nd.disk;
      used.net += nd.net;
    }
    return used;
  }
}
