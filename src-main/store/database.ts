import { makeFolders } from '../files/makeFolders';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import type { StoreStatus } from '@shared/api/records';
import { atomicWriteFile, nodeIo, removeTempFiles, type WriteIo } from './atomicWrite';
import { backupDir, listBackups, readBackup, writeBackup } from './backups';
import { LockLostError, StoreError } from './errors';
import { WriteQueue, type LockTakeover, type Outcome, type QueuedWrite, type WriteOptions } from './writeQueue';
import { inspectDatabaseBytes } from './fileCheck';
import { APPLICATION_ID, migrations as releasedMigrations, type Migration } from './migrations';
import { fileSignature, readCurrentDatabase } from './fileIdentity';
import { collectPayloads } from './payloadRefs';
import { PayloadFiles } from './payloads';
import { DATABASE_FILE } from './paths';
import { loadSqlJs } from './sqlite';
import { WriteLock, type WriteLockOptions } from './writeLock';

export interface StoreOptions {
  dataDir: string;
  /** Clock for timestamps and file names; tests pin it. */
  now?: () => Date;
  /** File-system steps of a save; tests inject failures. */
  io?: WriteIo;
  /** Schema steps; tests append one to prove data survives a migration. */
  migrations?: Migration[];
  /** How long a write waits for another process's lock, and when a lock counts as abandoned. */
  lock?: WriteLockOptions;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:.]/g, '');

/**
 * The one owner of sql.js. The database lives in memory and is written whole to disk, crash-safely,
 * after every change. Several processes may share the folder (the app, serve, the CLI), so:
 * - a write takes the folder's write lock, re-reads the file if anyone changed it since we loaded
 *   it, applies its change to that, saves, and releases: no write ever replaces another's;
 * - a read re-reads the file if it changed (saves are atomic renames, so it is always whole).
 */
export class Store {
  private db!: Database;
  private signature: string | undefined;
  /** Set when the memory copy may differ from the file (a save failed): reload before using it. */
  private memoryDiverged = false;
  private state: StoreStatus['state'] = 'ok';
  private setAside: StoreStatus['setAside'];
  private readonly writes: WriteQueue;
  private closed = false;
  /** Temp files of saves that died are removed by this store's first write (only a lock holder may). */
  private tempFilesRemoved = false;
  readonly file: string;
  /** The large things rows name (run results, trace job lists), as files beside the database. */
  readonly payloads: PayloadFiles;
  readonly now: () => Date;
  private readonly io: WriteIo;
  private readonly migrations: Migration[];
  private readonly latestVersion: number;
  private readonly lock: WriteLock;
  /** Called after this store saw the file change under it (another process wrote it). */
  onExternalChange: (() => void) | undefined;
  /** Called when this process's lock was taken over while it was paused (see LockTakeover). */
  onLockTakenOver: ((takeover: LockTakeover) => void) | undefined;
  private lastTakeover: LockTakeover | undefined;

  private constructor(
    private readonly SQL: SqlJsStatic,
    readonly dataDir: string,
    options: StoreOptions,
  ) {
    this.file = path.join(dataDir, DATABASE_FILE);
    this.now = options.now ?? (() => new Date());
    this.io = options.io ?? nodeIo;
    this.migrations = options.migrations ?? releasedMigrations;
    this.latestVersion = this.migrations[this.migrations.length - 1].version;
    this.lock = new WriteLock(this.file, options.lock);
    this.writes = new WriteQueue({
      acquireLock: () => this.lock.acquire(),
      applyAndSave: (batch) => this.applyAndSave(batch),
      saveFailed: () => void (this.memoryDiverged = true),
      tookOver: (writes, lost) => this.tellTakeover(writes, lost),
      isOpen: () => !this.closed,
    });
    this.payloads = new PayloadFiles(dataDir, this.io);
  }

  static async open(options: StoreOptions): Promise<Store> {
    const SQL = await loadSqlJs();
    const dataDir = path.resolve(options.dataDir);
    makeFolders(dataDir, 'the data folder');
    const store = new Store(SQL, dataDir, options);
    // A file of ours at the latest schema is simply read: opening to read never waits for a writer.
    if (store.adoptWithoutLock()) return store;
    // Creating, migrating or setting aside the file are writes: they happen under the lock.
    await store.underLock(() => {
      store.removeTempFilesOnce();
      store.loadFromDisk();
    });
    return store;
  }

  status(): StoreStatus {
    return {
      dataFile: this.file,
      state: this.state,
      schemaVersion: this.version(),
      ...(this.setAside ? { setAside: this.setAside } : {}),
      ...(this.lastTakeover ? { lockTakeover: this.lastTakeover } : {}),
      backups: listBackups(this.dataDir),
    };
  }

