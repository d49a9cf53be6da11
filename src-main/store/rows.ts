import type { Database, SqlValue } from 'sql.js';

/** Run a query and return its rows as plain objects keyed by column name. */
export function selectAll<T>(db: Database, sql: string, params: SqlValue[] = []): T[] {
  const stmt = db.prepare(sql);
  try {
    stmt.bind(params);
    const rows: T[] = [];
    while (stmt.step()) rows.push(stmt.getAsObject() as T);
    return rows;
  } finally {
    stmt.free();
  }
}

export function selectOne<T>(db: Database, sql: string, params: SqlValue[] = []): T | undefined {
  return selectAll<T>(db, sql, params)[0];
}

/**
 * A name not yet used in `table`, derived from `wanted`: "Name", then "Name (2)", "Name (3)" ...
 * Imports and duplicates use it so they never overwrite or collide with what exists.
 */
export function freeName(db: Database, table: string, wanted: string): string {
  const taken = new Set(selectAll<{ name: string }>(db, `SELECT name FROM ${table}`).map((r) => r.name.toLowerCase()));
  if (!taken.has(wanted.toLowerCase())) return wanted;
  const base = wanted.replace(/ \(\d+\)$/, '');
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
