import { randomUUID } from 'node:crypto';
import type { Database } from 'sql.js';
import { clusterTotals, type ClusterSpec } from '@shared/cluster';
import type { ClusterRecord, ClusterSummary } from '@shared/records';
import type { Store } from './database';
import { StoreError } from './errors';
import { freeName, selectAll, selectOne } from './rows';

interface ClusterRow {
  id: string;
  name: string;
  description: string;
  spec_json: string;
  created_at: string;
  updated_at: string;
}

function toRecord(row: ClusterRow): ClusterRecord {
  const spec = JSON.parse(row.spec_json) as ClusterSpec;
  // The row's name is authoritative (renames touch only the column) — keep the spec in step.
  return { id: row.id, name: row.name, spec: { ...spec, name: row.name }, createdAt: row.created_at, updatedAt: row.updated_at };
}

function requireRow(db: Database, id: string): ClusterRow {
  const row = selectOne<ClusterRow>(db, 'SELECT * FROM clusters WHERE id = ?', [id]);
  if (!row) throw new StoreError('not_found', `no cluster with id ${id}`, 'id');
  return row;
}

function assertNameFree(db: Database, name: string, exceptId?: string): void {
  const clash = selectOne<{ id: string }>(db, 'SELECT id FROM clusters WHERE name = ? COLLATE NOCASE AND id IS NOT ?', [name, exceptId ?? null]);
  if (clash) throw new StoreError('conflict', `a cluster named "${name}" already exists`, 'name');
}

function insert(db: Database, spec: ClusterSpec, now: string): ClusterRecord {
  const id = randomUUID();
  db.run('INSERT INTO clusters (id, name, description, spec_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [
    id,
    spec.name,
    spec.description,
    JSON.stringify(spec),
    now,
    now,
  ]);
  return toRecord(requireRow(db, id));
}

export function clustersRepo(store: Store) {
  const now = () => store.now().toISOString();
  return {
    list(): ClusterSummary[] {
      return store.read((db) =>
        selectAll<ClusterRow>(db, 'SELECT * FROM clusters ORDER BY name COLLATE NOCASE').map((row) => {
          const record = toRecord(row);
          return {
            id: record.id,
            name: record.name,
            description: row.description,
            createdAt: record.createdAt,
            updatedAt: record.updatedAt,
            ...clusterTotals(record.spec),
          };
        }),
      );
    },

    get(id: string): ClusterRecord {
      return store.read((db) => toRecord(requireRow(db, id)));
    },

    findByName(name: string): ClusterRecord | undefined {
      return store.read((db) => {
        const row = selectOne<ClusterRow>(db, 'SELECT * FROM clusters WHERE name = ? COLLATE NOCASE', [name]);
        return row ? toRecord(row) : undefined;
      });
    },

    create(spec: ClusterSpec): Promise<ClusterRecord> {
      return store.write((db) => {
        assertNameFree(db, spec.name);
        return insert(db, spec, now());
      });
    },

    /** Add under a free name ("X (2)" if "X" exists): what imports do, so nothing is overwritten. */
    importAsNew(spec: ClusterSpec): Promise<ClusterRecord> {
      return store.write((db) => insert(db, { ...spec, name: freeName(db, 'clusters', spec.name) }, now()));
    },

    rename(id: string, name: string): Promise<ClusterRecord> {
      return store.write((db) => {
        requireRow(db, id);
        assertNameFree(db, name, id);
        db.run('UPDATE clusters SET name = ?, updated_at = ? WHERE id = ?', [name, now(), id]);
        return toRecord(requireRow(db, id));
      });
    },

    duplicate(id: string, name?: string): Promise<ClusterRecord> {
      return store.write((db) => {
        const source = toRecord(requireRow(db, id));
        const target = name ?? freeName(db, 'clusters', `${source.name} copy`);
        assertNameFree(db, target);
        return insert(db, { ...source.spec, name: target }, now());
      });
    },

    remove(id: string): Promise<{ id: string }> {
      return store.write((db) => {
        requireRow(db, id);
        db.run('DELETE FROM clusters WHERE id = ?', [id]);
        return { id };
      });
    },
  };
}

export type ClustersRepo = ReturnType<typeof clustersRepo>;
