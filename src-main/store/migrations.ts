import type { Database } from 'sql.js';
import type { BatchInputs, RunPlan } from '@shared/experiment/design';
import { formerDefaultLabel, formerLabel, runName, unsweptBaseName } from '@shared/experiment/runNames';
import { SIMULATION_LABELS } from '@shared/experiment/simulationLabels';
import { withFormerDefaults } from '@shared/experiment/simulation';
import { isBuiltInKind, optionLabel, schedulerLabel, type SchedulerSpec } from '@shared/schedulers';
import type { WorkloadSpec } from '@shared/workload/workload';
import type { StoredRunResult } from './storedRun';
import { packColumns } from '../formats/columns';
import { PayloadFiles } from './payloads';
import { prepareRun } from './runPayload';
import { selectAll } from './rows';
import { encodeInputs, encodeWorkload } from './workloadPayload';

/** "WKST": marks a SQLite file as ours, so a foreign database is never migrated or overwritten. */
export const APPLICATION_ID = 0x574b5354;

/** What a step may use besides the database: the folder of payload files (written before the save that names them). */
export interface MigrationContext {
  payloads: PayloadFiles;
}

export interface Migration {
  version: number;
  description: string;
  up(db: Database, context: MigrationContext): void;
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
        db.run("INSERT INTO batches (id, name, inputs_json, status, created_at, updated_at, finished_at) VALUES (?, ?, ?, 'finished', ?, ?, ?)", [
          id,
          name,
          JSON.stringify({ legacyExperiment: JSON.parse(String(spec)) }),
          created,
          created,
          created,
        ]);
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
  {
    version: 4,
    description: "large payloads leave the database: runs' per-job results and columns, trace job lists",
    up(db, { payloads }) {
      // Before this, every save rewrote every run's blob (76 MB after 1,200 small runs) and held the
      // write lock for it. Rows now name content-addressed files; the premigration backup keeps the
      // old file whole, and the VACUUM after the migration returns the freed pages.
      db.run(`
        ALTER TABLE runs ADD COLUMN jobs_ref TEXT;
        ALTER TABLE runs ADD COLUMN columns_ref TEXT;
        ALTER TABLE runs ADD COLUMN columns_bytes INTEGER;
      `);
      const runs = selectAll<{ id: string }>(db, 'SELECT id FROM runs WHERE summary_json IS NOT NULL');
      for (const { id } of runs) {
        const row = db.exec('SELECT summary_json, result_blob FROM runs WHERE id = ?', [id])[0].values[0];
        const blob = (row[1] as Uint8Array | null) ?? packColumns({});
        const prepared = prepareRun(JSON.parse(String(row[0])) as StoredRunResult, blob);
        payloads.ensure(prepared.perJob);
        payloads.ensure(prepared.columns);
        db.run('UPDATE runs SET summary_json = ?, jobs_ref = ?, columns_ref = ?, columns_bytes = ? WHERE id = ?', [
          prepared.head,
          prepared.perJob.ref,
          prepared.columns.ref,
          blob.length,
          id,
        ]);
      }
      db.run('ALTER TABLE runs DROP COLUMN result_blob');
      for (const { id, spec_json } of selectAll<{ id: string; spec_json: string }>(db, 'SELECT id, spec_json FROM workloads')) {
        const encoded = encodeWorkload(JSON.parse(spec_json) as WorkloadSpec);
        encoded.payloads.forEach((p) => payloads.ensure(p));
        if (encoded.payloads.length) db.run('UPDATE workloads SET spec_json = ? WHERE id = ?', [JSON.stringify(encoded.stored), id]);
      }
      for (const { id } of selectAll<{ id: string }>(db, 'SELECT id FROM batches')) {
        const inputs = JSON.parse(String(db.exec('SELECT inputs_json FROM batches WHERE id = ?', [id])[0].values[0][0])) as
          BatchInputs | { legacyExperiment: unknown };
        if ('legacyExperiment' in inputs) continue;
        const encoded = encodeInputs(inputs);
        encoded.payloads.forEach((p) => payloads.ensure(p));
        if (encoded.payloads.length) db.run('UPDATE batches SET inputs_json = ? WHERE id = ?', [JSON.stringify(encoded.stored), id]);
      }
    },
  },
  {
    version: 5,
    description: "runs' decision reasons leave their rows for the runs' per-job files",
    up(db, { payloads }) {
      // A day's trace gives each run about a megabyte of reasons; in the rows (33 MB after twelve
      // runs) every save rewrote them and every read of the history parsed them.
      const runs = selectAll<{ id: string; summary_json: string; jobs_ref: string | null }>(
        db,
        "SELECT id, summary_json, jobs_ref FROM runs WHERE summary_json IS NOT NULL AND json_type(summary_json, '$.reasons') IS NOT NULL",
      );
      for (const { id, summary_json, jobs_ref } of runs) {
        const { reasons, reasonKinds, ...head } = JSON.parse(summary_json) as StoredRunResult;
        const perJob = jobs_ref ? payloads.readJson<Record<string, unknown>>(jobs_ref, `run ${id}'s result`) : {};
        const file = PayloadFiles.json({ ...perJob, reasons, ...(reasonKinds ? { reasonKinds } : {}) });
        payloads.ensure(file);
        db.run('UPDATE runs SET summary_json = ?, jobs_ref = ? WHERE id = ?', [JSON.stringify(head), file.ref, id]);
      }
    },
  },
  {
    version: 6,
    description: "swept runs' names in the words of the designer's cards, not the parameter's key",
    up(db) {
      const runs = selectAll<{ id: string; plan_json: string; summary_json: string | null; inputs_json: string }>(
        db,
        "SELECT r.id, r.plan_json, r.summary_json, b.inputs_json FROM runs r JOIN batches b ON b.id = r.batch_id WHERE json_extract(r.plan_json, '$.sweepValue') IS NOT NULL",
      );
      for (const run of runs) {
        const plan = JSON.parse(run.plan_json) as RunPlan;
        const inputs = JSON.parse(run.inputs_json) as Partial<BatchInputs>;
        const kind = (run.summary_json ? (JSON.parse(run.summary_json) as { kind?: string }).kind : undefined) ?? inputs.schedulers?.[plan.scheduler]?.kind;
        const label = sweptNameInWords(plan.label, plan.sweepValue!, kind);
        if (label === plan.label) continue;
        db.run('UPDATE runs SET plan_json = ?, scheduler = ? WHERE id = ?', [JSON.stringify({ ...plan, label }), label, run.id]);
      }
    },
  },
  {
    version: 7,
    description: "a swept card's runs named with the swept value applied to the card (a greedy Fair card swept to a 5 s wait runs delay scheduling)",
    up(db) {
      const runs = selectAll<{ id: string; plan_json: string; inputs_json: string }>(
        db,
        "SELECT r.id, r.plan_json, b.inputs_json FROM runs r JOIN batches b ON b.id = r.batch_id WHERE json_extract(r.plan_json, '$.sweepValue') IS NOT NULL",
      );
      for (const run of runs) {
        const plan = JSON.parse(run.plan_json) as RunPlan;
        const inputs = JSON.parse(run.inputs_json) as Partial<BatchInputs>;
        const sweep = inputs.sweep;
        const spec = inputs.schedulers?.[plan.scheduler];
        if (sweep?.target !== 'scheduler' || sweep.scheduler !== plan.scheduler || !spec) continue;
        const label = renamedSweptRun(plan, spec, sweep);
        if (label !== plan.label) db.run('UPDATE runs SET plan_json = ?, scheduler = ? WHERE id = ?', [JSON.stringify({ ...plan, label }), label, run.id]);
      }
    },
  },
  {
    version: 8,
    description: 'a run swept to one server named "· 1 server", not "· 1 servers"',
    up(db) {
      const runs = selectAll<{ id: string; plan_json: string; inputs_json: string }>(
        db,
        "SELECT r.id, r.plan_json, b.inputs_json FROM runs r JOIN batches b ON b.id = r.batch_id WHERE json_extract(r.plan_json, '$.sweepValue') = 1",
      );
      for (const run of runs) {
        const plan = JSON.parse(run.plan_json) as RunPlan;
        const inputs = JSON.parse(run.inputs_json) as Partial<BatchInputs>;
        // The count is the sweep's own words after the card's label ("mine · 1 servers"), so only it changes.
        if (inputs.sweep?.target !== 'servers' || !plan.label.endsWith(' · 1 servers')) continue;
        const label = plan.label.replace(/ · 1 servers$/, ' · 1 server');
        db.run('UPDATE runs SET plan_json = ?, scheduler = ? WHERE id = ?', [JSON.stringify({ ...plan, label }), label, run.id]);
      }
    },
  },
  {
    version: 9,
    description: 'runs of a card without a label named in words ("FIFO", "Fair (delay)"), not by the kind in lower case ("fifo", "fair (delay)")',
    up(db) {
      // Every run is read, so each batch's inputs are parsed once, not once per run.
      const inputsOf = new Map(
        selectAll<{ id: string; inputs_json: string }>(db, 'SELECT id, inputs_json FROM batches').map((b) => [
          b.id,
          JSON.parse(b.inputs_json) as Partial<BatchInputs>,
        ]),
      );
      const runs = selectAll<{ id: string; batch_id: string; plan_json: string }>(db, 'SELECT id, batch_id, plan_json FROM runs');
      for (const run of runs) {
        const plan = JSON.parse(run.plan_json) as RunPlan;
        const inputs = inputsOf.get(run.batch_id);
        if (!inputs) continue;
        const spec = inputs.schedulers?.[plan.scheduler];
        const label = inputs.sources ? renamedCopy(plan, spec) : renamedDefault(plan, spec, inputs.sweep);
        if (label !== plan.label) db.run('UPDATE runs SET plan_json = ?, scheduler = ? WHERE id = ?', [JSON.stringify({ ...plan, label }), label, run.id]);
      }
    },
  },
  {
    version: 10,
    description: 'saved designs and batches keep the setting whose default changed as they ran: reduces heard of each finished map at once (mapOutputPollS 0)',
    up(db) {
      // From this build a reduce asks for finished maps every second unless told otherwise. A design
      // or batch saved before the setting existed ran with the former value; written in, it stays.
      for (const { id, spec_json } of selectAll<{ id: string; spec_json: string }>(db, 'SELECT id, spec_json FROM experiments')) {
        const spec = JSON.parse(spec_json) as { simulation?: unknown };
        const simulation = withFormerDefaults(spec.simulation);
        if (JSON.stringify(simulation) !== JSON.stringify(spec.simulation))
          db.run('UPDATE experiments SET spec_json = ? WHERE id = ?', [JSON.stringify({ ...spec, simulation }), id]);
      }
      for (const { id, inputs_json } of selectAll<{ id: string; inputs_json: string }>(db, 'SELECT id, inputs_json FROM batches')) {
        const inputs = JSON.parse(inputs_json) as Partial<BatchInputs> & { legacyExperiment?: unknown };
        // Version 1's batches hold only their experiment file, which says what it ran with.
        if ('legacyExperiment' in inputs) continue;
        const pinned = {
          ...inputs,
          ...(inputs.simulation ? { simulation: withFormerDefaults(inputs.simulation) } : {}),
          ...(inputs.sources
            ? { sources: inputs.sources.map((src) => (src.simulation ? { ...src, simulation: withFormerDefaults(src.simulation) } : src)) }
            : {}),
        };
        const json = JSON.stringify(pinned);
        if (json !== inputs_json) db.run('UPDATE batches SET inputs_json = ? WHERE id = ?', [json, id]);
      }
    },
  },
];