  /** Run a read against the latest saved state. */
  read<T>(fn: (db: Database) => T): T {
    this.assertOpen();
    this.refreshForRead();
    return fn(this.db);
  }

  /**
   * Run a change in one transaction on the file as it is now; resolves once the change is durably
   * on disk. Writes queued together share one lock and one save; each keeps its own transaction.
   */
  write<T>(fn: (db: Database) => T, options: WriteOptions = {}): Promise<T> {
    this.assertOpen();
    return this.writes.push(fn, options);
  }

  /** Replace the database with a backup. The current file is kept beside it, never overwritten. */
  async restoreBackup(name: string): Promise<StoreStatus> {
    this.assertOpen();
    await this.flush();
    let bytes: Uint8Array;
    try {
      bytes = readBackup(this.dataDir, name);
    } catch (err) {
      throw new StoreError('not_found', `backup "${name}" not found (${(err as Error).message})`, 'name');
    }
    const verdict = inspectDatabaseBytes(this.SQL, bytes, this.latestVersion);
    if (verdict.kind === 'newer')
      throw new StoreError('invalid_request', `backup "${name}" was made by a newer Workload Studio (schema ${verdict.version})`, 'name');
    if (verdict.kind === 'unusable') throw new StoreError('invalid_request', `backup "${name}" cannot be used: ${verdict.reason}`, 'name');
    await this.underLock(() => {
      if (fs.existsSync(this.file)) fs.renameSync(this.file, `${this.file}.before-restore-${stamp(this.now())}`);
      // The file is set aside on purpose: what the save below replaces is no file at all.
      this.signature = undefined;
      this.db.close();
      this.db = verdict.db;
      this.configureConnection();
      this.migrate(verdict.version, bytes);
      this.writeFile();
      collectPayloads(this.SQL, this.db, this.payloads, this.latestVersion);
    });
    this.state = 'ok';
    this.setAside = undefined;
    return this.status();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }

  /** Wait for queued writes; used before a process exits. */
  async flush(): Promise<void> {
    await this.writes.settled();
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreError('store_unavailable', 'the store is closed');
  }

  private version(): number {
    return Number(this.db.exec('PRAGMA user_version')[0]?.values[0]?.[0] ?? 0);
  }

  private async underLock<T>(fn: () => T): Promise<T> {
    const release = await this.lock.acquire();
    try {
      return fn();
    } finally {
      await release();
    }
  }

  /** Under the lock: each queued write in its own transaction, then one save if any succeeded (writeQueue.ts). */
  private applyAndSave(batch: QueuedWrite[]): Outcome[] {
    this.removeTempFilesOnce();
    this.refreshUnderLock();
    const outcomes = batch.map((w): Outcome => {
      try {
        return { ok: true, value: this.transaction(w.fn) };
      } catch (error) {
        return { ok: false, error };
      }
    });
    if (outcomes.some((o) => o.ok)) {
      this.writeFile();
      if (batch.some((w, i) => w.options.dropsPayloads && outcomes[i].ok)) collectPayloads(this.SQL, this.db, this.payloads, this.latestVersion);
    }
    return outcomes;
  }

  private tellTakeover(writes: number, lost: boolean): void {
    this.lastTakeover = { at: this.now().toISOString(), writesSavedAgain: lost ? 0 : writes, writesLost: lost ? writes : 0 };
    this.onLockTakenOver?.(this.lastTakeover);
  }

  /** Only the lock holder saves, so every temp file found under the lock is left from an interrupted save. */
  private removeTempFilesOnce(): void {
    if (this.tempFilesRemoved) return;
    removeTempFiles(this.dataDir);
    removeTempFiles(backupDir(this.dataDir));
    this.tempFilesRemoved = true;
  }

  private transaction<T>(fn: (db: Database) => T): T {
    this.db.run('BEGIN IMMEDIATE');
    try {
      const result = fn(this.db);
      this.db.run('COMMIT');
      return result;
    } catch (err) {
      this.db.run('ROLLBACK');
      throw err;
    }
  }

  private writeFile(): void {
    const bytes = this.db.export();
    // export() closes and reopens the connection, which resets per-connection pragmas.
    this.configureConnection();
    try {
      atomicWriteFile(this.file, bytes, this.io, () => this.assertStillOwner());
    } catch (err) {
      // Paused between the check and the rename, its temp file removed by the process that took
      // the lock over: the rename fails (ENOENT), and the reason is the lost lock, not the file system.
      if (!(err instanceof StoreError) && !this.lock.stillHeld()) throw new LockLostError();
      throw err;
    }
    this.signature = this.readSignature();
    this.memoryDiverged = false;
  }

