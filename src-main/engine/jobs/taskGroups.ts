import { TaskState } from '../core/model';

/** A list of tasks and how far its leading taken ones have been skipped. */
interface Cursor {
  list: number[];
  pos: number;
}

/**
 * A job's maps grouped by a key (a node, a server, a rack), each group in the order its tasks were
 * given, with a cursor past the leading tasks no longer pending. The groups a job starts with are
 * packed into three typed arrays (a job of 1,000 maps on 10,000 nodes has about 3,000 groups of one
 * task: as objects and arrays each, they were most of a large trace's garbage); a task pending
 * again later (a failed attempt, lost output) goes into a list of its group's own, searched after
 * the packed tasks, so every group keeps the order of the tasks as they were added.
 */

/** Key arrays up to this many entries per (key, task) pair: 64 B per pair at most. */
const DENSE_PER_PAIR = 16;

export class TaskGroups {
  /**
   * Key to group: an array indexed by key when keys are few beside the pairs (a large job's nodes),
   * at most DENSE_PER_PAIR entries per pair so a small job on a large cluster does not pay for
   * every node; a map otherwise.
   */
  private readonly dense?: Int32Array;
  /**
   * Beside `dense`, a bit per key: set while its group may still hold a pending task. Most asks
   * are for a node the job has no data on (delay scheduling asks each waiting job at each beat);
   * answered from these bits (a job's 1,000 nodes in 128 B), they leave the larger key array and
   * the cache lines it would take alone.
   */
  private readonly live?: Uint32Array;
  private readonly sparse?: Map<number, number>;
  /** Group g's tasks are tasks[start[g]] .. tasks[start[g + 1] − 1]; pos[g] is its cursor. */
  private readonly start: Int32Array;
  private readonly tasks: Int32Array;
  private readonly pos: Int32Array;
  private added?: Map<number, Cursor>;

  /** The first `count` pairs of `keys` and `taskOf`, in order: task taskOf[i] belongs to group keys[i]; keys are below `keySpace`. */
  constructor(keys: Int32Array, taskOf: Int32Array, count: number, keySpace: number) {
    const groupOfPair = new Int32Array(count);
    const sizes = new Int32Array(count + 1);
    let groups = 0;
    if (keySpace <= DENSE_PER_PAIR * count) {
      // A key's entry is read only while its live bit is set, so the array needs no filling: the
      // bit, not a sentinel, says whether the key has a group yet.
      const dense = (this.dense = new Int32Array(keySpace));
      const live = (this.live = new Uint32Array((keySpace + 31) >>> 5));
      for (let i = 0; i < count; i++) {
        const key = keys[i];
        let g: number;
        if ((live[key >>> 5] >>> (key & 31)) & 1) g = dense[key];
        else {
          g = dense[key] = groups++;
          live[key >>> 5] |= 1 << (key & 31);
        }
        groupOfPair[i] = g;
        sizes[g]++;
      }
    } else {
      const sparse = (this.sparse = new Map());
      for (let i = 0; i < count; i++) {
        let g = sparse.get(keys[i]);
        if (g === undefined) {
          g = groups++;
          sparse.set(keys[i], g);
        }
        groupOfPair[i] = g;
        sizes[g]++;
      }
    }
    this.start = new Int32Array(groups + 1);
    for (let g = 0; g < groups; g++) this.start[g + 1] = this.start[g] + sizes[g];
    this.pos = this.start.slice(0, groups);
    this.tasks = new Int32Array(count);
    const write = this.start.slice(0, groups);
    for (let i = 0; i < count; i++) this.tasks[write[groupOfPair[i]]++] = taskOf[i];
  }

  /** A task pending again: it joins its group after every task the group already has. */
  add(key: number, task: number): void {
    this.added ??= new Map();
    const c = this.added.get(key);
    if (c) c.list.push(task);
    else this.added.set(key, { list: [task], pos: 0 });
  }

  /**
   * The bit per key that `first` reads, while it alone answers: a clear bit then means no pending
   * task under that key. Undefined when keys are kept in a map, or once a task was added again
   * (`added` is searched whatever the bit says).
   */
  liveBits(): Uint32Array | undefined {
    return this.added ? undefined : this.live;
  }

  /** The group's first task still pending (`state` is the run's task states); −1 if none. */
  first(key: number, state: Uint8Array): number {
    const live = this.live;
    const g = live ? ((live[key >>> 5] >>> (key & 31)) & 1 ? this.dense![key] : -1) : (this.sparse!.get(key) ?? -1);
    if (g >= 0) {
      const end = this.start[g + 1];
      let p = this.pos[g];
      while (p < end) {
        const t = this.tasks[p];
        if (state[t] === TaskState.Pending) {
          this.pos[g] = p;
          return t;
        }
        p++;
      }
      this.pos[g] = p;
      // Every task of the group was taken: it is never searched again (tasks pending anew go to `added`).
      if (live) live[key >>> 5] &= ~(1 << (key & 31));
    }
    return this.added ? firstPending(this.added.get(key), state) : -1;
  }
}

/** The list's first task still pending, moving its cursor past the ones before it; −1 if none. */
export function firstPending(c: Cursor | undefined, state: Uint8Array): number {
  if (!c) return -1;
  while (c.pos < c.list.length) {
    const t = c.list[c.pos];
    if (state[t] === TaskState.Pending) return t;
    c.pos++;
  }
  return -1;
}

export type { Cursor };
