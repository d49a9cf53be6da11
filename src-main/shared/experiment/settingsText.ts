import { choiceLabel, optionLabel, schedulerTitle, type QueueConfig, type SchedulerSpec } from '../schedulers';
import { simulationLabel } from './simulationLabels';
import type { Experiment } from './experiment';

/**
 * Settings in the words the designer shows them, a number with its unit as one reads it
 * ("Heartbeat 3 s · Contention full"), for a reader of a report; the experiment file beside them
 * keeps the exact values a rerun reads.
 */
function valueText(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return v.toLocaleString('en-US', { maximumFractionDigits: 6 });
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.length === 0 ? 'none' : v.map(valueText).join('; ');
  // A nested setting (a queue, a failure): its own fields in order, by their keys.
  return `(${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${k} ${valueText(x)}`)
    .join(', ')})`;
}

/** A card's label ending in its unit ("Heartbeat s", "Disk GB / node"), and "(optional)", which a set value does not need. */
const UNIT_LABEL = /^(.+?) (s|MB|GB|GB \/ node|MB\/s|s\/MB)(?: \(optional\))?$/;

/** One setting: a number after its name and before its unit ("Node timeout 600 s"), anything else after its label. */
function settingText(label: string, raw: unknown, text: string): string {
  const unit = UNIT_LABEL.exec(label);
  if (unit && typeof raw === 'number') return `${unit[1]} ${text} ${unit[2]}`;
  return `${label.replace(/ \(optional\)$/, '')} ${text}`;
}

const joined = (settings: [label: string, raw: unknown, text: string][]) => settings.map(([k, raw, v]) => settingText(k, raw, v)).join(' · ');

/** A Capacity queue as its card shows it: name, share of its parent, the most it may grow to, its children. */
function queueText(q: QueueConfig): string {
  const children = q.children.length ? ` [${q.children.map(queueText).join('; ')}]` : '';
  return `${q.name} ${valueText(q.capacity)} % (at most ${valueText(q.maxCapacity)} %)${children}`;
}

/** Scheduler values with a shape of their own: queues and Fair's pools. */
const SCHEDULER_VALUES: Partial<Record<string, (v: unknown) => string | undefined>> = {
  queues: (v) => (Array.isArray(v) && v.length ? (v as QueueConfig[]).map(queueText).join('; ') : undefined),
  pools: (v) =>
    Array.isArray(v) && v.length
      ? (v as { name: string; minShare: number; weight: number }[])
          .map((p) => `${p.name} (min share ${valueText(p.minShare)}, weight ${valueText(p.weight)})`)
          .join('; ')
      : undefined,
};

/** Per-template settings the card does not show (they travel in the experiment file): a name and which templates have them. */
const FILE_ONLY: Partial<Record<string, string>> = { profiles: 'Profiles', scaling: 'Scaling factors (eq. 9-10)' };
const perTemplate = (v: unknown) => {
  const templates = v && typeof v === 'object' ? Object.keys(v) : [];
  return templates.length ? `for ${templates.join(', ')} (in the experiment file)` : 'none';
};

/** A scheduler's kind and every setting it was run with, by the designer's labels. */
export function schedulerSettingsText(spec: SchedulerSpec): string {
  const title = schedulerTitle(spec.kind);
  // A chosen value reads in the designer's words ("Order inside a queue First come, first served
  // (YARN default)", not "fifo").
  const pairs = Object.entries(spec)
    .filter(([k]) => k !== 'kind' && k !== 'label')
    .map(([k, v]): [string, unknown, string] =>
      FILE_ONLY[k]
        ? [FILE_ONLY[k], v, perTemplate(v)]
        : [optionLabel(spec.kind, k), v, SCHEDULER_VALUES[k]?.(v) ?? choiceLabel(spec.kind, k, v) ?? valueText(v)],
    );
  return pairs.length ? `${title}: ${joined(pairs)}` : title;
}

/** Simulation values whose plain number or list would mislead a reader. */
const SIMULATION_VALUES: Partial<Record<string, (v: unknown) => string | undefined>> = {
  maxHeartbeatsPerSecond: (v) => (v === 0 ? 'no limit' : undefined),
  failures: (v) =>
    Array.isArray(v) && v.length ? (v as { node: string; atS: number }[]).map((f) => `${f.node} at ${valueText(f.atS)} s`).join('; ') : undefined,
};

/** Settings whose value makes the label's own words wrong: said whole instead ("every 0 s" means at once). */
const SIMULATION_PHRASES: Partial<Record<string, (v: unknown) => string | undefined>> = {
  mapOutputPollS: (v) => (v === 0 ? 'Reduces hear of each finished map at once' : undefined),
};

/** The simulation options by the designer's labels. */
export function simulationSettingsText(simulation: Record<string, unknown>): string {
  return Object.entries(simulation)
    .map(([k, v]) => SIMULATION_PHRASES[k]?.(v) ?? settingText(simulationLabel(k), v, SIMULATION_VALUES[k]?.(v) ?? valueText(v)))
    .join(' · ');
}

/** What a sweep varies, and over which values: "Alpha of scheduler 2 (PRISM): 0.1, 0.5, 1". */
export function sweepText(e: Pick<Experiment, 'sweep' | 'schedulers'>): string {
  const sw = e.sweep;
  if (!sw) return '';
  const values = sw.values.map(valueText).join(', ');
  if (sw.target === 'servers') return `Servers per cluster: ${values}`;
  if (sw.target === 'simulation') return `${simulationLabel(sw.parameter)}: ${values}`;
  const spec = e.schedulers[sw.scheduler] as SchedulerSpec | undefined;
  return spec
    ? `${optionLabel(spec.kind, sw.parameter)} of scheduler ${sw.scheduler + 1} (${schedulerTitle(spec.kind)}): ${values}`
    : `${sw.parameter} of scheduler ${sw.scheduler + 1}: ${values}`;
}
