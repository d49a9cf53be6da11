import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import * as lockfile from 'proper-lockfile';
import { StoreError } from './errors';
import { LockQueue } from './lockQueue';
import { processAlive } from './processAlive';

/** Who holds the lock: written beside it so that a writer kept waiting can say whom it waits for. */
export interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
  /** The lock folder this owner made: a newer lock by someone else has another inode. */
  lockIno: number;
  /** Unique to one acquisition: an inode number the file system recycles cannot pass for ours. */
  token?: string;
}

export interface WriteLockOptions {
  /** How long a writer waits for the lock before it gives up and says who holds it. */
  waitMs?: number;
  /**
   * A lock not refreshed for this long belongs to a process that died or hung. It must exceed the
   * longest save (the store writes synchronously while it holds the lock, so nothing refreshes it).
   */
  staleMs?: number;
}

export const DEFAULT_WAIT_MS = 60_000;
export const DEFAULT_STALE_MS = 30_000;

/**
 * `npm run bench:store` measures how long writers wait: with WORKLOAD_STUDIO_LOCK_TIMINGS naming a
 * file, each acquisition appends its wait in milliseconds.
 */
function recordWait(ms: number): void {
  const file = process.env.WORKLOAD_STUDIO_LOCK_TIMINGS;
  if (file) fs.appendFileSync(file, `${process.pid} ${ms.toFixed(1)}\n`);
}

const describeCommand = (): string => {
  const script = process.argv[1] ? path.basename(process.argv[1]) : 'node';
  return [script, ...process.argv.slice(2, 4)].join(' ');
};

/**
 * One writer at a time per data folder, across processes (the app, serve, the CLI) and across
 * stores in one process. The lock is proper-lockfile's: a folder made atomically, refreshed while
 * held, and taken over once stale. A lock whose owner died on this machine is taken over at once,
 * rather than after the stale time, as long as the lock is still the one that owner made.
 */
export class WriteLock {
  private readonly lockPath: string;
  private readonly ownerPath: string;
  private readonly waitMs: number;
  private readonly staleMs: number;
  private readonly queue: LockQueue;
  compromised: Error | undefined;
  /** What this process holds now: the lock folder's inode and the token of its owner note. */
  private held: { ino: number; token: string } | undefined;
  /** Set while releasing a lock that was taken over: proper-lockfile must not remove the successor's folder. */
  private keepLockFolder = false;
  private readonly lockFs = {
    ...fs,
    rmdir: (dir: fs.PathLike, callback: (err: NodeJS.ErrnoException | null) => void) => (this.keepLockFolder ? callback(null) : fs.rmdir(dir, callback)),
  };

  constructor(
    private readonly target: string,
    options: WriteLockOptions = {},
  ) {
    this.lockPath = `${target}.lock`;
    this.ownerPath = `${target}.lock-owner`;
    this.waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
    this.staleMs = options.staleMs ?? DEFAULT_STALE_MS;
    this.queue = new LockQueue(target, this.staleMs);
  }

  /** Take the lock, waiting at most `waitMs` (in turn with other waiters); resolves to the function that releases it. */
  async acquire(): Promise<() => Promise<void>> {
    const ticket = this.queue.join();
    const asked = performance.now();
    try {
      const release = await this.acquireInTurn(() => ticket.isFirst());
      recordWait(performance.now() - asked);
      return release;
    } finally {
      ticket.leave();
    }
  }

