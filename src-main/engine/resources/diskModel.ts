import { W_NET_IN, W_SIZE } from '../state/attempts';
import { grown } from '../core/grow';

/**
 * The disk model (model.md "Resource sharing"): what a disk delivers to concurrent streams, and
 * which disk a remote HDFS read is charged to. The host's own sharing (sharing.ts) reads both.
 */

/**
 * What a host's disks deliver in total to `streams` concurrent streams: seeks between interleaved
 * streams cost bandwidth, by `thrashing` per extra stream on a disk (model.md "Resource sharing").
 */
export function diskBandwidthMBps(fullMBps: number, streams: number, disks: number, thrashing: number): number {
  return fullMBps / (1 + thrashing * Math.max(0, streams / disks - 1));
}

/**
 * Remote HDFS reads charged to the disk they come from (model.md "Resource sharing": a disk is
 * shared by its streams). A map reading its split from another server is one more stream on that
 * server's disk: it adds to the disk's seek thrashing, gets at most a fair per-stream share of
 * what the disk delivers, and the server's own tasks share the rest.
 *
 * The engine rates one host at a time; a reader's share depends on its source's stream count as
 * last rated, and when that count changes the readers' hosts are re-rated (see `onStreams`).
 */
export class RemoteReads {
  /**
   * Per attempt id (ids are recycled, so these stay as large as the cluster's concurrency): the
   * host whose disk its remote stream is charged to (−1: none), and the work field that stream
   * moves (0: W_NET_IN, a read). Typed arrays, not maps: every host re-rate reads them per attempt.
   */
  private sourceByAttempt = new Int32Array(256).fill(-1);
  private fieldByAttempt = new Uint8Array(256);
  /** The share each reader was last rated with (sharing.ts): whether it held the reader (rateStays). */
  private ratedShare = new Float64Array(256);
  private attached = 0;
  private readonly readersByHost: number[][];
  /** Local disk streams of each host as last rated. */
  private readonly localStreams: Int32Array;

  constructor(
    hosts: number,
    private readonly diskMBps: ArrayLike<number>,
    private readonly disks: ArrayLike<number>,
    private readonly thrashing: number,
  ) {
    this.readersByHost = Array.from({ length: hosts }, () => []);
    this.localStreams = new Int32Array(hosts);
  }

  get active(): boolean {
    return this.attached > 0;
  }

  sourceOf(a: number): number {
    return a < this.sourceByAttempt.length ? this.sourceByAttempt[a] : -1;
  }

  readers(h: number): readonly number[] {
    return this.readersByHost[h];
  }

  /** Streams on host h's disk: its own and the remote readers it serves. */
  load(h: number): number {
    return this.localStreams[h] + this.readersByHost[h].length;
  }

  /** The replica host to read from: the least loaded disk, the first of equals (deterministic). */
  choose(candidates: readonly number[]): number {
    let best = -1;
    for (const h of candidates) if (best < 0 || this.load(h) < this.load(best)) best = h;
    return best;
  }

  /** Charge a's stream to `source`'s disk; `field` is the work field it moves (W_NET_IN for a read). */
  attach(a: number, source: number, field = W_NET_IN): void {
    if (a >= this.sourceByAttempt.length) {
      const size = Math.max(2 * this.sourceByAttempt.length, a + 1);
      const sources = new Int32Array(size).fill(-1);
      sources.set(this.sourceByAttempt);
      this.sourceByAttempt = sources;
      this.fieldByAttempt = grown(this.fieldByAttempt, size);
      this.ratedShare = grown(this.ratedShare, size);
    }
    if (this.sourceByAttempt[a] < 0) this.attached++;
    this.sourceByAttempt[a] = source;
    // Not yet rated as this reader (ids are recycled): its rate never stays until it is.
    this.ratedShare[a] = 0;
    this.fieldByAttempt[a] = field === W_NET_IN ? 0 : field;
    this.readersByHost[source].push(a);
  }

  /** Stop charging a's reads to its source; returns the source host, or -1 if it had none. */
  detach(a: number): number {
    const source = this.sourceOf(a);
    if (source < 0) return -1;
    this.sourceByAttempt[a] = -1;
    this.fieldByAttempt[a] = 0;
    this.attached--;
    const list = this.readersByHost[source];
    list.splice(list.indexOf(a), 1);
    return source;
  }

  /** The work field a's remote stream moves: W_NET_IN for reads, W_NET_OUT for a remote write. */
  streamField(a: number): number {
    const f = a < this.fieldByAttempt.length ? this.fieldByAttempt[a] : 0;
    return f === 0 ? W_NET_IN : f;
  }

  /** MB/s a's remote read may take from its source disk (Infinity when it reads nothing remotely). */
  shareMBps(a: number): number {
    const s = this.sourceOf(a);
    if (s < 0) return Infinity;
    const n = Math.max(1, this.load(s));
    return diskBandwidthMBps(this.diskMBps[s], n, this.disks[s], this.thrashing) / n;
  }

  /** False while a probe rates a host (RateSolver.probeRates): what it reads is not remembered. */
  recording = true;

  /** The same, as the host's sharing reads it to rate the reader: remembered for rateStays. */
  shareForRating(a: number): number {
    const share = this.shareMBps(a);
    if (this.recording) this.ratedShare[a] = share;
    return share;
  }

  /**
   * Whether reader a's rate is what its host's sharing would give it again after its share changed:
   * the share neither held it when it was rated nor holds it now (both above what it reads, with a
   * margin far beyond rounding). A cap that binds nowhere in the progressive filling changes none
   * of its steps, so the host's rates would come out the same, bit for bit (sharing.ts).
   */
  rateStays(a: number, rate: number, work: Float64Array): boolean {
    const reads = rate * work[a * W_SIZE + this.streamField(a)];
    const margin = reads * (1 + 1e-6);
    return this.ratedShare[a] > margin && this.shareMBps(a) > margin;
  }

  /** Record host h's local stream count after rating it; true when it changed (its readers need re-rating). */
  onStreams(h: number, streams: number): boolean {
    if (this.localStreams[h] === streams) return false;
    this.localStreams[h] = streams;
    return this.readersByHost[h].length > 0;
  }
}
