import { randomUUID } from 'node:crypto';
import * as os from 'node:os';
import type { BatchInputs, BatchSummary, RunPlan } from '@shared/experiment/design';
import { packColumns } from '../formats/columns';
import { prepareRun, type PreparedRun } from './runPayload';
import { encodeInputs } from './workloadPayload';
import type { Store } from './database';
import type { StoredRunResult } from './storedRun';
import { StoreError } from './errors';
import { processAlive, processStart } from './processAlive';
import { freeName, selectAll, selectOne } from './rows';
import { requireBatchRow, summaryOf } from './batchRows';
import { batchReads } from './batchReads';

/** The process running a batch; any process that finds it gone closes the batch as interrupted. */
interface BatchOwner {
  pid: number;
  host: string;
  /** When it started (processStart), so a later process given the same pid is not taken for it; absent in batches from before. */
  start?: string;
}

const thisProcess = (): BatchOwner => {
  const start = processStart(process.pid);
  return { pid: process.pid, host: os.hostname(), ...(start ? { start } : {}) };
};

/** A batch's runner is alive when it is this process, or a live process on this machine. */
function ownerAlive(json: string | null): boolean {
  if (!json) return false; // batches from before owners were recorded
  const owner = JSON.parse(json) as BatchOwner;
  if (owner.host !== os.hostname()) return false; // a folder copied from another machine
  return processAlive(owner.pid, owner.start);
}

/**
 * Run history: each execution of an experiment is a batch — a copy of every input it ran on, and
 * one row per planned run. A run's row is completed in one statement when the run ends, so a crash
 * or a cancel never leaves half a result; runs that never ended are marked cancelled.
 */
