import type { Database } from 'sql.js';
import type { BatchInputs, BatchSummary, RunStatus } from '@shared/experiment/design';
import { knowRecordedCards, schedulerLabel, type SchedulerSpec } from '@shared/schedulers';
import type { PluginRef } from '@shared/experiment/experiment';
import { failureSummary } from '@shared/experiment/failureOutlook';
import { decodeInputs } from './workloadPayload';
import type { Store } from './database';
import { StoreError } from './errors';
import { selectOne } from './rows';

/** The run history's rows as the store keeps them, and what the reads and writes of batches share. */

export interface BatchRow {
  id: string;
  name: string;
  experiment_id: string | null;
  tags_json: string;
  inputs_json: string;
  status: BatchSummary['status'];
  created_at: string;
  finished_at: string | null;
}

export interface RunRow {
  run_index: number;
  plan_json: string;
  status: RunStatus;
  error: string | null;
  summary_json: string | null;
}

/** Inputs as saved; batches carried over from version 1 hold only the experiment file they ran. */
export function parseInputs(json: string, store: Store): BatchInputs | undefined {
  const value = JSON.parse(json) as BatchInputs | { legacyExperiment: unknown };
  return 'legacyExperiment' in value ? undefined : decodeInputs(value, store.payloads);
}

/**
 * Statuses as the API names them. The table keeps an interrupted batch as cancelled with the
 * reason beside it, and its runs that never ended as cancelled without a result.
 */
export const batchStatusSql = (b: string) => `CASE WHEN ${b}.end_reason = 'interrupted' THEN 'interrupted' ELSE ${b}.status END`;
export const runStatusSql = (r: string, b: string) =>
  `CASE WHEN ${r}.status = 'cancelled' AND ${r}.summary_json IS NULL AND ${b}.end_reason = 'interrupted' THEN 'interrupted' ELSE ${r}.status END`;

/**
 * A batch as the history lists it. The inputs hold whole cluster and workload specs (a trace may
 * be megabytes), so only the names and scheduler specs are read out of the JSON, in SQLite.
 */
export const SUMMARY_SQL = `
  SELECT b.id, b.name, b.experiment_id, b.tags_json, ${batchStatusSql('b')} AS status, b.created_at, b.finished_at,
    (SELECT count(*) FROM runs r WHERE r.batch_id = b.id) AS runs,
    (SELECT count(*) FROM runs r WHERE r.batch_id = b.id AND r.status = 'finished') AS finished,
    (SELECT count(*) FROM runs r WHERE r.batch_id = b.id AND r.status = 'failed') AS failed,
    (SELECT json_group_array(json_extract(value, '$.name')) FROM json_each(b.inputs_json, '$.clusters')) AS clusters,
    (SELECT json_group_array(json_extract(value, '$.name')) FROM json_each(b.inputs_json, '$.workloads')) AS workloads,
    json_extract(b.inputs_json, '$.schedulers') AS schedulers,
    json_extract(b.inputs_json, '$.plugins') AS plugins,
    json_extract(b.inputs_json, '$.simulation.failures') AS failures,
    json_extract(b.inputs_json, '$.simulation.mtbfS') AS mtbf
  FROM batches b`;

export interface SummaryRow extends Omit<BatchRow, 'inputs_json'> {
  runs: number;
  finished: number;
  failed: number;
  clusters: string;
  workloads: string;
  schedulers: string | null;
  /** The batch's scheduler files (JSON), whose recorded cards name their runs when the files are gone. */
  plugins: string | null;
  /** The simulation's named failures (JSON) and mean time between failures, when set. */
  failures: string | null;
  mtbf: number | null;
}

export function toSummary(r: SummaryRow): BatchSummary {
  if (r.plugins) knowRecordedCards(JSON.parse(r.plugins) as PluginRef[]);
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
    failures: failureSummary({ failures: r.failures ? (JSON.parse(r.failures) as { node: string; atS: number }[]) : [], mtbfS: r.mtbf ?? undefined }),
  };
}

export function summaryOf(db: Database, id: string): BatchSummary {
  const row = selectOne<SummaryRow>(db, `${SUMMARY_SQL} WHERE b.id = ?`, [id]);
  if (!row) throw new StoreError('not_found', `no run history entry with id ${id}`, 'id');
  return toSummary(row);
}

/** The batch's row, or not found in words. */
export function requireBatchRow(db: Database, id: string): BatchRow {
  const row = selectOne<BatchRow>(db, 'SELECT * FROM batches WHERE id = ?', [id]);
  if (!row) throw new StoreError('not_found', `no run history entry with id ${id}`, 'id');
  return row;
}
