import { randomUUID } from 'node:crypto';
import * as os from 'node:os';
import type { Database } from 'sql.js';
import type { BatchDetail, BatchInputs, BatchRun, BatchSummary, RunPlan, RunStatus, StoredRunRow } from '@shared/experiment/design';
import type { ResultFile } from '@shared/experiment/experiment';
import { schedulerLabel, type SchedulerSpec } from '@shared/schedulers';
import { packColumns, readColumns, type Column } from '../formats/columns';
import { joinRun, prepareRun, type PerJob, type PreparedRun } from './runPayload';
import { decodeInputs, encodeInputs } from './workloadPayload';
import type { Store } from './database';
import type { StoredRunResult } from './storedRun';
import { StoreError } from './errors';
import { processAlive, processStart } from './processAlive';
import { freeName, selectAll, selectOne } from './rows';

interface BatchRow {
  id: string;
  name: string;
  experiment_id: string | null;
  tags_json: string;
  inputs_json: string;
  status: BatchSummary['status'];
  created_at: string;
  finished_at: string | null;
}

interface RunRow {
  run_index: number;
  plan_json: string;
  status: RunStatus;
  error: string | null;
  summary_json: string | null;
}

/** Inputs as saved; batches carried over from version 1 hold only the experiment file they ran. */
function parseInputs(json: string, store: Store): BatchInputs | undefined {
  const value = JSON.parse(json) as BatchInputs | { legacyExperiment: unknown };
  return 'legacyExperiment' in value ? undefined : decodeInputs(value, store.payloads);
}

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
 * Statuses as the API names them. The table keeps an interrupted batch as cancelled with the
 * reason beside it, and its runs that never ended as cancelled without a result.
 */
const batchStatusSql = (b: string) => `CASE WHEN ${b}.end_reason = 'interrupted' THEN 'interrupted' ELSE ${b}.status END`;
const runStatusSql = (r: string, b: string) =>
  `CASE WHEN ${r}.status = 'cancelled' AND ${r}.summary_json IS NULL AND ${b}.end_reason = 'interrupted' THEN 'interrupted' ELSE ${r}.status END`;

/**
 * A batch as the history lists it. The inputs hold whole cluster and workload specs (a trace may
 * be megabytes), so only the names and scheduler specs are read out of the JSON, in SQLite.
 */
const SUMMARY_SQL = `
  SELECT b.id, b.name, b.experiment_id, b.tags_json, ${batchStatusSql('b')} AS status, b.created_at, b.finished_at,
    (SELECT count(*) FROM runs r WHERE r.batch_id = b.id) AS runs,
    (SELECT count(*) FROM runs r WHERE r.batch_id = b.id AND r.status = 'finished') AS finished,
    (SELECT count(*) FROM runs r WHERE r.batch_id = b.id AND r.status = 'failed') AS failed,
    (SELECT json_group_array(json_extract(value, '$.name')) FROM json_each(b.inputs_json, '$.clusters')) AS clusters,
    (SELECT json_group_array(json_extract(value, '$.name')) FROM json_each(b.inputs_json, '$.workloads')) AS workloads,
    json_extract(b.inputs_json, '$.schedulers') AS schedulers
  FROM batches b`;

interface SummaryRow extends Omit<BatchRow, 'inputs_json'> {
  runs: number;
  finished: number;
  failed: number;
  clusters: string;
  workloads: string;
  schedulers: string | null;
}

function toSummary(r: SummaryRow): BatchSummary {
  return {
    id: r.id,
    name: r.name,
    experimentId: r.experiment_id,
    tags: JSON.parse(r.tags_json) as string[],
    status: r.status,
    runs: r.runs,
    finished: r.finished,
    failed: r.failed,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    clusters: JSON.parse(r.clusters) as string[],
    workloads: JSON.parse(r.workloads) as string[],
    schedulers: r.schedulers ? (JSON.parse(r.schedulers) as SchedulerSpec[]).map(schedulerLabel) : [],
  };
}

