import { fixed, meanOver, measureOnStored, measured, measuredRuns, pct, seedRange, table, times } from '../format';
import { measure } from '../../../src-main/shared/results/reproductions';
import type { StoredPresetRuns } from '../storedRuns';
import { readStoredCheck, readStoredRuns } from '../storedRuns';
import type { BatchSizeRow } from '../../../tests/scenarios/prismBatchSizes';
import { catalogueMeasure } from './catalogue';

/** PRISM sec. 6: the two mixes' tables and what they show against the paper. */
const FAIR = 'Hadoop Fair Scheduler 0.20.2 (8/6 slots)';
const YARN = 'YARN Capacity (128 vcores)';
const PRISM = 'PRISM';
const MIXES = [
  { preset: 'prism-puma', name: 'PUMA' },
  { preset: 'prism-gridmix', name: 'Gridmix2' },
];

function mixTable(preset: string): string {
  const stored = readStoredRuns(preset);
  const rows = stored.schedulers.map((s) => [
    s,
    fixed(
      meanOver(stored, s, (r) => r.summary.meanJct),
      1,
    ),
    fixed(
      meanOver(stored, s, (r) => r.summary.makespan),
      1,
    ),
    pct(
      meanOver(stored, s, (r) => r.summary.utilization.cpu),
      1,
    ),
    fixed(
      meanOver(stored, s, (r) => r.summary.locality.node),
      1,
    ),
    fixed(
      meanOver(stored, s, (r) => r.summary.unfairness),
      3,
    ),
  ]);
  return `### ${MIXES.find((m) => m.preset === preset)!.name} batch (${seedRange(stored.seeds)}, each drawn afresh)\n\n${table(['scheduler', 'mean JCT s', 'makespan s', 'CPU util', 'node-local maps', 'unfairness (CV of ANP)'], rows)}`;
}

function findings(): string {
  const per = MIXES.map(({ preset }) => {
    const stored = readStoredRuns(preset);
    const m = (s: string, f: Parameters<typeof meanOver>[2]) => meanOver(stored, s, f);
    const jct = (s: string) => m(s, (r) => r.summary.meanJct);
    const cpu = (s: string) => m(s, (r) => r.summary.utilization.cpu);
    const local = (s: string) => m(s, (r) => r.summary.locality.node);
    const unfair = (s: string) => m(s, (r) => r.summary.unfairness);
    return {
      preset,
      overFair: jct(FAIR) / jct(PRISM),
      overYarn: jct(YARN) / jct(PRISM),
      cpuHighest: cpu(PRISM) > Math.max(cpu(FAIR), cpu(YARN)),
      localityBelowYarn: local(PRISM) < local(YARN),
      unfairBelowBoth: unfair(PRISM) < Math.min(unfair(FAIR), unfair(YARN)),
      unfairBelowYarn: unfair(PRISM) < unfair(YARN),
    };
  });
  const both = (f: (x: (typeof per)[number]) => boolean) =>
    per.every(f)
      ? 'on both batches'
      : per.some(f)
        ? `on the ${MIXES.filter((_, i) => f(per[i]))
            .map((x) => x.name)
            .join(' and ')} batch only`
        : 'on neither batch';
  const verdicts = MIXES.flatMap(({ preset, name }) =>
    ['jct-fair', 'jct-yarn'].map((id) => {
      const measure = catalogueMeasure('prism', preset, id);
      return `- ${name}: ${measured(measure, measureOnStored(preset, measure))}`;
    }),
  );
  return [
    `Here (${MIXES.map((m) => m.name).join(' / ')}): ${per.map((p) => times(p.overFair)).join(' / ')} against Fair and ${per.map((p) => times(p.overYarn)).join(' / ')} against YARN on mean job time;`,
    `CPU utilisation highest under PRISM ${both((p) => p.cpuHighest)}; locality below YARN's ${both((p) => p.localityBelowYarn)};`,
    per.every((p) => p.unfairBelowBoth)
      ? `unfairness below both Fair's and YARN's on both batches.`
      : `unfairness below both Fair's and YARN's ${both((p) => p.unfairBelowBoth)}, below YARN's ${both((p) => p.unfairBelowYarn)}.`,
    '',
    "The Reproduce area's measures, with the paired test across seeds:",
    '',
    ...verdicts,
  ].join('\n');
}