  /**
   * Just before a save replaces the file: the lock must still be ours and the file the one we
   * read. A writer paused past the stale time (its lock taken over, another process's save in
   * between) would otherwise rename its copy over a write someone else had acknowledged. It fails
   * instead, saving nothing; its memory copy is dropped, so the next write starts from the file.
   */
  private assertStillOwner(): void {
    if (!this.lock.stillHeld()) throw new LockLostError();
    if (this.readSignature() === this.signature) return;
    throw new StoreError(
      'store_busy',
      `nothing was saved: the data file changed while this process held its write lock, so saving now would overwrite another process's changes. Try again.`,
    );
  }

  private configureConnection(): void {
    this.db.run('PRAGMA foreign_keys = ON');
  }

  private readSignature(): string | undefined {
    return fileSignature(this.file);
  }

  /**
   * Without the lock a reader may only adopt a newer file of ours at our schema; anything that
   * needs a change (a missing, foreign, damaged or older file) waits for the next write, which
   * deals with it under the lock. Meanwhile reads see the last good copy.
   */
  private refreshForRead(): void {
    // One stat per read while nothing changed (the common case); the file is opened only when it did.
    if (this.readSignature() === this.signature && !this.memoryDiverged) return;
    const read = readCurrentDatabase(this.SQL, this.file, this.latestVersion, (signature) => signature === this.signature && !this.memoryDiverged);
    if (!read) return;
    this.adopt(read);
    this.onExternalChange?.();
  }

  /** Use `read` as the memory copy: it is the file as it is now (`replacing` the copy held, if any). */
  private adopt(read: { db: Database; signature: string }, replacing = true): void {
    if (replacing) this.db.close();
    this.db = read.db;
    this.configureConnection();
    this.signature = read.signature;
    this.memoryDiverged = false;
  }

  private refreshUnderLock(): void {
    const now = this.readSignature();
    if (now === this.signature && !this.memoryDiverged) return;
    if (!now) return; // the file was removed: the save that follows writes it again from memory
    const old = this.db;
    this.loadFromDisk();
    if (this.db !== old) old.close();
    this.onExternalChange?.();
  }

  /** Read the file without the lock when it is ours at the latest schema (the common case); false otherwise. */
  private adoptWithoutLock(): boolean {
    const read = readCurrentDatabase(this.SQL, this.file, this.latestVersion);
    if (read) this.adopt(read, false);
    return read !== undefined;
  }

  /** A new, empty database of ours at the latest schema, written to the (free) file path. */
  private startEmpty(): void {
    this.db = new this.SQL.Database();
    this.configureConnection();
    this.db.run(`PRAGMA application_id = ${APPLICATION_ID}`);
    this.migrate(0, undefined);
    this.writeFile();
  }

  private loadFromDisk(): void {
    if (!fs.existsSync(this.file)) {
      this.signature = undefined;
      this.startEmpty();
      return;
    }
    // Under the lock nobody else saves: the identity read now is that of the bytes read next.
    const found = this.readSignature();
    const bytes = fs.readFileSync(this.file);
    const verdict = inspectDatabaseBytes(this.SQL, bytes, this.latestVersion);
    if (verdict.kind === 'newer') {
      throw new StoreError(
        'store_unavailable',
        `${this.file} was written by a newer version of Workload Studio (schema ${verdict.version}; this version knows up to ${this.latestVersion}). Update the studio; the file was left untouched.`,
      );
    }
    if (verdict.kind === 'unusable') {
      const aside = `${this.file}.unreadable-${stamp(this.now())}`;
      fs.renameSync(this.file, aside);
      this.signature = undefined;
      this.state = 'recovered';
      this.setAside = { path: aside, reason: verdict.reason };
      this.startEmpty();
      return;
    }
    this.db = verdict.db;
    this.configureConnection();
    this.signature = found;
    this.migrate(verdict.version, bytes);
    this.signature = this.readSignature();
    this.memoryDiverged = false;
  }

  /** Bring the schema up to date; `bytes` (the file as found) is backed up before the first step. */
  private migrate(from: number, bytes: Uint8Array | undefined): void {
    const pending = this.migrations.filter((m) => m.version > from);
    if (pending.length === 0) return;
    if (bytes) writeBackup(this.dataDir, bytes, from, 'premigration', this.now());
    for (const m of pending) {
      this.transaction((db) => {
        m.up(db, { payloads: this.payloads });
        db.run(`PRAGMA user_version = ${m.version}`);
      });
    }
    // A step that moved data out of the file leaves free pages: give them back before saving.
    if (bytes) this.db.run('VACUUM');
    if (bytes) this.writeFile();
  }
}

export type { LockTakeover, WriteOptions };
