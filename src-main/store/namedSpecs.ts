import { randomUUID } from 'node:crypto';
import type { Database } from 'sql.js';
import type { Timestamp } from '@shared/api/records';
import type { Store } from './database';
import type { PreparedPayload } from './payloads';
import { StoreError } from './errors';
import { freeName, selectAll, selectOne } from './rows';

interface SpecRow {
  id: string;
  name: string;
  description: string;
  spec_json: string;
  created_at: string;
  updated_at: string;
}

export interface NamedSpec {
  name: string;
  description: string;
}

/** How a kind of spec keeps its large parts out of its row (workloads: a trace's jobs); absent, the row holds it all. */
export interface SpecCodec<S> {
  encode(spec: S): { stored: S; payloads: PreparedPayload[] };
  decode(stored: S): S;
}

export interface SpecRecord<S> {
  id: string;
  name: string;
  spec: S;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * Saved designs kept as a JSON spec under a unique name (clusters, workloads): one implementation of
 * create / rename / duplicate / update / delete / import-as-new, so both behave the same way —
 * names are unique ignoring case, imports and duplicates never overwrite, and an update made from a
 * stale copy is refused instead of silently discarding someone else's change.
 */
export function namedSpecs<S extends NamedSpec>(store: Store, table: 'clusters' | 'workloads' | 'experiments', noun: string, codec?: SpecCodec<S>) {
  const now = () => store.now().toISOString();
  const encode = (spec: S) => codec?.encode(spec) ?? { stored: spec, payloads: [] };
  /** The row's JSON of a spec, its payload files written first (call under the lock). */
  const storedJson = (spec: S, encoded = encode(spec)): string => {
    encoded.payloads.forEach((p) => store.payloads.ensure(p));
    return JSON.stringify({ ...encoded.stored, name: spec.name });
  };

  const toRecord = (row: SpecRow): SpecRecord<S> => {
    const parsed = JSON.parse(row.spec_json) as S;
    const spec = codec ? codec.decode(parsed) : parsed;
    // The row's name is authoritative (renames touch only the column) — keep the spec in step.
    return { id: row.id, name: row.name, spec: { ...spec, name: row.name }, createdAt: row.created_at, updatedAt: row.updated_at };
  };

  const requireRow = (db: Database, id: string): SpecRow => {
    const row = selectOne<SpecRow>(db, `SELECT * FROM ${table} WHERE id = ?`, [id]);
    if (!row) throw new StoreError('not_found', `no ${noun} with id ${id}`, 'id');
    return row;
  };

  const assertNameFree = (db: Database, name: string, exceptId?: string) => {
    const clash = selectOne<{ id: string }>(db, `SELECT id FROM ${table} WHERE name = ? COLLATE NOCASE AND id IS NOT ?`, [name, exceptId ?? null]);
    if (clash) throw new StoreError('conflict', `a ${noun} named "${name}" already exists`, 'name');
  };

  const insert = (db: Database, spec: S, at: string, encoded = encode(spec), id: string = randomUUID()): SpecRecord<S> => {
    db.run(`INSERT INTO ${table} (id, name, description, spec_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, [
      id,
      spec.name,
      spec.description,
      storedJson(spec, encoded),
      at,
      at,
    ]);
    return toRecord(requireRow(db, id));
  };

  return {
    list(): SpecRecord<S>[] {
      return store.read((db) => selectAll<SpecRow>(db, `SELECT * FROM ${table} ORDER BY name COLLATE NOCASE`).map(toRecord));
    },

    get(id: string): SpecRecord<S> {
      return store.read((db) => toRecord(requireRow(db, id)));
    },

    /** Every record, inside a write already open (under the lock: what no other process can change meanwhile). */
    listIn(db: Database): SpecRecord<S>[] {
      return selectAll<SpecRow>(db, `SELECT * FROM ${table} ORDER BY name COLLATE NOCASE`).map(toRecord);
    },

    /** One record inside a write already open; undefined when it is gone. */
    findIn(db: Database, id: string): SpecRecord<S> | undefined {
      const row = selectOne<SpecRow>(db, `SELECT * FROM ${table} WHERE id = ?`, [id]);
      return row ? toRecord(row) : undefined;
    },

    findByName(name: string): SpecRecord<S> | undefined {
      return store.read((db) => {
        const row = selectOne<SpecRow>(db, `SELECT * FROM ${table} WHERE name = ? COLLATE NOCASE`, [name]);
        return row ? toRecord(row) : undefined;
      });
    },

    create(spec: S): Promise<SpecRecord<S>> {
      const encoded = encode(spec);
      return store.write((db) => {
        assertNameFree(db, spec.name);
        return insert(db, spec, now(), encoded);
      });
    },

    /**
     * The record holding exactly this spec under its own name, inside a write already open: an
     * import of something already saved (the same experiment file twice) reuses it instead of
     * adding "X (2)", an identical copy.
     */
    sameIn(db: Database, spec: S): SpecRecord<S> | undefined {
      const encoded = encode(spec);
      const row = selectOne<SpecRow>(db, `SELECT * FROM ${table} WHERE name = ? AND spec_json = ?`, [
        spec.name,
        JSON.stringify({ ...encoded.stored, name: spec.name }),
      ]);
      return row ? toRecord(row) : undefined;
    },

    /** Add under a free name ("X (2)" if "X" exists): what imports do, so nothing is overwritten. */
    importAsNew(spec: S): Promise<SpecRecord<S>> {
      const encoded = encode(spec);
      return store.write((db) => insert(db, { ...spec, name: freeName(db, table, spec.name) }, now(), encoded));
    },

    /** The same inside a write already open, so that several items are added all together or not at all. */
    importAsNewIn(db: Database, spec: S): SpecRecord<S> {
      return insert(db, { ...spec, name: freeName(db, table, spec.name) }, now());
    },

    /**
     * Put a deleted record back under its own id, so the designs that name it find it again; under
     * its own name, or a free one ("X (2)") when another took it since. Refused while it exists.
     */
    restore(id: string, spec: S): Promise<SpecRecord<S>> {
      const encoded = encode(spec);
      return store.write((db) => {
        if (selectOne<{ id: string }>(db, `SELECT id FROM ${table} WHERE id = ?`, [id]))
          throw new StoreError('conflict', `this ${noun} is in the studio already`, 'id');
        return insert(db, { ...spec, name: freeName(db, table, spec.name) }, now(), encoded, id);
      });
    },

    /**
     * Replace the spec (and name) of a saved design. With `expectedUpdatedAt`, refuses when the
     * saved copy changed since the editor loaded it (another window, or the CLI).
     */
    update(id: string, spec: S, expectedUpdatedAt?: string): Promise<SpecRecord<S>> {
      const encoded = encode(spec);
      return store.write(
        (db) => {
          const row = requireRow(db, id);
          if (expectedUpdatedAt && row.updated_at !== expectedUpdatedAt) {
            throw new StoreError(
              'conflict',
              `this ${noun} was changed elsewhere at ${row.updated_at} after you opened it; reload it or save yours as a copy`,
              'updatedAt',
            );
          }
          assertNameFree(db, spec.name, id);
          // Timestamps must move forward even when two saves land in the same millisecond.
          const at = now() > row.updated_at ? now() : new Date(Date.parse(row.updated_at) + 1).toISOString();
          db.run(`UPDATE ${table} SET name = ?, description = ?, spec_json = ?, updated_at = ? WHERE id = ?`, [
            spec.name,
            spec.description,
            storedJson(spec, encoded),
            at,
            id,
          ]);
          return toRecord(requireRow(db, id));
        },
        { dropsPayloads: codec !== undefined },
      );
    },

    rename(id: string, name: string): Promise<SpecRecord<S>> {
      return store.write((db) => {
        requireRow(db, id);
        assertNameFree(db, name, id);
        db.run(`UPDATE ${table} SET name = ?, updated_at = ? WHERE id = ?`, [name, now(), id]);
        return toRecord(requireRow(db, id));
      });
    },

    duplicate(id: string, name?: string): Promise<SpecRecord<S>> {
      return store.write((db) => {
        const source = toRecord(requireRow(db, id));
        const target = name ?? freeName(db, table, `${source.name} copy`);
        assertNameFree(db, target);
        return insert(db, { ...source.spec, name: target }, now());
      });
    },

    remove(id: string): Promise<{ id: string }> {
      return store.write(
        (db) => {
          requireRow(db, id);
          db.run(`DELETE FROM ${table} WHERE id = ?`, [id]);
          return { id };
        },
        { dropsPayloads: codec !== undefined },
      );
    },
  };
}