function summaryOf(db: Database, id: string): BatchSummary {
  const row = selectOne<SummaryRow>(db, `${SUMMARY_SQL} WHERE b.id = ?`, [id]);
  if (!row) throw new StoreError('not_found', `no run history entry with id ${id}`, 'id');
  return toSummary(row);
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
  const requireRow = (db: Database, id: string): BatchRow => {
    const row = selectOne<BatchRow>(db, 'SELECT * FROM batches WHERE id = ?', [id]);
    if (!row) throw new StoreError('not_found', `no run history entry with id ${id}`, 'id');
    return row;
  };

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

    /** How many times each experiment design has been run (for the experiments list). */
    runsPerExperiment(): Map<string, number> {
      return store.read(
        (db) =>
          new Map(
            selectAll<{ id: string; n: number }>(
              db,
              'SELECT experiment_id AS id, count(*) AS n FROM batches WHERE experiment_id IS NOT NULL GROUP BY experiment_id',
            ).map((r) => [r.id, r.n]),
          ),
      );
    },

    list(): BatchSummary[] {
      return store.read((db) => selectAll<SummaryRow>(db, `${SUMMARY_SQL} ORDER BY b.created_at DESC, b.name`).map(toSummary));
    },

    get(id: string): BatchDetail {
      return store.read((db) => {
        const row = requireRow(db, id);
        const runs = selectAll<RunRow>(
          db,
          `SELECT r.run_index, r.plan_json, ${runStatusSql('r', 'b')} AS status, r.error, r.summary_json FROM runs r JOIN batches b ON b.id = r.batch_id WHERE r.batch_id = ? ORDER BY r.run_index`,
          [id],
        );
        const results: BatchRun[] = runs.map((r) => ({
          ...(JSON.parse(r.plan_json) as RunPlan),
          status: r.status,
          error: r.error,
          summary: r.summary_json ? (JSON.parse(r.summary_json) as StoredRunResult).summary : null,
          partial: r.status === 'cancelled' && r.summary_json !== null,
        }));
        const inputs = parseInputs(row.inputs_json, store);
        return {
          ...summaryOf(db, id),
          inputs: inputs ?? { clusters: [], workloads: [], schedulers: [], seeds: [], simulation: {} as BatchInputs['simulation'] },
          plan: results.map(({ status: _s, error: _e, summary: _m, partial: _p, ...plan }) => plan),
          results,
        };
      });
    },

    /**
     * A finished run's stored result and columns (series, and attempts when they were recorded):
     * all of them, or only those `wanted` names; `lengths` has every column's length.
     */
    runResult(
      id: string,
      index: number,
      wanted?: (column: string) => boolean,
    ): { result: StoredRunResult; columns: Record<string, Column>; lengths: Record<string, number> } {
      return store.read((db) => {
        requireRow(db, id);
        // Finished runs, and the partial results a cancel kept.
        const row = selectOne<{ summary_json: string; jobs_ref: string; columns_ref: string }>(
          db,
          "SELECT summary_json, jobs_ref, columns_ref FROM runs WHERE batch_id = ? AND run_index = ? AND columns_ref IS NOT NULL AND status IN ('finished', 'cancelled')",
          [id, index],
        );
        if (!row) throw new StoreError('not_found', `run ${index + 1} of this batch has no result (it failed, was cancelled or is still running)`, 'run');
        const what = `run ${index + 1}'s result`;
        return {
          result: joinRun(row.summary_json, store.payloads.readJson<PerJob>(row.jobs_ref, what)),
          ...readColumns(store.payloads.readBytes(row.columns_ref, what), wanted),
        };
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

    /** Every stored run, one row each: what `workload-studio runs list` prints. */
    listRuns(): StoredRunRow[] {
      return store.read((db) =>
        selectAll<{
          id: string;
          experiment: string;
          scheduler: string;
          seed: number;
          status: RunStatus;
          summary_json: string | null;
          created_at: string;
          bytes: number | null;
        }>(
          db,
          `SELECT r.id, b.name AS experiment, r.scheduler, r.seed, ${runStatusSql('r', 'b')} AS status, r.summary_json, r.created_at, r.columns_bytes AS bytes FROM runs r JOIN batches b ON b.id = r.batch_id ORDER BY b.created_at, b.name, r.run_index`,
        ).map((r) => {
          const s = r.summary_json ? (JSON.parse(r.summary_json) as StoredRunResult).summary : undefined;
          return {
            id: r.id,
            experiment: r.experiment,
            scheduler: r.scheduler,
            seed: r.seed,
            status: r.status,
            makespan: s?.makespan ?? null,
            meanJct: s?.meanJct ?? null,
            createdAt: r.created_at,
            blobBytes: r.bytes ?? 0,
          };
        }),
      );
    },

    /** A finished run's stored result without its columns (reports and result files need no series). */
    storedResult(id: string, index: number): StoredRunResult {
      return store.read((db) => {
        requireRow(db, id);
        const row = selectOne<{ summary_json: string; jobs_ref: string }>(
          db,
          "SELECT summary_json, jobs_ref FROM runs WHERE batch_id = ? AND run_index = ? AND status = 'finished' AND summary_json IS NOT NULL",
          [id, index],
        );
        if (!row) throw new StoreError('not_found', `run ${index + 1} of this batch has no result (it failed, was cancelled or is still running)`, 'run');
        return joinRun(row.summary_json, store.payloads.readJson<PerJob>(row.jobs_ref, `run ${index + 1}'s result`));
      });
    },

    /** A run's column blob by the run's own id (the CLI lists runs by id). */
    blob(runId: string): Uint8Array | undefined {
      const ref = store.read((db) => selectOne<{ columns_ref: string | null }>(db, 'SELECT columns_ref FROM runs WHERE id = ?', [runId])?.columns_ref);
      return ref ? store.payloads.readBytes(ref, `run ${runId}'s columns`) : undefined;
    },
  };
}

export type BatchesRepo = ReturnType<typeof batchesRepo>;
