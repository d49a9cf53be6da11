import type { Database, QueryExecResult } from 'sql.js';

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
