import { profilesFromResult } from '@shared/workload/jobProfiles';
import type { ResultFile } from '../../../src-main/shared/experiment/experiment';
import { REPRODUCTIONS } from '../../../src-main/shared/results/reproductions';
import { pairedTTest } from '../../../src-main/shared/results/stats';
import { fixed, listed, mean, measureOnStored, measured, pValue, seedRange, signedPct, table } from '../format';
import { readStoredCheck, readStoredRuns, runsOf, type StoredPresetRuns } from '../storedRuns';
import type { LiuRangeRow } from '../../../tests/scenarios/liuNodeRange';

/** Liu's Finer-Grained CPU scheduler (thesis sec. 4): learnt requirements and the three patterns. */
const YARN = 'YARN (one core per task)';
const FINE = 'Finer-Grained CPU';
const PATTERNS = [
  {
    preset: 'liu-balanced',
    name: 'balanced',
    jobs: [
      ['pi', 'Pi', 'CPU'],
      ['teragen', 'TeraGen', 'I/O'],
    ],
  },
  {
    preset: 'liu-cpu-heavy',
    name: 'CPU-heavy',
    jobs: [
      ['pi', 'Pi', 'CPU'],
      ['bbp', 'Bbp', 'CPU'],
      ['teragen', 'TeraGen', 'I/O'],
    ],
  },
  {
    preset: 'liu-io-heavy',
    name: 'I/O-heavy',
    jobs: [
      ['pi', 'Pi', 'CPU'],
      ['teragen', 'TeraGen', 'I/O'],
      ['etl', 'ETL', 'I/O'],
    ],
  },
] as const;

/** One job's completion time, seed by seed. */
const jcts = (stored: StoredPresetRuns, scheduler: string, jobId: string) =>
  runsOf(stored, scheduler).map((r) => {
    const j = r.jobs?.find((x) => x.id === jobId);
    if (!j || j.submit === null || j.finish === null) throw new Error(`${stored.preset}: job ${jobId} did not finish under ${scheduler}, seed ${r.seed}`);
    return j.finish - j.submit;
  });
/** Mean map task time of a template over every seed (Tables 4.4-4.6). */
const mapSeconds = (stored: StoredPresetRuns, scheduler: string, template: string) => {
  const totals = runsOf(stored, scheduler).map((r) => r.profiles[template].maps);
  return totals.reduce((s, t) => s + t.wallSeconds, 0) / totals.reduce((s, t) => s + t.count, 0);
};

/** Mean map task time of a template, seed by seed. */
const mapSecondsBySeed = (stored: StoredPresetRuns, scheduler: string, template: string) =>
  runsOf(stored, scheduler).map((r) => r.profiles[template].maps.wallSeconds / r.profiles[template].maps.count);

/** The requirements the sample jobs teach (eq. 3.2-3.5), as `profile` prints them. */
export function learntRequirements(): Record<string, number | 'default' | null> {
  const stored = readStoredRuns('liu-samples');
  const profiles = profilesFromResult({
    runs: stored.runs.map((r) => ({ ...r, summary: { ...r.summary, schedulerCalls: 0, events: 0 }, jobs: r.jobs ?? [] })),
  } as unknown as ResultFile);
  return Object.fromEntries(profiles.map((p) => [p.template, p.cpuRequirement.map]));
}

/** Table 4.3's requirements, which the sample jobs should teach. */
const TABLE_4_3: Record<string, number> = { Pi: 100, Bbp: 100, TeraGen: 49, ETL: 47 };

function requirementsLine(): string {
  const req = learntRequirements();
  const same = Object.entries(TABLE_4_3).every(([t, x]) => req[t] === x);
  return `\`profile samples.json\` learns the requirements ${Object.keys(TABLE_4_3)
    .map((t) => `${t} ${req[t]}`)
    .join(', ')} (Table 4.3: ${
    same
      ? 'the same'
      : Object.entries(TABLE_4_3)
          .map(([t, x]) => `${t} ${x}`)
          .join(', ')
  }).`;
}

interface JobChange {
  pattern: string;
  job: string;
  kind: string;
  yarn: number;
  fine: number;
  change: number;
  p: number | null;
  mapYarn: number;
  mapFine: number;
  /** The paired test of the mean map time, seed by seed. */
  mapP: number | null;
}

function changes(): JobChange[] {
  return PATTERNS.flatMap(({ preset, name, jobs }) => {
    const stored = readStoredRuns(preset);
    return jobs.map(([id, template, kind]) => {
      const y = jcts(stored, YARN, id);
      const f = jcts(stored, FINE, id);
      return {
        pattern: name,
        job: template,
        kind,
        yarn: mean(y),
        fine: mean(f),
        change: (mean(f) - mean(y)) / mean(y),
        p: pairedTTest(f, y).p,
        mapYarn: mapSeconds(stored, YARN, template),
        mapFine: mapSeconds(stored, FINE, template),
        mapP: pairedTTest(mapSecondsBySeed(stored, FINE, template), mapSecondsBySeed(stored, YARN, template)).p,
      };
    });
  });
}

