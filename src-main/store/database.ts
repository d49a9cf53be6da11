import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import type { StoreStatus } from '@shared/records';
import { atomicWriteFile, nodeIo, removeStaleTempFiles, type WriteIo } from './atomicWrite';
import { listBackups, readBackup, writeBackup } from './backups';
import { StoreError } from './errors';
import { inspectDatabaseBytes } from './fileCheck';
import { APPLICATION_ID, migrations as releasedMigrations, type Migration } from './migrations';
import { DATABASE_FILE } from './paths';
import { loadSqlJs } from './sqlite';

export interface StoreOptions {
  dataDir: string;
  /** Clock for timestamps and file names; tests pin it. */
  now?: () => Date;
  /** File-system steps of a save; tests inject failures. */
  io?: WriteIo;
  /** Schema steps; tests append one to prove data survives a migration. */
  migrations?: Migration[];
}

interface FileSignature {
  ino: number;
  size: number;
  mtimeMs: number;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:.]/g, '');

/**
 * The one owner of sql.js. The database lives in memory and is written whole to disk after every
 * change, crash-safely. Another process (the CLI, a second window in serve mode) may replace the
 * file between our calls, so every call first checks the file's identity and reloads if it moved.
 */
export class Store {
  private db!: Database;
  private signature: FileSignature | undefined;
  private state: StoreStatus['state'] = 'ok';
  private setAside: StoreStatus['setAside'];
  private pendingSave: Promise<void> | undefined;
  private closed = false;
  readonly file: string;
  readonly now: () => Date;
  private readonly io: WriteIo;
  private readonly migrations: Migration[];
  private readonly latestVersion: number;
  /** Called after this store saw the file change under it (another process wrote it). */
  onExternalChange: (() => void) | undefined;

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
  }

  static async open(options: StoreOptions): Promise<Store> {
    const SQL = await loadSqlJs();
    const dataDir = path.resolve(options.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    const store = new Store(SQL, dataDir, options);
    removeStaleTempFiles(store.file);
    store.loadFromDisk();
    return store;
  }

  status(): StoreStatus {
    return {
      dataFile: this.file,
      state: this.state,
      schemaVersion: this.version(),
      ...(this.setAside ? { setAside: this.setAside } : {}),
      backups: listBackups(this.dataDir),
    };
  }

  /** Run a read against the latest saved state. */
  read<T>(fn: (db: Database) => T): T {
    this.assertOpen();
    this.reloadIfChangedOnDisk();
    return fn(this.db);
  }

  /** Run a change in one transaction; resolves once the change is durably on disk. */
  async write<T>(fn: (db: Database) => T): Promise<T> {
    this.assertOpen();
    this.reloadIfChangedOnDisk();
    const result = this.transaction(fn);
    await this.save();
    return result;
  }

  /** Replace the database with a backup. The current file is kept beside it, never overwritten. */
  async restoreBackup(name: string): Promise<StoreStatus> {
    this.assertOpen();
    await this.pendingSave;
    let bytes: Uint8Array;
    try {
      bytes = readBackup(this.dataDir, name);
    } catch (err) {
      throw new StoreError('not_found', `backup "${name}" not found (${(err as Error).message})`, 'name');
    }
    const verdict = inspectDatabaseBytes(this.SQL, bytes, this.latestVersion);
    if (verdict.kind === 'newer') throw new StoreError('invalid_request', `backup "${name}" was made by a newer Workload Studio (schema ${verdict.version})`, 'name');
    if (verdict.kind === 'unusable') throw new StoreError('invalid_request', `backup "${name}" cannot be used: ${verdict.reason}`, 'name');
    if (fs.existsSync(this.file)) fs.renameSync(this.file, `${this.file}.before-restore-${stamp(this.now())}`);
    this.db.close();
    this.db = verdict.db;
    this.configureConnection();
    this.migrate(verdict.version, bytes);
    this.writeFile();
    this.state = 'ok';
    this.setAside = undefined;
    return this.status();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }

  /** Wait for queued saves; used before a process exits. */
  async flush(): Promise<void> {
    await this.pendingSave;
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreError('store_unavailable', 'the store is closed');
  }

  private version(): number {
    return Number(this.db.exec('PRAGMA user_version')[0]?.values[0]?.[0] ?? 0);
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

  /**
   * Saves are queued: changes made while a save is being scheduled share it, and every caller's
   * promise resolves only after a save that includes its change has reached the disk.
   */
  private save(): Promise<void> {
    if (!this.pendingSave) {
      this.pendingSave = new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          this.pendingSave = undefined;
          try {
            this.writeFile();
            resolve();
          } catch (err) {
            reject(err);
          }
        });
      });
    }
    return this.pendingSave;
  }

  private writeFile(): void {
    const bytes = this.db.export();
    // export() closes and reopens the connection, which resets per-connection pragmas.
    this.configureConnection();
    atomicWriteFile(this.file, bytes, this.io);
    this.signature = this.readSignature();
  }

  private configureConnection(): void {
    this.db.run('PRAGMA foreign_keys = ON');
  }

  private readSignature(): FileSignature | undefined {
    try {
      const s = fs.statSync(this.file);
      return { ino: s.ino, size: s.size, mtimeMs: s.mtimeMs };
    } catch {
      return undefined;
    }
  }

  private reloadIfChangedOnDisk(): void {
    const now = this.readSignature();
    const before = this.signature;
    if (this.pendingSave) return; // our own save is about to replace the file anyway
    if (now && before && now.ino === before.ino && now.size === before.size && now.mtimeMs === before.mtimeMs) return;
    if (!now && !before) return;
    this.db.close();
    this.loadFromDisk();
    this.onExternalChange?.();
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
      this.startEmpty();
      return;
    }
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
      this.state = 'recovered';
      this.setAside = { path: aside, reason: verdict.reason };
      this.startEmpty();
      return;
    }
    this.db = verdict.db;
    this.configureConnection();
    this.migrate(verdict.version, bytes);
    this.signature = this.readSignature();
  }

  /** Bring the schema up to date; `bytes` (the file as found) is backed up before the first step. */
  private migrate(from: number, bytes: Uint8Array | undefined): void {
    const pending = this.migrations.filter((m) => m.version > from);
    if (pending.length === 0) return;
    if (bytes) writeBackup(this.dataDir, bytes, from, 'premigration', this.now());
    for (const m of pending) {
      this.transaction((db) => {
        m.up(db);
        db.run(`PRAGMA user_version = ${m.version}`);
      });
    }
    if (bytes) this.writeFile();
  }
}
