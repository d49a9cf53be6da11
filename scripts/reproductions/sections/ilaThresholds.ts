import { fixed, grouped, meanOver, pct, seedRange, table, times } from '../format';
import { readStoredRuns, runsOf } from '../storedRuns';

/** ILA sec. 5.5, Fig. 12: the dynamic threshold against static ones and none, on three workloads. */
const WORKLOADS = [
  { preset: 'ila-thresholds-mix', name: 'mixed' },
  { preset: 'ila-thresholds-cpu', name: 'pure CPU' },
  { preset: 'ila-thresholds-io', name: 'pure I/O' },
];
const DYNAMIC = 'dynamic H_d';
const NONE = 'no threshold';

const throughput = (preset: string, policy: string) => meanOver(readStoredRuns(preset), policy, (r) => r.summary.throughputJobsPerHour);
const meanJct = (preset: string, policy: string) => meanOver(readStoredRuns(preset), policy, (r) => r.summary.meanJct);
const policies = () => readStoredRuns(WORKLOADS[0].preset).schedulers;
const statics = () => policies().filter((p) => p.startsWith('static'));

function thresholdTable(): string {
  const bold = (text: string, on: boolean) => (on ? `**${text}**` : text);
  const best = WORKLOADS.map(({ preset }) => ({
    tp: Math.max(...policies().map((p) => throughput(preset, p))),
    jct: Math.min(...policies().map((p) => meanJct(preset, p))),
  }));
  const rows = policies().map((p) => [
    p,
    ...WORKLOADS.map(
      ({ preset }, i) =>
        `${bold(fixed(throughput(preset, p), 1), throughput(preset, p) === best[i].tp)} (${bold(grouped(meanJct(preset, p)), meanJct(preset, p) === best[i].jct)})`,
    ),
  ]);
  const seeds = readStoredRuns(WORKLOADS[0].preset).seeds;
  return `Throughput is jobs per hour over the run, averaged over ${seedRange(seeds)} (mean job time in brackets, s; the best of each column in bold):\n\n${table(['policy', ...WORKLOADS.map((w) => w.name)], rows)}`;
}

function findings(): string {
  const out: string[] = [];
  for (const { preset, name } of WORKLOADS) {
    const dyn = throughput(preset, DYNAMIC);
    const bestStatic = statics().reduce((a, b) => (throughput(preset, a) >= throughput(preset, b) ? a : b));
    const worst = policies().reduce((a, b) => (throughput(preset, a) <= throughput(preset, b) ? a : b));
    const vsBest = dyn / throughput(preset, bestStatic) - 1;
    const perSeedLead = runsOf(readStoredRuns(preset), DYNAMIC)
      .filter((r) =>
        statics().every(
          (s) => runsOf(readStoredRuns(preset), s).find((x) => x.seed === r.seed)!.summary.throughputJobsPerHour < r.summary.throughputJobsPerHour,
        ),
      )
      .map((r) => r.seed);
    out.push(
      `- **${name}**: the dynamic threshold has ${vsBest >= 0 ? `the highest throughput, ${pct(vsBest)} above the best static policy (${bestStatic})` : `${pct(-vsBest)} less throughput than the best static policy (${bestStatic})`}` +
        `${perSeedLead.length ? `, and more than every static policy on ${perSeedLead.length === 1 ? `seed ${perSeedLead[0]}` : `seeds ${perSeedLead.join(', ')}`}` : ''}; ` +
        `${times(dyn / throughput(preset, 'static H = 1'), 1)} H = 1's and ${times(dyn / throughput(preset, NONE), 1)} no threshold's; the policy with the least throughput is ${worst === NONE ? 'no threshold' : worst}.`,
    );
  }
  return out.join('\n');
}

export const ilaThresholdBlocks = (): Record<string, string> => ({
  'ila-thresholds-table': thresholdTable(),
  'ila-thresholds-findings': findings(),
});
