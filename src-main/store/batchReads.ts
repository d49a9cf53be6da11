import type { BatchDetail, BatchInputs, BatchRun, BatchSummary, RunPlan, RunStatus, StoredRunRow } from '@shared/experiment/design';
import { readColumns, type Column } from '../formats/columns';
import { joinRun, type PerJob } from './runPayload';
import type { Store } from './database';
import type { StoredRunResult } from './storedRun';
import { StoreError } from './errors';
import { selectAll, selectOne } from './rows';
import { parseInputs, requireBatchRow as requireRow, runStatusSql, SUMMARY_SQL, summaryOf, toSummary, type RunRow, type SummaryRow } from './batchRows';

/** What the run history reads: its batches, their runs and stored results (batchesRepo.ts writes them). */
export function batchReads(store: Store) {
  return {
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
          error: string | null;
        }>(
          db,
          `SELECT r.id, b.name AS experiment, r.scheduler, r.seed, ${runStatusSql('r', 'b')} AS status, r.summary_json, r.created_at, r.columns_bytes AS bytes, r.error FROM runs r JOIN batches b ON b.id = r.batch_id ORDER BY b.created_at, b.name, r.run_index`,
        ).map((r) => {
          const s = r.summary_json ? (JSON.parse(r.summary_json) as StoredRunResult).summary : undefined;
          // A run whose every job failed has no makespan or job time (as METRICS says), not 0 s; a
          // summary saved before the count of succeeded jobs existed keeps its figures.
          const completed = s !== undefined && s.succeeded !== 0;
          return {
            id: r.id,
            experiment: r.experiment,
            scheduler: r.scheduler,
            seed: r.seed,
            status: r.status,
            makespan: completed ? s.makespan : null,
            meanJct: completed ? s.meanJct : null,
            createdAt: r.created_at,
            blobBytes: r.bytes ?? 0,
            error: r.status === 'failed' ? r.error : null,
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
