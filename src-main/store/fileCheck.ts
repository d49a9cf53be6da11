import type { Database, SqlJsStatic } from 'sql.js';
import { APPLICATION_ID, LATEST_VERSION } from './migrations';

export type FileVerdict = { kind: 'ours'; db: Database; version: number } | { kind: 'newer'; version: number } | { kind: 'unusable'; reason: string };

function pragmaNumber(db: Database, name: string): number {
  const rows = db.exec(`PRAGMA ${name}`);
  return Number(rows[0]?.values[0]?.[0] ?? 0);
}

/**
 * Decide whether bytes are a Workload Studio database we may open. sql.js accepts almost any bytes
 * at construction and fails later, so the file is checked for integrity before it is trusted.
 */
export function inspectDatabaseBytes(SQL: SqlJsStatic, bytes: Uint8Array, latestVersion = LATEST_VERSION): FileVerdict {
  if (bytes.length === 0) return { kind: 'unusable', reason: 'the file is empty' };
  let db: Database | undefined;
  try {
    db = new SQL.Database(bytes);
    const check = db.exec('PRAGMA quick_check');
    const verdict = String(check[0]?.values[0]?.[0] ?? 'no answer');
    if (verdict !== 'ok') {
      db.close();
      return { kind: 'unusable', reason: `the file is damaged (integrity check: ${verdict})` };
    }
    const appId = pragmaNumber(db, 'application_id');
    if (appId !== APPLICATION_ID) {
      db.close();
      return { kind: 'unusable', reason: `the file is not a Workload Studio database (application_id ${appId})` };
    }
    const version = pragmaNumber(db, 'user_version');
    if (version > latestVersion) {
      db.close();
      return { kind: 'newer', version };
    }
    return { kind: 'ours', db, version };
  } catch (err) {
    db?.close();
    return { kind: 'unusable', reason: `the file does not open as a database (${(err as Error).message})` };
  }
}
