import * as path from 'node:path';
import type { Database, QueryExecResult, SqlJsStatic } from 'sql.js';
import { listBackups, readBackup } from './backups';
import { inspectDatabaseBytes } from './fileCheck';
import type { PayloadFiles } from './payloads';

/** The schema from which rows name payload files (migration 4); older files hold everything inline. */
export const PAYLOADS_SINCE_VERSION = 4;

/** Every payload file a database names: runs' per-job results and columns, and trace job lists of workloads and of batches' inputs. */
export function payloadRefs(db: Database): Set<string> {
  const version = Number(db.exec('PRAGMA user_version')[0]?.values[0]?.[0] ?? 0);
  if (version < PAYLOADS_SINCE_VERSION) return new Set();
  const [rows] = db.exec(`
    SELECT jobs_ref FROM runs WHERE jobs_ref IS NOT NULL
    UNION SELECT columns_ref FROM runs WHERE columns_ref IS NOT NULL
    UNION SELECT json_extract(spec_json, '$.jobsFile') FROM workloads WHERE json_extract(spec_json, '$.jobsFile') IS NOT NULL
    UNION SELECT json_extract(w.value, '$.spec.jobsFile') FROM batches b, json_each(b.inputs_json, '$.workloads') w WHERE json_extract(w.value, '$.spec.jobsFile') IS NOT NULL
  `) as (QueryExecResult | undefined)[];
  return new Set((rows?.values ?? []).map((v) => String(v[0])));
}

/**
 * Remove payload files that neither `db` nor a backup names (a restored backup must find its
 * files). Runs after a save, under the lock; a failure here loses nothing, so it is not one: what
 * is left behind goes at a later removal.
 */
export function collectPayloads(SQL: SqlJsStatic, db: Database, payloads: PayloadFiles, latestVersion: number): void {
  try {
    const referenced = payloadRefs(db);
    const dataDir = path.dirname(payloads.dir);
    for (const backup of listBackups(dataDir)) {
      if (backup.schemaVersion < PAYLOADS_SINCE_VERSION) continue;
      const verdict = inspectDatabaseBytes(SQL, readBackup(dataDir, backup.name), latestVersion);
      if (verdict.kind !== 'ours') continue;
      try {
        for (const ref of payloadRefs(verdict.db)) referenced.add(ref);
      } finally {
        verdict.db.close();
      }
    }
    payloads.collect(referenced);
  } catch {
    /* left for a later removal */
  }
}
