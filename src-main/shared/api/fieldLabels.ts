import { ARIA_FIELD_LABELS } from '../aria/profile';
import { SIMULATION_LABELS } from '../experiment/simulationLabels';

/**
 * A field of the studio's own values (a dotted path as validation reports it, `runs.1.summary.meanJct`)
 * in the words a user reads: "run 2 › summary › mean job completion time". Lists count from 1;
 * known fields read as their labels elsewhere in the studio; any other camelCase name is spelt out.
 * One place, so every message that names a field names it the same way.
 */

/** Collections whose entries a path indexes, as one entry is called. */
const ENTRY: Partial<Record<string, string>> = {
  runs: 'run',
  jobs: 'job',
  schedulers: 'scheduler',
  points: 'point',
  racks: 'rack',
  hosts: 'server',
  vms: 'VM',
  hostTypes: 'server type',
  vmTypes: 'VM type',
  disks: 'disk',
  mix: 'mix row',
  seeds: 'seed',
  clusters: 'cluster',
  workloads: 'workload',
  failures: 'failure',
  values: 'value',
  dependsOn: 'dependency',
  scaleFrom: 'scaling run',
  mrClusters: 'MR-cluster',
  queues: 'queue',
  children: 'queue',
  pools: 'pool',
  members: 'picked entry',
  templates: 'template',
  nodes: 'node',
};

/** Fields whose label is not their name spelt out. */
const LABEL: Partial<Record<string, string>> = {
  meanJct: 'mean job completion time',
  medianJct: 'median job completion time',
  p95Jct: '95th percentile job completion time',
  deadlineS: 'deadline (s)',
  // A job's times, as the jobs table's columns name them ("Submit (s)", "Deadline (s)").
  submit: 'submit (s)',
  deadline: 'deadline (s)',
  deadlineHitRate: 'deadlines met',
  throughputJobsPerHour: 'throughput (jobs/h)',
  inputMb: 'input (MB)',
  shuffleMb: 'shuffle (MB)',
  outputMb: 'output (MB)',
  outputMbPerMap: 'output MB per map',
  inputMbPerMap: 'input MB per map',
  shuffleMbPerMap: 'shuffle MB per map',
  setupCommitS: 'set-up and commit (s)',
  mapCpuSPerMb: 'map CPU s per MB',
  mapCpuSPerTask: 'map CPU s per map',
  reduceCpuSPerMb: 'reduce CPU s per MB',
  reduceCpuSPerTask: 'reduce CPU s per reduce',
  mapSeconds: 'map times (s)',
  reduceSeconds: 'reduce times (s)',
  mapSelectivity: 'map selectivity',
  reduceSelectivity: 'reduce selectivity',
  memoryGb: 'memory (GB)',
  memoryMb: 'memory (MB)',
  nicMBps: 'NIC (MB/s)',
  readMBps: 'read (MB/s)',
  writeMBps: 'write (MB/s)',
  rackUplinkMBps: 'rack uplink (MB/s)',
  blockSizeMb: 'block size (MB)',
  vcpus: 'vCPUs',
  tau: 'threshold τ',
  psi: 'ψ',
  mrCluster: 'MR-cluster',
  meanAnp: 'mean ANP',
  jainIndex: "Jain's fairness index",
  cpu: 'CPU',
  cpuCores: 'CPU cores',
  hdfs: 'HDFS',
  id: 'id',
  members: 'picked entries',
  kind: 'kind',
};

/** A camelCase name spelt out, units as the studio writes them: `submitS` → "submit (s)", `mapSlots` → "map slots". */
function spelt(name: string): string {
  const unit = /(S|Mb|MBps|Gb|Ms)$/.exec(name);
  const units: Record<string, string> = { S: 's', Mb: 'MB', MBps: 'MB/s', Gb: 'GB', Ms: 'ms' };
  const stem = unit && unit.index > 0 ? name.slice(0, unit.index) : name;
  const words = stem.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return unit && unit.index > 0 ? `${words} (${units[unit[1]]})` : words;
}

/** ARIA's profile fields (sec. 3.2) and scaling coefficients (eq. 9-10), as the planner names them. */
const ARIA_LABEL: Partial<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(ARIA_FIELD_LABELS).map(([k, v]) => [k, v.charAt(0).toLowerCase() + v.slice(1)])),
  c0: 'C₀ (s)',
  c1: 'C₁ (s per MB per reduce)',
  scaling: 'scaling factors (eq. 9-10)',
};

/** Records keyed by a template's name: the key after them is a name the user gave, kept as written. */
const BY_TEMPLATE = new Set(['scaling', 'aria']);
/** What a design's pinned `profiles` holds, each keyed by template; anything else under `profiles` (a MinEDF card's) is a template. */
const PINNED_PARTS = new Set(['pinnedAt', 'phases', 'cpuRequirements', 'aria', 'sources']);

/**
 * A Simulation card's label as a field of a message: the card shows its unit after the label, beside
 * the input ("Heartbeat s"), and a message puts it in brackets ("heartbeat (s)"); "optional" says
 * nothing about a value the user did give.
 */
function simulationField(label: string): string {
  const bare = label.replace(/ \(optional\)$/, '').replace(/ (s|MB\/s|s\/MB)$/, ' ($1)');
  return bare.charAt(0).toLowerCase() + bare.slice(1);
}

function labelOf(segment: string): string {
  const simulation = SIMULATION_LABELS[segment] as string | undefined;
  return LABEL[segment] ?? ARIA_LABEL[segment] ?? (simulation ? simulationField(simulation) : spelt(segment));
}

function isTemplateKey(parts: readonly string[], i: number): boolean {
  const [grandparent, parent] = [parts.at(i - 2), parts.at(i - 1)];
  if (i === 0 || parent === undefined) return false;
  if (BY_TEMPLATE.has(parent)) return true;
  if (parent === 'profiles') return !PINNED_PARTS.has(parts[i]);
  return grandparent === 'profiles' && PINNED_PARTS.has(parent) && parent !== 'pinnedAt';
}

/** Names of a request's envelope, not of anything the user filled in. */
const ENVELOPE = new Set(['spec', 'params', 'request', 'content']);

export function fieldLabel(path: string): string {
  if (!path) return '';
  const parts = path.split('.');
  if (parts.length > 1 && ENVELOPE.has(parts[0])) parts.shift();
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const next = parts.at(i + 1);
    if (next !== undefined && /^\d+$/.test(next)) {
      out.push(`${ENTRY[parts[i]] ?? labelOf(parts[i])} ${Number(next) + 1}`);
      i++;
    } else if (/^\d+$/.test(parts[i])) {
      out.push(`entry ${Number(parts[i]) + 1}`);
    } else if (isTemplateKey(parts, i)) {
      out.push(`"${parts[i]}"`);
    } else {
      out.push(labelOf(parts[i]));
    }
  }
  return out.join(' › ');
}

/** Problems of one value as one line a person reads: each field by its label, every problem listed (up to `shown`, then how many more). */
export function problemsInWords(problems: readonly { field: string; message: string; line?: number }[], shown = 10): string {
  const said = problems.slice(0, shown).map((p) => `${p.line ? `line ${p.line}, ` : ''}${p.field ? `${fieldLabel(p.field)}: ` : ''}${p.message}`);
  const more = problems.length - said.length;
  return `${said.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