  private async acquireInTurn(myTurn: () => boolean): Promise<() => Promise<void>> {
    const deadline = Date.now() + this.waitMs;
    for (let attempt = 0; ; attempt++) {
      if (!myTurn()) {
        if (Date.now() >= deadline) throw this.busyError();
        await new Promise((r) => setTimeout(r, 10 + Math.random() * 20));
        continue;
      }
      try {
        const release = await lockfile.lock(this.target, {
          fs: this.lockFs,
          lockfilePath: this.lockPath,
          realpath: false,
          stale: this.staleMs,
          retries: 0,
          onCompromised: (err) => {
            // Another process judged our lock stale (we held it longer than staleMs). Never throw
            // from a timer: the save in progress finishes, and the next write re-reads the file.
            this.compromised = err;
          },
        });
        this.compromised = undefined;
        this.recordOwner();
        return async () => {
          // The note goes first, while the lock is still ours, so it never removes a successor's
          // (unless another process took the lock over while this one was paused).
          const stillOurs = this.held !== undefined && this.stillHeld();
          this.held = undefined;
          if (stillOurs) fs.rmSync(this.ownerPath, { force: true });
          // Taken over while this process was paused: the lock folder there now is a successor's.
          this.keepLockFolder = !stillOurs && !this.compromised;
          try {
            await release();
          } catch {
            /* a compromised lock is already gone */
          } finally {
            this.keepLockFolder = false;
          }
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
        if (this.takeOverFromDeadOwner()) continue;
        if (Date.now() >= deadline) throw this.busyError();
        // Only the first in the queue tries, so it may try often: the lock passes on without a gap.
        await new Promise((r) => setTimeout(r, 10 + Math.random() * 15));
      }
    }
  }

  /** The holder recorded beside the lock, if it is still the holder of the current lock. */
  currentOwner(): LockOwner | undefined {
    try {
      const owner = JSON.parse(fs.readFileSync(this.ownerPath, 'utf8')) as LockOwner;
      return owner.lockIno === fs.statSync(this.lockPath).ino ? owner : undefined;
    } catch {
      return undefined;
    }
  }

  private recordOwner(): void {
    const token = randomBytes(8).toString('hex');
    try {
      const ino = fs.statSync(this.lockPath).ino;
      this.held = { ino, token };
      const owner: LockOwner = { pid: process.pid, host: os.hostname(), command: describeCommand(), since: new Date().toISOString(), lockIno: ino, token };
      fs.writeFileSync(this.ownerPath, JSON.stringify(owner));
    } catch {
      /* the owner note only improves a message; the lock itself is held */
    }
  }

  /**
   * Whether the lock this process took is still its own: not judged stale and taken over by
   * another process while this one was paused (Ctrl+Z, a frozen VM, a closed laptop lid) — the
   * lock folder is the one it made and the owner note beside it is its own.
   */
  stillHeld(): boolean {
    if (this.compromised) return false;
    // No note could be written when the lock was taken (see recordOwner): only the lock's own word counts.
    if (!this.held) return true;
    try {
      if (fs.statSync(this.lockPath).ino !== this.held.ino) return false;
      const owner = JSON.parse(fs.readFileSync(this.ownerPath, 'utf8')) as LockOwner;
      return owner.token === this.held.token && owner.pid === process.pid;
    } catch {
      return false;
    }
  }

  /**
   * The holder on this machine is gone (killed mid-save): age its lock so that proper-lockfile's
   * own stale take-over removes it on the next attempt. Checked against the lock's inode, so a lock
   * someone made since is never aged.
   */
  private takeOverFromDeadOwner(): boolean {
    const owner = this.currentOwner();
    if (!owner || owner.host !== os.hostname() || owner.pid === process.pid || processAlive(owner.pid)) return false;
    try {
      const old = new Date(0);
      fs.utimesSync(this.lockPath, old, old);
      return true;
    } catch {
      return false;
    }
  }

  private busyError(): StoreError {
    const owner = this.currentOwner();
    const who = owner
      ? `process ${owner.pid} (${owner.command})${owner.host === os.hostname() ? '' : ` on ${owner.host}`} has held it since ${owner.since}`
      : 'another process holds it';
    return new StoreError(
      'store_busy',
      `the data folder ${path.dirname(this.target)} is busy: ${who}. Waited ${Math.round(this.waitMs / 1000)} s; try again when it has finished.`,
    );
  }
}