/**
 * A run of a card without a label named as version 9 names it: only a name that is exactly the one
 * earlier builds gave (formerDefaultLabel, with the swept value as runNames.ts words it) changes, so
 * a name the user wrote stays; a card this build cannot name keeps its name.
 */
function renamedDefault(plan: RunPlan, spec: SchedulerSpec | undefined, sweep: BatchInputs['sweep']): string {
  if (!builtIn(spec)) return plan.label;
  try {
    return plan.label === runName(spec, sweep, plan.sweepValue, formerLabel) ? runName(spec, sweep, plan.sweepValue) : plan.label;
  } catch {
    return plan.label;
  }
}

/**
 * Version 9 renamed the built-ins' cards only: an added scheduler's runs kept their kind as their
 * name then (the store may open before its plug-in is loaded, so later renames of those are not made here).
 */
function builtIn(spec: SchedulerSpec | undefined): spec is SchedulerSpec {
  // The names come from the built-ins' descriptions: without them every run would be renamed to its kind.
  if (!isBuiltInKind('fifo'))
    throw new Error('the built-in schedulers are not registered in this process: import src-main/schedulers/registry.ts before opening a store');
  return spec !== undefined && isBuiltInKind(spec.kind);
}

/**
 * A run copied into a comparison across history (inputs.sources), named as version 9 names it: its
 * name is its source's ("fair (delay) · Node-locality wait s = 5") and the entry it came from
 * ("— March run"), its card the one the source ran (a swept value applied), so the former default
 * name at its start, up to what follows it, becomes today's.
 */
