import type { Database } from 'sql.js';

/** "WKST": marks a SQLite file as ours, so a foreign database is never migrated or overwritten. */
export const APPLICATION_ID = 0x574b5354;

export interface Migration {
  version: number;
  description: string;
  up(db: Database): void;
}

/**
 * Append-only: a released migration is never edited, only followed by a new one. Each runs in its
 * own transaction together with its `user_version` bump, after a backup of the file.
 */
export const migrations: Migration[] = [
  {
    version: 1,
    description: 'clusters, workloads, job profiles, experiments and runs',
    up(db) {
      db.run(`
        CREATE TABLE clusters (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          description TEXT NOT NULL DEFAULT '',
          spec_json TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE TABLE workloads (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          description TEXT NOT NULL DEFAULT '',
          spec_json TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE TABLE job_profiles (
          id TEXT PRIMARY KEY,
          template TEXT NOT NULL,
          name TEXT NOT NULL,
          source TEXT NOT NULL,
          profile_json TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          UNIQUE (template, name)
        );
        CREATE TABLE experiments (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          spec_json TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE TABLE runs (
          id TEXT PRIMARY KEY,
          experiment_id TEXT REFERENCES experiments(id) ON DELETE CASCADE,
          scheduler TEXT NOT NULL,
          seed INTEGER NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'finished', 'failed', 'cancelled')),
          summary_json TEXT,
          result_blob BLOB,
          error TEXT,
          created_at TEXT NOT NULL,
          finished_at TEXT
        );
        CREATE INDEX runs_by_experiment ON runs(experiment_id);
      `);
    },
  },
  {
    version: 2,
    description: 'batches (run history): every execution of an experiment, with a copy of its inputs',
    up(db) {
      db.run(`
        CREATE TABLE batches (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          experiment_id TEXT REFERENCES experiments(id) ON DELETE SET NULL,
          tags_json TEXT NOT NULL DEFAULT '[]',
          inputs_json TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'cancelled', 'failed')),
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          finished_at TEXT
        );
        ALTER TABLE runs ADD COLUMN batch_id TEXT REFERENCES batches(id) ON DELETE CASCADE;
        ALTER TABLE runs ADD COLUMN run_index INTEGER;
        ALTER TABLE runs ADD COLUMN plan_json TEXT;
        CREATE INDEX runs_by_batch ON runs(batch_id, run_index);
        ALTER TABLE experiments ADD COLUMN description TEXT NOT NULL DEFAULT '';
      `);
      // Runs saved by \`run --save\` under version 1 hung off an experiment row holding the experiment
      // file. Each such experiment becomes a finished batch with its runs, in their saved order; the
      // file's text is kept as the batch's (legacy) inputs, so nothing is lost.
      const legacy = db.exec('SELECT id, name, spec_json, created_at FROM experiments WHERE id IN (SELECT DISTINCT experiment_id FROM runs)')[0]?.values ?? [];
      for (const [id, name, spec, created] of legacy) {
        db.run("INSERT INTO batches (id, name, inputs_json, status, created_at, updated_at, finished_at) VALUES (?, ?, ?, 'finished', ?, ?, ?)", [id, name, JSON.stringify({ legacyExperiment: JSON.parse(String(spec)) }), created, created, created]);
        const runs = db.exec('SELECT id, scheduler, seed FROM runs WHERE experiment_id = ? ORDER BY rowid', [id])[0]?.values ?? [];
        runs.forEach(([runId, scheduler, seed], index) => {
          const plan = { index, cluster: 0, workload: 0, scheduler: 0, seed, label: scheduler };
          db.run('UPDATE runs SET batch_id = ?, run_index = ?, plan_json = ?, experiment_id = NULL WHERE id = ?', [id, index, JSON.stringify(plan), runId]);
        });
        db.run('DELETE FROM experiments WHERE id = ?', [id]);
      }
    },
  },
  {
    version: 3,
    description: 'which process runs a batch, and why a batch ended early',
    up(db) {
      // owner_json: {pid, host} of the process running the batch, so any process can tell a batch
      // whose runner died from one still running elsewhere. end_reason: 'interrupted' when it died.
      db.run(`
        ALTER TABLE batches ADD COLUMN owner_json TEXT;
        ALTER TABLE batches ADD COLUMN end_reason TEXT;
      `);
    },
  },
];

export const LATEST_VERSION = migrations[migrations.length - 1].version;
