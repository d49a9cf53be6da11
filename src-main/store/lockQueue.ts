import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { processAlive } from './processAlive';

interface TicketNote {
  pid: number;
  host: string;
}

/**
 * First come, first served across processes: each writer waiting for the data folder's lock takes
 * a numbered ticket (a file named by the time it arrived) in `<database>.lock-queue/`, and only the
 * writer holding the oldest ticket may try the lock. Without it, a busy process that releases and
 * takes the lock again (serve saving a batch's runs) wins most races, and a CLI import waited a
 * minute. A waiter refreshes its ticket while it waits; a ticket not refreshed for `staleMs`, or
 * whose process on this machine is gone, no longer holds anyone back.
 */
export class LockQueue {
  private readonly dir: string;

  constructor(
    target: string,
    private readonly staleMs: number,
  ) {
    this.dir = `${target}.lock-queue`;
  }

  join(): Ticket {
    fs.mkdirSync(this.dir, { recursive: true });
    const name = `${String(Date.now()).padStart(15, '0')}-${process.pid}-${randomBytes(4).toString('hex')}`;
    return new Ticket(this.dir, name, this.staleMs);
  }
}

export class Ticket {
  private readonly file: string;
  private readonly refresher: NodeJS.Timeout;
  private left = false;

  constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly staleMs: number,
  ) {
    this.file = path.join(dir, name);
    this.write();
    // Kept fresh while waiting; unref'd so that a waiting ticket never keeps a process alive.
    this.refresher = setInterval(() => this.refresh(), Math.max(50, Math.floor(staleMs / 4)));
    this.refresher.unref();
  }

  /** Whether no live waiter arrived before this one. Tickets of waiters that are gone are removed on the way. */
  isFirst(): boolean {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return true;
    }
    const now = Date.now();
    for (const other of names.sort()) {
      if (other >= this.name) break;
      if (this.alive(other, now)) return false;
      fs.rmSync(path.join(this.dir, other), { force: true });
    }
    return true;
  }

  leave(): void {
    if (this.left) return;
    this.left = true;
    clearInterval(this.refresher);
    fs.rmSync(this.file, { force: true });
  }

  private alive(other: string, now: number): boolean {
    const file = path.join(this.dir, other);
    try {
      if (now - fs.statSync(file).mtimeMs > this.staleMs) return false;
      const note = JSON.parse(fs.readFileSync(file, 'utf8')) as TicketNote;
      return note.host !== os.hostname() || processAlive(note.pid);
    } catch {
      // Gone meanwhile, or caught half-written: a half-written ticket is a live waiter arriving.
      return fs.existsSync(file);
    }
  }

  private write(): void {
    const note: TicketNote = { pid: process.pid, host: os.hostname() };
    fs.writeFileSync(this.file, JSON.stringify(note));
  }

  private refresh(): void {
    if (this.left) return;
    try {
      const now = new Date();
      fs.utimesSync(this.file, now, now);
    } catch {
      // Removed as stale while this process was paused: back in the queue at its first place.
      try {
        this.write();
      } catch {
        /* the queue folder is gone; the lock itself still decides */
      }
    }
  }
}