function renamedCopy(plan: RunPlan, spec: SchedulerSpec | undefined): string {
  const former = builtIn(spec) ? formerDefaultLabel(spec) : undefined;
  if (!spec || former === undefined) return plan.label;
  try {
    const follows = plan.label.slice(former.length);
    return plan.label.startsWith(former) && /^( — | · | \(\d+\)$|$)/.test(follows) ? schedulerLabel(spec) + follows : plan.label;
  } catch {
    return plan.label;
  }
}

/**
 * A swept card's run named as version 7 names it: only a name that is exactly the one version 6
 * gave (the card's label as saved, then the value) changes, so a label the user wrote stays. A card
 * this build cannot name (saved by a build with other schedulers, or with settings it no longer
 * reads) keeps its name: a migration must not stop the store from opening.
 */
function renamedSweptRun(plan: RunPlan, spec: SchedulerSpec, sweep: Extract<NonNullable<BatchInputs['sweep']>, { target: 'scheduler' }>): string {
  try {
    // In the names of that version's cards (version 9 renames the defaults after).
    return plan.label === unsweptBaseName(spec, sweep, plan.sweepValue!, formerLabel) ? runName(spec, sweep, plan.sweepValue, formerLabel) : plan.label;
  } catch {
    return plan.label;
  }
}

