import type { AttemptLifecycle } from './attemptLifecycle';
import { KILLED } from './attemptLifecycle';
import { K_DETECT, K_FAIL, K_REPLENISH, PRIORITY } from '../core/events';
import type { JobBook } from '../jobs/jobBook';
import { TaskState } from '../core/model';
import { Random } from '../core/random';
import type { RateSolver } from '../resources/rateSolver';
import type { EngineState } from '../state/state';
import type { Topology } from '../core/topology';
import type { NodeLoss } from '@shared/results/nodeLosses';

/** The heap event's version says which list a failure came from (the heap orders by time, priority and push). */
const NAMED = 0;
const RANDOM = 1;

/**
 * What a named failure may name: a node (a VM, or a server without VMs), which fails alone, or a
 * server, which takes all its VMs down with it.
 */
export function failureTargets(topo: Topology): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  for (let n = 0; n < topo.nodeCount; n++) byName.set(topo.nodeName[n], [n]);
  for (let h = 0; h < topo.hostCount; h++) {
    const nodes: number[] = [];
    for (let i = topo.hostNodeStart[h]; i < topo.hostNodeStart[h + 1]; i++) nodes.push(topo.hostNodeList[i]);
    if (!byName.has(topo.hostName[h])) byName.set(topo.hostName[h], nodes);
  }
  return byName;
}

/**
 * Node failures (model.md "Faults"): named failures and random ones (exponential, mean `mtbfS` per
 * node), the master noticing a silent node only after `nodeTimeoutS`, the work lost with it (its
 * attempts, its finished maps' output still needed, its application masters), and replacement
 * nodes after `replenishAfterS`.
 */
export class Failures {
  /** Attempts cut off by a node's death, ended when the master notices (per node, rarely used). */
  private readonly lostAttempts = new Map<number, number[]>();
  /** Every death, in order; `open` holds each dead node's latest, which detection and replacement complete. */
  private readonly losses: NodeLoss[] = [];
  private readonly open = new Map<number, NodeLoss>();

  constructor(
    private readonly s: EngineState,
    private readonly rates: RateSolver,
    private readonly lifecycle: AttemptLifecycle,
    private readonly book: JobBook,
    private readonly attemptRandom: Random,
  ) {}

  /** Put the run's failures in the heap: the named ones, then one random failure per node. */
  schedule(seed: number): void {
    const { topology: topo, options, heap } = this.s;
    const byName = failureTargets(topo);
    for (const f of options.failures) {
      const nodes = byName.get(f.node);
      if (!nodes) throw new Error(`failures: no node or host named "${f.node}"`);
      for (const n of nodes) heap.push(f.atS, PRIORITY[K_FAIL], K_FAIL, n, NAMED);
    }
    if (options.mtbfS) {
      const rng = new Random(seed, 'failures');
      for (let n = 0; n < topo.nodeCount; n++) heap.push(rng.exponential(options.mtbfS), PRIORITY[K_FAIL], K_FAIL, n, RANDOM);
    }
  }

  /** The nodes lost so far, for the run's result (absent from it when none was). */
  report(): NodeLoss[] {
    return this.losses.map((l) => ({ ...l }));
  }

  /** `cause` is the failure event's version: NAMED or RANDOM. */
  failNode(node: number, cause: number): void {
    const s = this.s;
    if (!s.alive[node]) return;
    s.alive[node] = 0;
    s.nodeLost[node] = 1;
    const loss: NodeLoss = {
      node: s.topology.nodeName[node],
      cause: cause === RANDOM ? 'random' : 'named',
      lostAtS: s.now,
      noticedAtS: null,
      attemptsKilled: 0,
      mapsRunAgain: 0,
      mastersLost: 0,
      replacedAtS: null,
    };
    this.losses.push(loss);
    this.open.set(node, loss);
    // Its attempts stop at once, but the master only learns of it after the time-out.
    const host = s.topology.nodeHost[node];
    this.rates.touchHost(host);
    const lost = this.rates.hostList[host].filter((a) => s.at.node[a] === node);
    for (const a of lost) {
      this.rates.setUplinkWork(a, false);
      this.rates.removeFromHost(a);
      s.at.rate[a] = 0;
    }
    this.lostAttempts.set(node, lost);
    s.heap.push(s.now + s.options.nodeTimeoutS, PRIORITY[K_DETECT], K_DETECT, node, 0);
  }

  detectLostNode(node: number): void {
    const s = this.s;
    const tasks = s.tasks;
    const loss = this.open.get(node)!;
    loss.noticedAtS = s.now;
    // Still alive, still on this node and detached: not ended meanwhile (a recycled id would be attached).
    for (const a of this.lostAttempts.get(node) ?? [])
      if (s.at.alive[a] && s.at.node[a] === node && s.at.hostSlot[a] < 0) {
        this.lifecycle.endAttempt(a, KILLED);
        loss.attemptsKilled++;
      }
    this.lostAttempts.delete(node);
    // Finished maps whose output sat on the node must run again while their job still needs them.
    for (const j of [...s.active]) {
      if (tasks.jobReduceCount[j] === 0 || s.jobReducesDone[j] === tasks.jobReduceCount[j]) continue;
      const first = tasks.jobFirstTask[j];
      for (let t = first; t < first + tasks.jobMapCount[j]; t++) {
        if (tasks.state[t] === TaskState.Done && tasks.outputNode[t] === node) {
          tasks.outputNode[t] = -1;
          s.jobMapsDone[j]--;
          s.jobMapEnd[j] = NaN;
          this.book.requeueTask(t);
          loss.mapsRunAgain++;
        }
      }
      this.lifecycle.shuffles.update(j);
    }
    loss.mastersLost = this.book.dropAppMastersOn(node);
    s.nodeMemory[node] = 0;
    s.nodeVcores[node] = 0;
    if (s.options.replenishAfterS) s.heap.push(s.now + s.options.replenishAfterS, PRIORITY[K_REPLENISH], K_REPLENISH, node, 0);
  }

  replenishNode(node: number): void {
    const s = this.s;
    s.alive[node] = 1;
    s.nodeLost[node] = 0;
    this.open.get(node)!.replacedAtS = s.now;
    this.open.delete(node);
    if (s.options.mtbfS) s.heap.push(s.now + this.attemptRandom.exponential(s.options.mtbfS), PRIORITY[K_FAIL], K_FAIL, node, RANDOM);
  }
}
