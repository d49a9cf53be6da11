import * as fs from 'node:fs';
import type { Database, SqlJsStatic } from 'sql.js';
import { inspectDatabaseBytes } from './fileCheck';

/** The file's identity: a save renames a new file over the old one, so any save changes the inode and times. */
function signatureOf(s: fs.BigIntStats): string {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}

/** The identity of the file now, or undefined when there is none. */
export function fileSignature(file: string): string | undefined {
  try {
    return signatureOf(fs.statSync(file, { bigint: true }));
  } catch {
    return undefined;
  }
}

/**
 * The database in `file` with the identity of the bytes read, when it is ours at `latestVersion`;
 * undefined when the file is missing, foreign, damaged or of another schema (those need a writer,
 * under the lock), or when `unchanged` says its identity is the one already held.
 */
export function readCurrentDatabase(
  SQL: SqlJsStatic,
  file: string,
  latestVersion: number,
  unchanged: (signature: string) => boolean = () => false,
): { db: Database; signature: string } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const signature = signatureOf(fs.fstatSync(fd, { bigint: true }));
    if (unchanged(signature)) return undefined;
    const verdict = inspectDatabaseBytes(SQL, fs.readFileSync(fd), latestVersion);
    if (verdict.kind !== 'ours') return undefined;
    if (verdict.version !== latestVersion) {
      verdict.db.close();
      return undefined;
    }
    return { db: verdict.db, signature };
  } finally {
    fs.closeSync(fd);
  }
}
