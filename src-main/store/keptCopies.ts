import type { BatchInputs } from '@shared/experiment/design';
import type { WorkloadSpec } from '@shared/workload/workload';
import type { KeptCopy } from '@shared/api/records';
import type { Store } from './database';
import { decodeWorkload } from './workloadPayload';
import { selectAll, selectOne } from './rows';

type Kept = 'clusters' | 'workloads';

/** A copy as the query reads it: the item's id and name in the batch's inputs, and that batch. */
interface CopyRow {
  id: string;
  name: string;
  batch_id: string;
  batch_name: string;
  created_at: string;
}
const copyOf = (r: CopyRow): KeptCopy => ({ id: r.id, name: r.name, batchId: r.batch_id, batchName: r.batch_name, ranAt: r.created_at });

/**
 * What the run history keeps of clusters and workloads: every batch copied each one it ran on,
 * under its id (batchesRepo.ts), so one deleted since can be put back as its latest run used it.
 * The copies are found in SQLite, reading only ids and names out of the inputs' JSON (a copied
 * trace may be megabytes).
 */
export function keptCopies(store: Store) {
  return {
    /** The newest copy of each of these ids that any batch keeps, with that batch's name and start; ids no batch ran on are left out. */
    newest(kind: Kept, ids: readonly string[]): KeptCopy[] {
      if (ids.length === 0) return [];
      return store.read((db) => {
        const rows = selectAll<CopyRow>(
          db,
          `SELECT c.value ->> '$.id' AS id, c.value ->> '$.name' AS name, b.id AS batch_id, b.name AS batch_name, b.created_at
             FROM batches b, json_each(b.inputs_json, '$.${kind}') c
            WHERE c.value ->> '$.id' IN (${ids.map(() => '?').join(', ')})
            ORDER BY b.created_at DESC, b.rowid DESC`,
          [...ids],
        );
        const found = new Map<string, KeptCopy>();
        for (const r of rows) if (!found.has(r.id)) found.set(r.id, copyOf(r));
        return ids.flatMap((id) => found.get(id) ?? []);
      });
    },

    /**
     * The clusters (workloads) deleted from the studio whose only copy is the one batch `batchId`
     * keeps: deleting that batch would leave nothing to restore them from.
     */
    onlyIn(kind: Kept, batchId: string): KeptCopy[] {
      const id = "c.value ->> '$.id'";
      return store.read((db) =>
        selectAll<CopyRow>(
          db,
          `SELECT ${id} AS id, c.value ->> '$.name' AS name, b.id AS batch_id, b.name AS batch_name, b.created_at
             FROM batches b, json_each(b.inputs_json, '$.${kind}') c
            WHERE b.id = ? AND ${id} IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM ${kind} x WHERE x.id = ${id})
              AND NOT EXISTS (SELECT 1 FROM batches o, json_each(o.inputs_json, '$.${kind}') oc WHERE o.id <> b.id AND oc.value ->> '$.id' = ${id})`,
          [batchId],
        ).map(copyOf),
      );
    },

    /** The spec the newest batch that ran on `id` copied, or undefined when none did. */
    spec<K extends Kept>(kind: K, id: string): { copy: KeptCopy; spec: BatchInputs[K][number]['spec'] } | undefined {
      const copy = this.newest(kind, [id]).at(0);
      if (!copy) return undefined;
      return store.read((db) => {
        // Only this entry is decoded: the batch's other workloads' jobs files are not read.
        const entry = selectOne<{ value: string }>(
          db,
          `SELECT c.value FROM batches b, json_each(b.inputs_json, '$.${kind}') c WHERE b.id = ? AND c.value ->> '$.id' = ?`,
          [copy.batchId, id],
        );
        if (!entry) return undefined;
        const stored = (JSON.parse(entry.value) as BatchInputs[K][number]).spec;
        const spec = kind === 'workloads' ? decodeWorkload(stored as WorkloadSpec, store.payloads) : stored;
        return { copy, spec: spec as BatchInputs[K][number]['spec'] };
      });
    },
  };
}
