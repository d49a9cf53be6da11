import type { CoreView } from '../engine/scheduling/schedulerApi';

/** YARN's container view of a node: memory and vcores a NodeManager offers. */
export interface ContainerConfig {
  nodeMemoryMb?: number;
  vcoresPerNode?: number;
  amMemoryMb: number;
  amVcores: number;
  mapMemoryMb?: number;
  reduceMemoryMb?: number;
}

export function nodeOffer(cfg: ContainerConfig, view: CoreView, n: number): { memoryMb: number; vcores: number } {
  const topo = view.topology;
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

/**
 * YARN starts a job's application master before any of its tasks. `running`: the job has one;
 * `placed`: it was just placed on node n (the heartbeat's placement); `waiting`: n has no room
 * for it (`free` is what the scheduler counts as free on n).
 */
export function appMasterFirst(cfg: ContainerConfig, view: CoreView, j: number, n: number, free: { memoryMb: number; vcores: number }): 'running' | 'placed' | 'waiting' {
  if (view.appMasterNode(j) >= 0) return 'running';
  if (free.memoryMb < cfg.amMemoryMb || free.vcores < cfg.amVcores) return 'waiting';
  view.placeAppMaster(j, n, cfg.amMemoryMb, cfg.amVcores);
  return 'placed';
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