export function batchesRepo(store: Store) {
  const now = () => store.now().toISOString();
  const ensureRun = (run: PreparedRun) => {
    store.payloads.ensure(run.perJob);
    store.payloads.ensure(run.columns);
  };
  const requireRow = requireBatchRow;

  return {
    /** A new batch with every run queued; the name becomes "Name (2)" if taken. */
    create(name: string, experimentId: string | null, inputs: BatchInputs, plan: RunPlan[], tags: string[] = []): Promise<BatchSummary> {
      const encoded = encodeInputs(inputs);
      return store.write((db) => {
        encoded.payloads.forEach((p) => store.payloads.ensure(p));
        const id = randomUUID();
        const at = now();
        db.run(
          "INSERT INTO batches (id, name, experiment_id, tags_json, inputs_json, status, created_at, updated_at, owner_json) VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?)",
          [
            id,
            freeName(db, 'batches', name),
            experimentId,
            JSON.stringify([...new Set(tags)].sort()),
            JSON.stringify(encoded.stored),
            at,
            at,
            JSON.stringify(thisProcess()),
          ],
        );
        for (const p of plan) {
          db.run("INSERT INTO runs (id, batch_id, run_index, plan_json, scheduler, seed, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?)", [
            randomUUID(),
            id,
            p.index,
            JSON.stringify(p),
            p.label,
            p.seed,
            at,
          ]);
        }
        return summaryOf(db, id);
      });
    },

    /**
     * A batch whose runs ended elsewhere (a result file opened in the studio), in one write: the
     * runs it has are finished, the rest of its plan cancelled. Nothing of it is ever "running".
     */
    async addEnded(
      name: string,
      inputs: BatchInputs,
      plan: RunPlan[],
      results: Map<number, StoredRunResult>,
      tags: string[],
      /** Told before each run is packed (a long open's progress). */
      onRun?: (k: number, of: number) => Promise<void>,
    ): Promise<BatchSummary> {
      const blob = packColumns({});
      const encoded = encodeInputs(inputs);
      const prepared = new Map<number, ReturnType<typeof prepareRun>>();
      for (const [index, result] of results) {
        await onRun?.(prepared.size, results.size);
        prepared.set(index, prepareRun(result, blob));
      }
      return store.write((db) => {
        encoded.payloads.forEach((p) => store.payloads.ensure(p));
        const id = randomUUID();
        const at = now();
        db.run(
          "INSERT INTO batches (id, name, experiment_id, tags_json, inputs_json, status, created_at, updated_at, finished_at) VALUES (?, ?, NULL, ?, ?, 'finished', ?, ?, ?)",
          [id, freeName(db, 'batches', name), JSON.stringify(tags), JSON.stringify(encoded.stored), at, at, at],
        );
        for (const p of plan) {
          const run = prepared.get(p.index);
          if (run) ensureRun(run);
          db.run(
            'INSERT INTO runs (id, batch_id, run_index, plan_json, scheduler, seed, status, summary_json, jobs_ref, columns_ref, columns_bytes, created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
            [
              randomUUID(),
              id,
              p.index,
              JSON.stringify(p),
              p.label,
              p.seed,
              run ? 'finished' : 'cancelled',
              run?.head ?? null,
              run?.perJob.ref ?? null,
              run?.columns.ref ?? null,
              run ? blob.length : null,
              at,
              at,
            ],
          );
        }
        return summaryOf(db, id);
      });
    },

    /**
     * A batch of finished runs copied from other batches (a comparison across history), in one
     * write: each run's stored result and columns are copied inside SQLite, never decoded, and the
     * copy outlives its sources.
     */
    addCopies(name: string, inputs: BatchInputs, runs: { plan: RunPlan; from: { batchId: string; index: number } }[], tags: string[]): Promise<BatchSummary> {
      const encoded = encodeInputs(inputs);
      return store.write((db) => {
        encoded.payloads.forEach((p) => store.payloads.ensure(p));
        const id = randomUUID();
        const at = now();
        db.run(
          "INSERT INTO batches (id, name, experiment_id, tags_json, inputs_json, status, created_at, updated_at, finished_at) VALUES (?, ?, NULL, ?, ?, 'finished', ?, ?, ?)",
          [id, freeName(db, 'batches', name), JSON.stringify(tags), JSON.stringify(encoded.stored), at, at, at],
        );
        for (const { plan: p, from } of runs) {
          // The copy names the same payload files as its source: copying costs a row, not the results.
          db.run(
            "INSERT INTO runs (id, batch_id, run_index, plan_json, scheduler, seed, status, summary_json, jobs_ref, columns_ref, columns_bytes, created_at, finished_at) SELECT ?, ?, ?, ?, ?, ?, 'finished', summary_json, jobs_ref, columns_ref, columns_bytes, ?, ? FROM runs WHERE batch_id = ? AND run_index = ? AND status = 'finished' AND summary_json IS NOT NULL",
            [randomUUID(), id, p.index, JSON.stringify(p), p.label, p.seed, at, at, from.batchId, from.index],
          );
          // Checked inside the write: a source deleted since it was read fails the whole copy.
          if (db.getRowsModified() !== 1)
            throw new StoreError('not_found', `run ${from.index + 1} of a picked run history entry is gone or did not finish`, 'members');
        }
        return summaryOf(db, id);
      });
    },

    /**
     * A run's result: finished, or (`partial`) what a cancelled run had simulated when it stopped;
     * `blob` holds the run's packed columns (runner/runColumns.ts runBlob).
     */
    finishRun(batchId: string, index: number, result: StoredRunResult, blob: Uint8Array, partial = false, prepared?: PreparedRun): Promise<void> {
      // Compressed and hashed before the write (in the run's thread when it came from one), so the
      // lock is held only to write the files and the row.
      const run = prepared ?? prepareRun(result, blob);
      return store.write((db) => {
        ensureRun(run);
        db.run(
          'UPDATE runs SET status = ?, summary_json = ?, jobs_ref = ?, columns_ref = ?, columns_bytes = ?, error = NULL, finished_at = ? WHERE batch_id = ? AND run_index = ?',
          [partial ? 'cancelled' : 'finished', run.head, run.perJob.ref, run.columns.ref, blob.length, now(), batchId, index],
        );
      });
    },

    failRun(batchId: string, index: number, error: string): Promise<void> {
      return store.write((db) => {
        db.run("UPDATE runs SET status = 'failed', error = ?, finished_at = ? WHERE batch_id = ? AND run_index = ?", [
          error.slice(0, 4000),
          now(),
          batchId,
          index,
        ]);
      });
    },

    /** Close a batch: runs still queued or running are marked cancelled. */
    finish(batchId: string, status: 'finished' | 'cancelled' | 'failed'): Promise<BatchSummary> {
      return store.write((db) => {
        const at = now();
        db.run("UPDATE runs SET status = 'cancelled' WHERE batch_id = ? AND status IN ('queued', 'running')", [batchId]);
        db.run('UPDATE batches SET status = ?, finished_at = ?, updated_at = ? WHERE id = ?', [status, at, at, batchId]);
        return summaryOf(db, batchId);
      });
    },

    /**
     * Open an ended batch again to run what it has not finished (a cancel, a closed studio, a failed
     * run): those runs are queued afresh, a partial run's kept results dropped for the whole run
     * to come, and the batch is running in this process. Finished runs are not touched. Returns the
     * plan indices to run; refuses a batch still running, or one with nothing left to run.
     */
    reopen(batchId: string): Promise<number[]> {
      return store.write(
        (db) => {
          const row = requireRow(db, batchId);
          if (row.status === 'running') throw new StoreError('conflict', 'this batch is still running', 'id');
          const left = selectAll<{ run_index: number }>(db, "SELECT run_index FROM runs WHERE batch_id = ? AND status <> 'finished' ORDER BY run_index", [
            batchId,
          ]).map((r) => r.run_index);
          if (left.length === 0) throw new StoreError('conflict', 'every run of this batch has finished: there is nothing to resume', 'id');
          const at = now();
          db.run(
            "UPDATE runs SET status = 'queued', summary_json = NULL, jobs_ref = NULL, columns_ref = NULL, columns_bytes = NULL, error = NULL, finished_at = NULL WHERE batch_id = ? AND status <> 'finished'",
            [batchId],
          );
          db.run("UPDATE batches SET status = 'running', end_reason = NULL, finished_at = NULL, updated_at = ?, owner_json = ? WHERE id = ?", [
            at,
            JSON.stringify(thisProcess()),
            batchId,
          ]);
          return left;
        },
        { dropsPayloads: true },
      );
    },

    /**
     * Batches whose runner died (a closed or crashed studio, a killed `run --save`) stay "running"
     * with queued runs: close them as interrupted. Batches a live process is running are left alone.
     */
    closeInterrupted(): Promise<number> {
      const running = () =>
        store.read((db) => selectAll<{ id: string; owner_json: string | null }>(db, "SELECT id, owner_json FROM batches WHERE status = 'running'"));
      if (running().every((r) => ownerAlive(r.owner_json))) return Promise.resolve(0);
      return store.write((db) => {
        // Decided again inside the write: the file may have changed since the look above.
        const gone = selectAll<{ id: string; owner_json: string | null }>(db, "SELECT id, owner_json FROM batches WHERE status = 'running'").filter(
          (r) => !ownerAlive(r.owner_json),
        );
        const at = now();
        for (const { id } of gone) {
          db.run("UPDATE runs SET status = 'cancelled' WHERE batch_id = ? AND status IN ('queued', 'running')", [id]);
          db.run("UPDATE batches SET status = 'cancelled', end_reason = 'interrupted', finished_at = ?, updated_at = ? WHERE id = ?", [at, at, id]);
        }
        return gone.length;
      });
    },

    rename(id: string, name: string): Promise<BatchSummary> {
      return store.write((db) => {
        requireRow(db, id);
        const clash = selectOne<{ id: string }>(db, 'SELECT id FROM batches WHERE name = ? COLLATE NOCASE AND id IS NOT ?', [name, id]);
        if (clash) throw new StoreError('conflict', `a run named "${name}" already exists`, 'name');
        db.run('UPDATE batches SET name = ?, updated_at = ? WHERE id = ?', [name, now(), id]);
        return summaryOf(db, id);
      });
    },

    setTags(id: string, tags: string[]): Promise<BatchSummary> {
      return store.write((db) => {
        requireRow(db, id);
        const clean = [...new Set(tags.map((t) => t.trim()).filter(Boolean))].sort();
        db.run('UPDATE batches SET tags_json = ?, updated_at = ? WHERE id = ?', [JSON.stringify(clean), now(), id]);
        return summaryOf(db, id);
      });
    },

    remove(id: string): Promise<{ id: string }> {
      return store.write(
        (db) => {
          const row = requireRow(db, id);
          if (row.status === 'running') throw new StoreError('conflict', 'this batch is still running: cancel it first', 'id');
          db.run('DELETE FROM runs WHERE batch_id = ?', [id]);
          db.run('DELETE FROM batches WHERE id = ?', [id]);
          return { id };
        },
        { dropsPayloads: true },
      );
    },

    ...batchReads(store),
  };
}

export type BatchesRepo = ReturnType<typeof batchesRepo>;