/** Mean job time per job type under each scheduler, over every seed's batch: where PRISM's gain is, and where it is not. */
function byJobType(): string {
  const header = ['batch', 'job', ...[FAIR, YARN, PRISM].map((s) => `${s} s`), 'Fair ÷ PRISM', 'YARN ÷ PRISM'];
  const rows: string[][] = [];
  for (const { preset, name } of MIXES) {
    const stored = readStoredRuns(preset);
    const meanOf = (scheduler: string, template: string) => {
      const times = stored.runs
        .filter((r) => r.scheduler === scheduler)
        .flatMap((r) => (r.jobs ?? []).filter((j) => j.template === template && j.finish !== null && j.submit !== null).map((j) => j.finish! - j.submit!));
      return times.reduce((s, x) => s + x, 0) / times.length;
    };
    const templates = [...new Set(stored.runs.flatMap((r) => (r.jobs ?? []).map((j) => j.template)))].sort();
    for (const t of templates) {
      const [fair, yarn, prism] = [FAIR, YARN, PRISM].map((s) => meanOf(s, t));
      rows.push([name, t, fixed(fair, 1), fixed(yarn, 1), fixed(prism, 1), times(fair / prism), times(yarn / prism)]);
    }
  }
  return `Mean job time by job type, over all seeds' batches:\n\n${table(header, rows)}`;
}

/** Fig. 15 as a curve: every batch size the paper ran, three seeds each, PRISM against Fair and YARN paired by seed. */
function batchSizes(): string {
  const rows = readStoredCheck<BatchSizeRow[]>('prism-batch-sizes');
  const p = (x: number | null) => (x === null ? 'no test' : x < 0.001 ? 'p < 0.001' : `p = ${x.toFixed(3)}`);
  const body = rows.map((r) => [
    MIXES.find((m) => m.preset === r.preset)!.name,
    String(r.jobs),
    ...[FAIR, YARN, PRISM].map((s) => fixed(r.meanJct[s], 0)),
    ...[FAIR, YARN, PRISM].map((s) => fixed(r.makespan[s], 0)),
    `${times(r.againstPrism[FAIR].ratio)} (${p(r.againstPrism[FAIR].p)})`,
    `${times(r.againstPrism[YARN].ratio)} (${p(r.againstPrism[YARN].p)})`,
  ]);
  // From which size on each comparison holds at every larger size too, separated by the paired test.
  const from = (preset: string, holds: (r: BatchSizeRow) => boolean) => {
    const sizes = rows.filter((r) => r.preset === preset);
    const i = sizes.findIndex((_, k) => sizes.slice(k).every(holds));
    return i < 0 ? 'at no size' : i === 0 ? 'at every size' : `from ${sizes[i].jobs} jobs on`;
  };
  const separated = (x: { ratio: number; p: number | null }) => x.ratio > 1 && x.p !== null && x.p < 0.05;
  const readings = MIXES.map(
    ({ preset, name }) =>
      `- ${name}: PRISM ahead of Fair ${from(preset, (r) => separated(r.againstPrism[FAIR]))}, of YARN ${from(preset, (r) => separated(r.againstPrism[YARN]))}; YARN's mean job time below Fair's ${from(preset, (r) => r.meanJct[YARN] < r.meanJct[FAIR])}.`,
  );
  return `Each batch size of Fig. 15, seeds 1-3, each drawing its batch afresh (mean job time and makespan in seconds; ratios are of mean job times, paired by seed; "ahead" means separated by the paired test, p < 0.05):\n\n${readings.join('\n')}\n\n${table(
    ['batch', 'jobs', 'Fair JCT', 'YARN JCT', 'PRISM JCT', 'Fair makespan', 'YARN makespan', 'PRISM makespan', 'Fair ÷ PRISM', 'YARN ÷ PRISM'],
    body,
  )}`;
}

/** The PUMA batch over seeds the preset never ran (tests/scenarios/prismPumaHeldOut.ts), with the Reproduce area's measures and test. */
function pumaHeldOut(): string {
  const stored = readStoredCheck<StoredPresetRuns>('prism-puma-held-out');
  const lines = ['jct-fair', 'jct-yarn'].map((id) => {
    const m = catalogueMeasure('prism', 'prism-puma', id);
    return `- ${measured(m, measure(m, measuredRuns(stored)))}`;
  });
  return [`On held-out seeds (${seedRange(stored.seeds)}, each drawing its batch of 50 jobs afresh):`, '', ...lines].join('\n');
}

export const prismBlocks = (): Record<string, string> => ({
  'prism-puma-held-out': pumaHeldOut(),
  'prism-batch-sizes': batchSizes(),
  'prism-job-types': byJobType(),
  'prism-puma': mixTable('prism-puma'),
  'prism-gridmix': mixTable('prism-gridmix'),
  'prism-findings': findings(),
});
