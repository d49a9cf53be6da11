import { NODE_CORE, NODE_TRANSIENT } from '../../engine/core/topology';
import type { FawkesView } from './design';
import { MrCluster, Stage } from './mrCluster';
import { copyMBps, freeRole } from './nodes';

/**
 * Which MR-cluster holds each node, and how nodes change hands (Ghit et al. sec. 4.2.2): a node is
 * taken, released (instant pre-emption of a transient node, delayed pre-emption of a node whose
 * output must be copied off first), and freed — straight to the MR-cluster it was reserved for,
 * when an admission claimed it back while it was leaving.
 */
export class NodeHandover {
  /** Per node: its MR-cluster (-1: free), whether it is leaving, until when, and for whom it is reserved once free (-1: nobody). */
  readonly own: Int32Array;
  readonly leaving: Uint8Array;
  readonly reservedFor: Int32Array;
  private readonly leavingUntil: Float64Array;
  /** Set by every move, so the sizes are recorded once per callback after all its moves. */
  private sizesChanged = false;

  constructor(
    nodeCount: number,
    private readonly clusters: readonly MrCluster[],
    /** Called when a reserved node reaches the MR-cluster that claimed it, which may complete its minimum share. */
    private readonly claimed: (c: MrCluster, view: FawkesView) => void,
  ) {
    this.own = new Int32Array(nodeCount).fill(-1);
    this.leaving = new Uint8Array(nodeCount);
    this.reservedFor = new Int32Array(nodeCount).fill(-1);
    this.leavingUntil = new Float64Array(nodeCount);
  }

  take(n: number, c: MrCluster, role: number, view: FawkesView): void {
    this.sizesChanged = true;
    c.touch(view.now);
    this.own[n] = c.index;
    c.nodes.add(n);
    view.assignNode(n, c.index, role);
  }

  /**
   * Take node n from its MR-cluster: its running tasks are killed and run again elsewhere; a node
   * with output on its disk leaves once that output is copied off.
   */
  release(n: number, view: FawkesView): void {
    this.sizesChanged = true;
    const c = this.clusters[this.own[n]];
    c.touch(view.now);
    c.nodes.delete(n);
    for (const a of view.attemptsOnNode(n)) if (view.killAttempt(a.attempt)) c.killedAttempts++;
    const stored = view.nodeRole(n) === NODE_TRANSIENT ? 0 : view.takeStoredData(n);
    if (stored <= 0) {
      this.free(n, view);
      return;
    }
    c.dataMovedMb += stored;
    this.leaving[n] = 1;
    this.leavingUntil[n] = view.now + stored / Math.max(1e-9, copyMBps(n, view));
    view.wakeAt(this.leavingUntil[n]);
  }

  free(n: number, view: FawkesView): void {
    this.sizesChanged = true;
    const c = this.own[n] >= 0 ? this.clusters[this.own[n]] : undefined;
    if (c?.nodes.has(n)) {
      c.touch(view.now);
      c.nodes.delete(n);
    }
    this.own[n] = -1;
    this.leaving[n] = 0;
    view.assignNode(n, -1, freeRole(n, view));
    const next = this.reservedFor[n];
    if (next >= 0) {
      this.reservedFor[n] = -1;
      this.take(n, this.clusters[next], NODE_CORE, view);
      this.claimed(this.clusters[next], view);
    }
  }

  /** Free the nodes whose data has been copied off by now. */
  endLeaving(view: FawkesView): void {
    for (let n = 0; n < this.leaving.length; n++) if (this.leaving[n] && this.leavingUntil[n] <= view.now) this.free(n, view);
  }

  /** Free, alive nodes in the order they are lent: the shared pool first, then core nodes of MR-clusters not active (not those about to be claimed back). */
  freeNodes(view: FawkesView): number[] {
    const topo = view.topology;
    const pool: number[] = [];
    const idleCores: number[] = [];
    for (let n = 0; n < topo.nodeCount; n++) {
      if (this.own[n] >= 0 || this.leaving[n] || !view.nodeAlive(n)) continue;
      const home = topo.nodeKind[n] === NODE_CORE ? topo.nodeMrCluster[n] : -1;
      if (home < 0) pool.push(n);
      else if (this.clusters[home].stage === Stage.Inactive) idleCores.push(n);
    }
    return pool.concat(idleCores);
  }

  /**
   * Every MR-cluster's size is recorded whenever any changes (an admission takes core nodes back
   * from whoever borrowed them), so at every instant of the series the sizes add up to what is held.
   */
  recordSizes(view: FawkesView): void {
    if (!this.sizesChanged) return;
    this.sizesChanged = false;
    for (const c of this.clusters) c.record(view.now);
  }
}
