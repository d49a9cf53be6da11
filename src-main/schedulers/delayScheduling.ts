import { grown } from '../engine/core/grow';
import { Locality } from '../engine/core/topology';

/**
 * Delay scheduling (Zaharia et al., EuroSys'10, Algorithm 2), per job: a job that cannot launch a
 * node-local map is skipped for up to `nodeWaitS`, then may go rack-local, and after a further
 * `rackWaitS` anywhere; a local launch returns it to strict locality. Both waits at 0 is greedy
 * locality (any level at once). Used by Fair and MinEDF, so both wait the same way.
 */
export class DelayScheduling {
  /** Per job (typed arrays: read on every heartbeat for every waiting job): its level and last launch. */
  private level = new Uint8Array(64);
  private lastLaunch = new Float64Array(64);
  readonly greedy: boolean;

  constructor(
    private readonly nodeWaitS: number,
    private readonly rackWaitS: number,
    private readonly serverLocality: boolean,
  ) {
    this.greedy = nodeWaitS === 0 && rackWaitS === 0;
  }

  /** A new job starts at node locality, its wait clock at its submission. */
  submitted(j: number, now: number): void {
    if (j >= this.level.length) {
      const size = Math.max(j + 1, this.level.length * 2);
      this.level = grown(this.level, size);
      this.lastLaunch = grown(this.lastLaunch, size);
    }
    this.lastLaunch[j] = now;
    this.level[j] = Locality.Node;
  }

  /** The worst locality job j may launch a map at now. */
  allowed(j: number, now: number): Locality {
    if (this.greedy) return Locality.OffRack;
    const since = now - this.lastLaunch[j];
    let l = this.level[j] as Locality;
    if (l === Locality.Node && since >= this.nodeWaitS) l = Locality.Rack;
    if (l === Locality.Rack && since >= this.nodeWaitS + this.rackWaitS) l = Locality.OffRack;
    return l;
  }

  /**
   * When job j may first go rack-local and anywhere, as `allowed` reads its wait (−∞: already). A
   * launch moves both (`launched`); nothing else does.
   */
  opensAt(j: number, out: { rack: number; any: number }): void {
    const level = this.level[j] as Locality;
    const last = this.lastLaunch[j];
    out.rack = this.greedy || level !== Locality.Node ? -Infinity : last + this.nodeWaitS;
    out.any = this.greedy || level === Locality.OffRack ? -Infinity : last + this.nodeWaitS + this.rackWaitS;
  }

  /**
   * Job j's wait, for the why-not probe: the level it may go now, how long it has waited since its
   * last launch (or submission), and how long it waits in all before the next level opens; none
   * when it may already go anywhere.
   */
  waiting(j: number, now: number): { allowed: Locality; waited: number; wait: number; next: Locality } | undefined {
    const allowed = this.allowed(j, now);
    if (allowed === Locality.OffRack) return undefined;
    const waited = now - this.lastLaunch[j];
    return allowed === Locality.Node
      ? { allowed, waited, wait: this.nodeWaitS, next: Locality.Rack }
      : { allowed, waited, wait: this.nodeWaitS + this.rackWaitS, next: Locality.OffRack };
  }

  /**
   * Job j launched a map at level `at` while allowed `allowed`: its wait restarts, and a local
   * launch returns it to strict locality. Without server locality a co-hosted VM's replica is just
   * rack-local to the scheduler.
   */
  launched(j: number, at: Locality, allowed: Locality, now: number): void {
    this.lastLaunch[j] = now;
    this.level[j] = at === Locality.Node || (this.serverLocality && at === Locality.Server) ? Locality.Node : allowed;
  }
}

/** What a delay-scheduled job may do, in words (the why-panel's text). */
export const ALLOWED_WORDS: readonly string[] = ['node-local', 'server-local', 'rack-local', 'anywhere'];
