import type { ClusterSpec, ClusterTotals } from '../cluster/cluster';
import type { WorkloadSpec } from '../workload/workload';

/** ISO-8601 UTC timestamps, as stored. */
export type Timestamp = string;

export interface ClusterSummary extends ClusterTotals {
  id: string;
  name: string;
  description: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ClusterRecord {
  id: string;
  name: string;
  spec: ClusterSpec;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WorkloadSummary {
  id: string;
  name: string;
  description: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Explicit jobs, and the tasks they state (maps + reduces given in the rows). */
  jobs: number;
  tasks: number;
  /** Jobs the generator adds per run (0 without one). */
  generatedJobs: number;
  /** Tasks the generator is expected to add per seed, and whether templates add reduces to that. */
  generatedTasks: number;
  generatedTasksApproximate: boolean;
  templates: string[];
}

export interface WorkloadRecord {
  id: string;
  name: string;
  spec: WorkloadSpec;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The newest copy the run history keeps of a cluster or workload (each batch copies what it ran on): what "Restore it" puts back. */
export interface KeptCopy {
  id: string;
  /** Its name when that batch ran. */
  name: string;
  batchId: string;
  batchName: string;
  /** When that batch started. */
  ranAt: Timestamp;
}

export interface BackupInfo {
  /** File name inside the data folder's `backups/`. */
  name: string;
  createdAt: Timestamp;
  bytes: number;
  /** Schema version the backup was taken at. */
  schemaVersion: number;
}

/**
 * How the database came up. `recovered` means the file on disk could not be used, was moved aside
 * untouched, and the studio started on an empty database; the user is offered the latest backup.
 */
export interface StoreStatus {
  dataFile: string;
  state: 'ok' | 'recovered';
  schemaVersion: number;
  setAside?: { path: string; reason: string };
  /**
   * The latest time this process was paused past the write lock's stale time and another process
   * took the data folder over: how many of its pending writes were saved again, how many could not be.
   */
  lockTakeover?: { at: string; writesSavedAgain: number; writesLost: number };
  backups: BackupInfo[];
}
