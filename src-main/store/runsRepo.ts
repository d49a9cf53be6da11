import { randomUUID } from 'node:crypto';
import type { Experiment, ResultFile } from '@shared/experiment';
import type { Store } from './database';
import { freeName, selectAll } from './rows';

export interface SavedRunBlobs {
  /** Compressed columns: the time series, and the attempts when they were asked for. */
  columns: Uint8Array;
}

export interface SavedRunRow {
  id: string;
  experiment: string;
  scheduler: string;
  seed: number;
  makespan: number;
  meanJct: number;
  createdAt: string;
  blobBytes: number;
}

/**
 * Finished runs in the store. Each save adds a new experiment row (a clashing name becomes
 * "Name (2)") and one row per run: the summary and jobs as JSON, the series and (on request)
 * the attempts as one compressed column blob.
 */
export function runsRepo(store: Store) {
  return {
    saveExperiment(experiment: Experiment, result: ResultFile, blobs: SavedRunBlobs[]): Promise<{ experimentId: string; name: string; runIds: string[] }> {
      return store.write((db) => {
        const now = store.now().toISOString();
        const experimentId = randomUUID();
        const name = freeName(db, 'experiments', experiment.name);
        db.run('INSERT INTO experiments (id, name, spec_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [experimentId, name, JSON.stringify(experiment), now, now]);
        const runIds = result.runs.map((run, i) => {
          const id = randomUUID();
          db.run(
            "INSERT INTO runs (id, experiment_id, scheduler, seed, status, summary_json, result_blob, created_at, finished_at) VALUES (?, ?, ?, ?, 'finished', ?, ?, ?, ?)",
            [id, experimentId, run.scheduler, run.seed, JSON.stringify({ kind: run.kind, summary: run.summary, jobs: run.jobs }), blobs[i].columns, now, now],
          );
          return id;
        });
        return { experimentId, name, runIds };
      });
    },

    list(): SavedRunRow[] {
      return store.read((db) =>
        selectAll<{ id: string; experiment: string; scheduler: string; seed: number; summary_json: string; created_at: string; bytes: number }>(
          db,
          'SELECT r.id, e.name AS experiment, r.scheduler, r.seed, r.summary_json, r.created_at, length(r.result_blob) AS bytes FROM runs r JOIN experiments e ON e.id = r.experiment_id ORDER BY r.created_at, e.name, r.rowid',
        ).map((r) => {
          const s = JSON.parse(r.summary_json).summary;
          return { id: r.id, experiment: r.experiment, scheduler: r.scheduler, seed: r.seed, makespan: s.makespan, meanJct: s.meanJct, createdAt: r.created_at, blobBytes: r.bytes };
        }),
      );
    },

    blob(id: string): Uint8Array | undefined {
      return store.read((db) => {
        const stmt = db.prepare('SELECT result_blob FROM runs WHERE id = ?');
        try {
          stmt.bind([id]);
          return stmt.step() ? (stmt.get()[0] as Uint8Array) : undefined;
        } finally {
          stmt.free();
        }
      });
    },
  };
}