function changeTable(): string {
  const seeds = [...new Set(PATTERNS.flatMap((p) => readStoredRuns(p.preset).seeds))];
  const rows = changes().map((c) => [
    c.pattern,
    `${c.job} (${c.kind})`,
    fixed(c.yarn, 1),
    fixed(c.fine, 1),
    signedPct(100 * c.change),
    pValue(c.p),
    `${fixed(c.mapYarn, 1)} → ${fixed(c.mapFine, 1)} s`,
  ]);
  return `Mean job completion time over ${seedRange(seeds)}, seconds; the paired t-test of the job's time across those seeds; mean map task time:\n\n${table(['pattern', 'job', 'YARN (one core per task)', 'Finer-Grained CPU', 'change', 'paired test', 'map task time, YARN → Finer-Grained'], rows)}`;
}

function findings(): string {
  const entry = REPRODUCTIONS.find((r) => r.id === 'liu')!;
  const lines: string[] = [];
  const kinds: string[] = [];
  for (const p of entry.presets) {
    const preset = p.file.replace('.experiment.json', '');
    for (const m of p.measures) {
      const o = measureOnStored(preset, m);
      kinds.push(o.verdict?.kind ?? 'none');
      lines.push(`${PATTERNS.find((x) => x.preset === preset)!.name} pattern: ${measured(m, o)}`);
    }
  }
  const slower = changes().filter((c) => c.mapFine > c.mapYarn * 1.03);
  const verdict = kinds.every((k) => k === 'within')
    ? "**Reproduced**: every measure lies in the paper's range."
    : `**Reproduced in part**: ${kinds.filter((k) => k === 'within').length} of ${kinds.length} measures lie in the paper's range.`;
  return [
    `${verdict} Job by job against YARN (the Reproduce area's measures, with the paired test across seeds):`,
    '',
    ...lines.map((l) => `- ${l}`),
    '',
    slower.length
      ? `Map tasks more than 3 % slower under Finer-Grained: ${listed(slower.map((c) => `${c.job} in the ${c.pattern} pattern (${fixed(c.mapYarn, 1)} → ${fixed(c.mapFine, 1)} s, ${c.mapP !== null && c.mapP < 0.05 ? 'separated' : 'not separated'} by the paired test across seeds, ${pValue(c.mapP)})`))}.`
      : 'No map task is more than 3 % slower under Finer-Grained in any pattern.',
  ].join('\n');
}

/** Pi's gain over 6-12 datanodes on redrawn job sizes, the two patterns where the thesis finds one. */
function nodeRange(): string {
  const rows = readStoredCheck<LiuRangeRow[]>('liu-node-range');
  const name = (p: LiuRangeRow['pattern']) => (p === 'liu-balanced' ? 'balanced' : 'I/O-heavy');
  const body = rows.map((r) => [
    name(r.pattern),
    String(r.nodes),
    signedPct(mean(r.piChangePct)),
    `${signedPct(Math.min(...r.piChangePct))} to ${signedPct(Math.max(...r.piChangePct))}`,
    pValue(r.p),
  ]);
  const statement = (['liu-balanced', 'liu-io-heavy'] as const).map((p) => {
    const mine = rows.filter((r) => r.pattern === p);
    const means = mine.map((r) => mean(r.piChangePct));
    const separated = mine.filter((r) => r.p !== null && r.p < 0.05).map((r) => r.nodes);
    return `- ${name(p)}: Pi ${signedPct(Math.max(...means))} to ${signedPct(Math.min(...means))} on average over ${mine[0].nodes}-${mine[mine.length - 1].nodes} datanodes, separated from no difference ${separated.length === mine.length ? 'at every size' : separated.length ? `at ${listed(separated.map(String))} datanodes only` : 'at no size'}.`;
  });
  return `Pi's mean job time under Finer-Grained against YARN on ${rows[0].piChangePct.length} redrawn workloads per cluster size (each job's maps the preset's × datanodes / 8 × a factor drawn from 0.8 to 1.2; paired test across the replicates):\n\n${statement.join('\n')}\n\n${table(['pattern', 'datanodes', 'Pi, mean change', 'per replicate', 'paired test'], body)}`;
}

export const liuBlocks = (): Record<string, string> => ({
  'liu-node-range': nodeRange(),
  'liu-requirements': requirementsLine(),
  'liu-table': changeTable(),
  'liu-findings': findings(),
});
