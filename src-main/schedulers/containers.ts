import type { CoreView, SchedulerTopology } from '../engine/scheduling/schedulerApi';

/** YARN's container view of a node: memory and vcores a NodeManager offers. */
export interface ContainerConfig {
  nodeMemoryMb?: number;
  vcoresPerNode?: number;
  amMemoryMb: number;
  amVcores: number;
  maxAmShare: number;
  mapMemoryMb?: number;
  reduceMemoryMb?: number;
}

export function nodeOffer(cfg: ContainerConfig, view: CoreView, n: number): { memoryMb: number; vcores: number } {
  return offerOf(cfg, view.topology, n);
}

/** Node n's NodeManager offer on a topology (nodeOffer without a run, for the checks before one). */
export function offerOf(cfg: ContainerConfig, topo: SchedulerTopology, n: number): { memoryMb: number; vcores: number } {
  return {
    memoryMb: cfg.nodeMemoryMb ?? Math.max(1024, topo.nodeMemoryMb[n] - 1024),
    vcores: cfg.vcoresPerNode ?? Math.round(topo.nodeCores[n]),
  };
}

export function freeOnNode(cfg: ContainerConfig, view: CoreView, n: number): { memoryMb: number; vcores: number } {
  const offer = nodeOffer(cfg, view, n);
  return { memoryMb: offer.memoryMb - view.nodeMemoryUsedMb(n), vcores: offer.vcores - view.nodeVcoresUsed(n) };
}

export function taskMemory(cfg: ContainerConfig, view: CoreView, j: number, reduce: boolean): number {
  const tpl = view.job(j).template;
  return reduce ? (cfg.reduceMemoryMb ?? tpl.reduceMemoryMb) : (cfg.mapMemoryMb ?? tpl.mapMemoryMb);
}

/** Per scheduler settings, the topology its totals were summed for and the totals (asked at every heartbeat, so not summed again). */
const offered = new WeakMap<ContainerConfig, { topology: object; memoryMb: number; vcores: number }>();

/** Memory (MB) and vcores all NodeManagers offer together. */
export function offeredTotals(cfg: ContainerConfig, view: CoreView): { memoryMb: number; vcores: number } {
  let total = offered.get(cfg);
  if (total?.topology !== view.topology) {
    total = { topology: view.topology, memoryMb: 0, vcores: 0 };
    for (let n = 0; n < view.topology.nodeCount; n++) {
      const o = nodeOffer(cfg, view, n);
      total.memoryMb += o.memoryMb;
      total.vcores += o.vcores;
    }
    offered.set(cfg, total);
  }
  return total;
}

/** What application masters hold and may hold together under `maxAmShare`, and whether another would pass it. */
export interface AppMasterShare {
  usedMb: number;
  limitMb: number;
  usedVcores: number;
  limitVcores: number;
  full: boolean;
}

/**
 * YARN's cap on application masters (`maxAmShare`): together they may hold that share of the
 * memory and of the vcores the NodeManagers offer. Without it a long queue under a policy that
 * favours jobs holding little (DRF, PRISM) gives every container to an application master and no
 * task ever runs. As the Capacity Scheduler does, one application master may always run, however
 * small the share.
 */
export function appMasterShare(cfg: ContainerConfig, view: CoreView): AppMasterShare {
  const total = offeredTotals(cfg, view);
  const usedMb = view.appMastersMemoryMb();
  const usedVcores = view.appMastersVcores();
  const limitMb = cfg.maxAmShare * total.memoryMb;
  const limitVcores = cfg.maxAmShare * total.vcores;
  const full = usedMb > 0 && (usedMb + cfg.amMemoryMb > limitMb + 1e-9 || usedVcores + cfg.amVcores > limitVcores + 1e-9);
  return { usedMb, limitMb, usedVcores, limitVcores, full };
}

/**
 * Whether a heartbeat should serve only the jobs holding their application master: some job waits
 * for one and masters already hold their share, so every job without one could only wait (the
 * Capacity Scheduler's active applications; each policy keeps an order of those jobs).
 */
export function onlyMasterHolders(cfg: ContainerConfig, view: CoreView): boolean {
  return view.appMastersAwaited() > 0 && appMasterShare(cfg, view).full;
}

/**
 * YARN starts a job's application master before any of its tasks. `running`: the job has one;
 * `placed`: it was just placed on node n (the heartbeat's placement); `waiting`: n has no room
 * for it (`free` is what the scheduler counts as free on n), or application masters already hold
 * their share of the cluster's memory (appMasterShare).
 */
export function appMasterFirst(
  cfg: ContainerConfig,
  view: CoreView,
  j: number,
  n: number,
  free: { memoryMb: number; vcores: number },
): 'running' | 'placed' | 'waiting' {
  if (view.appMasterNode(j) >= 0) return 'running';
  if (!appMasterFits(cfg, view, free)) return 'waiting';
  view.placeAppMaster(j, n, cfg.amMemoryMb, cfg.amVcores);
  return 'placed';
}

/** Whether an application master could be placed in `free` now: the room is there and masters are within their share. */
export function appMasterFits(cfg: ContainerConfig, view: CoreView, free: { memoryMb: number; vcores: number }): boolean {
  return free.memoryMb >= cfg.amMemoryMb && free.vcores >= cfg.amVcores && !appMasterShare(cfg, view).full;
}

/**
 * The smallest container any job of the run can ask for (its application master, a map, a reduce):
 * a node with less free room than this cannot take anything, so a heartbeat there need not ask
 * every queued job. Measured once per run over every job, submitted or not.
 */
export class SmallestContainer {
  private memoryMb = NaN;

  constructor(private readonly cfg: ContainerConfig) {}

  /** False when nothing any job asks for fits in `free` (vcores: at least one per task container). */
  mayFit(view: CoreView, free: { memoryMb: number; vcores: number }, taskVcores = 1): boolean {
    if (Number.isNaN(this.memoryMb)) this.memoryMb = this.measure(view);
    return free.memoryMb >= this.memoryMb && free.vcores >= Math.min(this.cfg.amVcores, taskVcores);
  }

  private measure(view: CoreView): number {
    let least = this.cfg.amMemoryMb;
    for (let j = 0; j < view.jobCount; j++) {
      least = Math.min(least, taskMemory(this.cfg, view, j, false));
      if (view.job(j).reduces > 0) least = Math.min(least, taskMemory(this.cfg, view, j, true));
    }
    return least;
  }
}
