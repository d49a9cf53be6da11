import { fixed, meanOver, measureOnStored, measured, pct, seedRange, table, times } from '../format';
import { readStoredRuns } from '../storedRuns';
import { catalogueMeasure } from './catalogue';

/** PRISM sec. 6: the two mixes' tables and what they show against the paper. */
const FAIR = 'Hadoop Fair Scheduler (8/6 slots)';
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
  return `### ${MIXES.find((m) => m.preset === preset)!.name} mix (${seedRange(stored.seeds)})\n\n${table(['scheduler', 'mean JCT s', 'makespan s', 'CPU util', 'node-local maps', 'unfairness (CV of ANP)'], rows)}`;
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
      ? 'on both mixes'
      : per.some(f)
        ? `on the ${MIXES.filter((_, i) => f(per[i]))
            .map((x) => x.name)
            .join(' and ')} mix only`
        : 'on neither mix';
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
      ? `unfairness below both Fair's and YARN's on both mixes.`
      : `unfairness below both Fair's and YARN's ${both((p) => p.unfairBelowBoth)}, below YARN's ${both((p) => p.unfairBelowYarn)}.`,
    '',
    "The Reproduce area's measures, with the paired test across seeds:",
    '',
    ...verdicts,
  ].join('\n');
}

export const prismBlocks = (): Record<string, string> => ({
  'prism-puma': mixTable('prism-puma'),
  'prism-gridmix': mixTable('prism-gridmix'),
  'prism-findings': findings(),
});
