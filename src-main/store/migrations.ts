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
];

export const LATEST_VERSION = migrations[migrations.length - 1].version;
