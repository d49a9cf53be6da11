import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { atomicWriteFile, nodeIo, TEMP_MARKER, type WriteIo } from './atomicWrite';
import { StoreError } from './errors';

export const PAYLOAD_FOLDER = 'payloads';

/** A payload ready to be written: its name (the SHA-256 of its content) and the bytes of its file. */
export interface PreparedPayload {
  ref: string;
  file: Uint8Array;
}

const REF = /^[0-9a-f]{64}$/;
/** A temp file this old belongs to a save that died, not to one in progress (saves take milliseconds). */
const ABANDONED_TEMP_MS = 60 * 60 * 1000;

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * Large things the database names but does not hold: a run's columns and per-job results, an
 * imported trace's job list. Each is a file named by the hash of its content, in
 * `payloads/<first two hex digits>/`, so a save of the database costs what changed, not the whole
 * history, and identical content (a trace and every batch that ran it) is kept once.
 *
 * Order of writes: a payload is written and fsynced (atomically) inside the write that names it,
 * under the write lock and before the database is saved, so a saved row never names a missing file.
 * Files nothing names any more are removed under the lock (collect).
 */
export class PayloadFiles {
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly io: WriteIo = nodeIo,
  ) {
    this.dir = path.join(dataDir, PAYLOAD_FOLDER);
  }

  /** JSON, compressed; named by the hash of its text, so the name does not depend on the compressor's version. */
  static json(value: unknown): PreparedPayload {
    return PayloadFiles.jsonText(JSON.stringify(value));
  }

  static jsonText(text: string): PreparedPayload {
    return { ref: sha256(text), file: gzipSync(text, { level: 6 }) };
  }

  /** Bytes kept as they are (run columns are compressed already). */
  static bytes(bytes: Uint8Array): PreparedPayload {
    return { ref: sha256(bytes), file: bytes };
  }

  /** Write the payload's file unless it is there already (same name, same content). Call under the lock. */
  ensure(p: PreparedPayload): string {
    const file = this.pathOf(p.ref);
    if (fs.existsSync(file)) return p.ref;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    atomicWriteFile(file, p.file, this.io);
    return p.ref;
  }

  readJson<T>(ref: string, what: string): T {
    const file = this.readFile(ref, what);
    let text: string;
    try {
      text = gunzipSync(file).toString('utf8');
    } catch {
      throw this.damaged(ref, what);
    }
    if (sha256(text) !== ref) throw this.damaged(ref, what);
    return JSON.parse(text) as T;
  }

  readBytes(ref: string, what: string): Uint8Array {
    const bytes = this.readFile(ref, what);
    if (sha256(bytes) !== ref) throw this.damaged(ref, what);
    return bytes;
  }

  /** Size of a payload's file, or 0 when it is missing. */
  size(ref: string): number {
    try {
      return fs.statSync(this.pathOf(ref)).size;
    } catch {
      return 0;
    }
  }

  /**
   * Remove every payload that `referenced` does not name, and temp files of saves that died. Only
   * under the write lock: every write that names a payload ensures it under the lock, so nothing
   * removed here can be named by a write still to come without being written again.
   */
  collect(referenced: Set<string>): string[] {
    if (!fs.existsSync(this.dir)) return [];
    const removed: string[] = [];
    const now = Date.now();
    for (const sub of fs.readdirSync(this.dir)) {
      const subDir = path.join(this.dir, sub);
      if (!/^[0-9a-f]{2}$/.test(sub) || !fs.statSync(subDir).isDirectory()) continue;
      for (const name of fs.readdirSync(subDir)) {
        const file = path.join(subDir, name);
        const orphan = REF.test(name) && !referenced.has(name);
        const abandonedTemp = name.includes(TEMP_MARKER) && now - fs.statSync(file).mtimeMs > ABANDONED_TEMP_MS;
        if (!orphan && !abandonedTemp) continue;
        fs.rmSync(file, { force: true });
        removed.push(name);
      }
    }
    return removed;
  }

  private pathOf(ref: string): string {
    if (!REF.test(ref)) throw new StoreError('store_unavailable', `"${ref}" is not the name of a stored file`);
    return path.join(this.dir, ref.slice(0, 2), ref);
  }

  private readFile(ref: string, what: string): Uint8Array {
    try {
      return fs.readFileSync(this.pathOf(ref));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new StoreError(
          'not_found',
          `the stored file of ${what} is missing (${path.join(PAYLOAD_FOLDER, ref.slice(0, 2), ref)}); it was removed, or the data folder was copied without its "${PAYLOAD_FOLDER}" folder`,
        );
      }
      throw err;
    }
  }

  private damaged(ref: string, what: string): StoreError {
    return new StoreError(
      'store_unavailable',
      `the stored file of ${what} is damaged: its content no longer matches its name (${path.join(PAYLOAD_FOLDER, ref.slice(0, 2), ref)})`,
    );
  }
}