/**
 * A swept run's name as builds before version 6 wrote it ("fair (delay) nodeLocalityWaitS=5",
 * "fifo · heartbeatS=3"), in the words the designer's cards use ("fair (delay) · Node-locality
 * wait s = 5", "fifo · Heartbeat s = 3", as shared/experiment/runNames.ts now names runs). Only a
 * name ending in a known setting's key and the run's own swept value is one of those; any other
 * (a label the user wrote, a count of servers) is kept as it is.
 */
export function sweptNameInWords(label: string, value: number, kind: string | undefined): string {
  const text = String(Number(value.toPrecision(6)));
  const simulation = / · ([a-z][A-Za-z0-9]*)=([^ =]+)$/.exec(label);
  if (simulation && simulation[2] === text && Object.hasOwn(SIMULATION_LABELS, simulation[1]))
    return `${label.slice(0, simulation.index)} · ${SIMULATION_LABELS[simulation[1]].replace(/ \(optional\)$/, '')} = ${text}`;
  const option = / ([a-z][A-Za-z0-9]*)=([^ =]+)$/.exec(label);
  if (!option || option[2] !== text || kind === undefined) return label;
  const words = optionLabel(kind, option[1]);
  return words === option[1] ? label : `${label.slice(0, option.index)} · ${words} = ${text}`;
}

export const LATEST_VERSION = migrations[migrations.length - 1].version;
