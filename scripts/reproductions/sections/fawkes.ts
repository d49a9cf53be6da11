import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { compileJobs, expandJobs } from '../../../src-main/workloads/compile';
import { clusterTotals } from '../../../src-main/shared/cluster/cluster';
import { mrClusterSummary, runMeanSlowdown } from '../../../src-main/shared/results/mrClusterSummary';
import { pairedTTest } from '../../../src-main/shared/results/stats';
import { fixed, listed, mean, pValue, pct, seedRange, table } from '../format';
import { presetFile, readStoredCheck, readStoredRuns, runsOf, type StoredPresetRuns, type StoredRun } from '../storedRuns';
import { FAWKES_REDRAWN_POLICIES, FAWKES_REDRAWN_SHAPES, type FawkesRedrawnShape } from '../../../tests/scenarios/fawkesRedrawn';

/**
 * FAWKES sec. 7: per policy the makespan, each MR-cluster's average job slowdown, the minimum /
 * median / maximum and mean over MR-clusters (Fig. 9), reconfigurations (sec. 7.3's count), data
 * moved and tasks killed, means over the preset's seeds; then what reproduces, every number read
 * from the stored runs.
 */
const LETTERS = ['a', 'b', 'c', 'd', 'd-mixed', 'e'] as const;
const presetOf = (letter: string) => `fawkes-wkld-${letter}`;
const stored = (letter: string) => readStoredRuns(presetOf(letter));

/** Mean over MR-clusters of their average job slowdown (what Fig. 9 summarises). */
const meanSlowdown = (r: StoredRun) => runMeanSlowdown(r) ?? NaN;
const policyMean = (st: StoredPresetRuns, policy: string, f: (r: StoredRun) => number) => mean(runsOf(st, policy).map(f));
const clusterSlowdown = (st: StoredPresetRuns, policy: string, name: string) =>
  policyMean(st, policy, (r) => r.mrClusters!.find((c) => c.name === name)!.avgSlowdown ?? NaN);
const makespan = (st: StoredPresetRuns, policy: string) => policyMean(st, policy, (r) => r.summary.makespan);
const slowdown = (st: StoredPresetRuns, policy: string) => policyMean(st, policy, meanSlowdown);
const named = (st: StoredPresetRuns, prefix: string) => {
  const found = st.schedulers.find((s) => s === prefix || s.startsWith(`${prefix} (`));
  if (!found) throw new Error(`${st.preset} has no policy ${prefix}`);
  return found;
};

function policyTable(letter: string): string {
  const st = stored(letter);
  const summary = mrClusterSummary(st.runs)!;
  const several = st.seeds.length > 1;
  const two = (x: number | null) => (x === null ? '—' : fixed(x, 2));
  const rows = st.schedulers.map((policy) => {
    const row = summary.rows.find((r) => r.scheduler === policy)!;
    return [
      policy,
      fixed(makespan(st, policy), 0),
      summary.names.map((n) => two(row.slowdown[n])).join(' / '),
      `${two(row.min)} / ${two(row.median)} / ${two(row.max)}`,
      two(row.mean),
      fixed(row.reconfigurations, several ? 1 : 0),
      fixed(row.dataMovedMb / 1024, 1),
      fixed(row.killedAttempts, 0),
    ];
  });
  const first = st.runs[0].mrClusters!;
  const title = `### WKLD-${letter.toUpperCase()}${several ? ` (means over ${seedRange(st.seeds)})` : ` (${seedRange(st.seeds)})`}`;
  const reached = `min share reached (s): ${first.map((c) => `${c.name} ${c.minShareReachedS === null ? '—' : fixed(c.minShareReachedS, 0)}`).join(', ')}`;
  const header = [
    'policy',
    'makespan s',
    `avg slowdown ${summary.names.join(' / ')}`,
    'min / median / max',
    'mean',
    'reconfigurations',
    'data moved GB',
    'killed',
  ];
  return [title, '', table(header, rows), '', reached, ...(several ? ['', pairedLines(st)] : [])].join('\n');
}

function paired(st: StoredPresetRuns, a: string, b: string) {
  const t = pairedTTest(runsOf(st, a).map(meanSlowdown), runsOf(st, b).map(meanSlowdown));
  const verdict = t.p === null ? 'one seed: not tested' : t.p < 0.05 && t.meanDiff !== 0 ? (t.meanDiff < 0 ? `${a} lower` : `${b} lower`) : 'not separated';
  return {
    t,
    text: `${a} − ${b}: ${t.meanDiff >= 0 ? '+' : '−'}${Math.abs(t.meanDiff).toFixed(3)} (${pValue(t.p)}, ${t.n} seeds): ${verdict}`,
    brief: `paired test: ${verdict}, ${pValue(t.p)}`,
  };
}

/** Every policy against None (or EQ), and the demand-based ones against each other. */
function pairedLines(st: StoredPresetRuns): string {
  const names = st.schedulers;
  const base = names.find((n) => n.startsWith('NONE')) ?? names.find((n) => n.startsWith('EQ'));
  const lines = base ? names.filter((n) => n !== base).map((n) => paired(st, n, base).text) : [];
  const demand = names.filter((n) => /^(JD|DD|TD) /.test(n));
  for (let i = 0; i < demand.length; i++) for (let k = i + 1; k < demand.length; k++) lines.push(paired(st, demand[i], demand[k]).text);
  return `Mean slowdown, paired t-test across seeds:\n${lines.map((l) => `- ${l}`).join('\n')}`;
}

const change = (from: number, to: number) => pct(Math.abs(to - from) / from);
const sooner = (from: number, to: number) => `${change(from, to)} ${to <= from ? 'sooner' : 'later'}`;

function findings(): string {
  const a = stored('a');
  const b = stored('b');
  const c = stored('c');
  const d = stored('d');
  const mixed = stored('d-mixed');
  const e = stored('e');
  const reachedAll = LETTERS.every((l) => stored(l).runs.every((r) => r.mrClusters!.every((m) => m.minShareReachedS !== null)));
  const demand = ['JD', 'DD', 'TD'].map((p) => named(d, p));
  const perf = ['JS', 'JT', 'TT'].map((p) => named(d, p));
  const [none, pu, du, ru, td] = ['NONE', 'PU', 'DU', 'RU', 'TD'].map((p) => named(d, p));
  const bestOf = (st: StoredPresetRuns, ps: string[]) => ps.reduce((x, y) => (slowdown(st, x) <= slowdown(st, y) ? x : y));
  const loaded = d.runs[0].mrClusters!.map((m) => m.name).reduce((x, y) => (clusterSlowdown(d, none, x) >= clusterSlowdown(d, none, y) ? x : y));
  const dUsage = usageOrder(d);
  const demandSpread = Math.max(
    ...d.runs[0].mrClusters!.map(
      (m) => Math.max(...demand.map((p) => clusterSlowdown(d, p, m.name))) - Math.min(...demand.map((p) => clusterSlowdown(d, p, m.name))),
    ),
  );
  const dSeeds = seedRange(d.seeds);
  const ruPu = paired(d, ru, pu);
  const ruDu = paired(d, ru, du);
  const puTd = paired(d, pu, td);
  const tdNone = paired(d, td, none);
  const [tdC, tdR, duC] = [named(c, 'TD (TC)'), named(c, 'TD (TR)'), named(c, 'DU')];
  const noneC = named(c, 'NONE');
  const heavy = c.runs[0].mrClusters!.map((m) => m.name).reduce((x, y) => (clusterSlowdown(c, noneC, x) >= clusterSlowdown(c, noneC, y) ? x : y));
  const mixedDemand = ['JD', 'DD', 'TD'].map((p) => named(mixed, p));
  const mixedUsage = ['PU', 'DU', 'RU'].map((p) => named(mixed, p));
  const mixedNone = named(mixed, 'NONE');
  const mixedUsageOrder = usageOrder(mixed);
  const mixedPairs = [
    paired(mixed, mixedDemand[0], mixedDemand[1]),
    paired(mixed, mixedDemand[0], mixedDemand[2]),
    paired(mixed, mixedDemand[1], mixedDemand[2]),
  ];
  const eTotal = clusterTotals(loadExperiment(presetFile(presetOf('e'))).cluster).nodes;
  const [eqE, tdE] = [named(e, 'EQ'), named(e, 'TD')];
  const eLoaded = e.runs[0].mrClusters!.map((m) => m.name).reduce((x, y) => (clusterSlowdown(e, eqE, x) >= clusterSlowdown(e, eqE, y) ? x : y));
  const ePeak = Math.max(...runsOf(e, tdE).map((r) => r.mrClusters!.find((m) => m.name === eLoaded)!.peakNodes));
  const range = (xs: number[]) => `${fixed(Math.min(...xs), 2)}-${fixed(Math.max(...xs), 2)}`;
  return [
    `- **Arriving MR-clusters (7.1, Fig. 6).** ${reachedAll ? 'Every MR-cluster reaches its minimum share in every run' : 'Not every MR-cluster reaches its minimum share'} (transient nodes leave by instant pre-emption). On WKLD-A, JD finishes the workload ${sooner(makespan(a, named(a, 'NONE')), makespan(a, named(a, 'JD')))} than None.`,
    `- **Node kinds (7.2, Fig. 7).** WordCount (WKLD-B): TD with transient nodes (TR) finishes ${sooner(makespan(b, named(b, 'TD (TC)')), makespan(b, named(b, 'TD (TR)')))} than with transient-core nodes (TC). Sort (WKLD-C): transient nodes send all their output to the core nodes' disks, so TD with TR takes ${change(makespan(c, tdC), makespan(c, tdR))} ${makespan(c, tdR) >= makespan(c, tdC) ? 'longer' : 'less'} than with TC, and the most loaded MR-cluster (${heavy}) has an average slowdown of ${fixed(clusterSlowdown(c, tdR, heavy), 2)} with TR against ${fixed(clusterSlowdown(c, tdC, heavy), 2)} with TC. The disk-usage policy DU has a mean slowdown of ${fixed(slowdown(c, duC), 2)} against TD's ${fixed(slowdown(c, tdC), 2)}.`,
    `- **Weighting policies (7.3, Fig. 9; WKLD-D, ${dSeeds}).** TD lowers the mean of the per-MR-cluster average slowdown from ${fixed(slowdown(d, none), 2)} (None) to ${fixed(slowdown(d, td), 2)}, ${pct(1 - slowdown(d, td) / slowdown(d, none))} lower (paper: 25 %; ${tdNone.brief}); the loaded ${loaded} goes from ${fixed(clusterSlowdown(d, none, loaded), 2)} to ${fixed(clusterSlowdown(d, td, loaded), 2)}.` +
      ` The demand-based policies (JD, DD, TD) average ${fixed(mean(demand.map((p) => slowdown(d, p))), 2)} against the performance-based ones' (JS, JT, TT) ${fixed(mean(perf.map((p) => slowdown(d, p))), 2)}; the best of each is ${bestOf(d, demand)} (${fixed(slowdown(d, bestOf(d, demand)), 2)}) and ${bestOf(d, perf)} (${fixed(slowdown(d, bestOf(d, perf)), 2)}).` +
      ` The mean slowdown is ${dUsage.means}: ${dUsage.order} (RU against PU: ${ruPu.brief}; RU against DU: ${ruDu.brief}; ten held-out seeds below). The paper finds RU and DU alike ineffective (sec. 7.3: small jobs that write much and end fast); RU between PU and DU is what eq. 5 on normalised usages leads one to expect. PU against TD: ${puTd.brief}.` +
      ` TD reconfigures ${fixed(
        policyMean(d, td, (r) => r.mrClusters!.reduce((s, m) => s + m.reconfigurations, 0)),
        1,
      )} times per run (paper: 16). JD, DD and TD differ by at most ${fixed(demandSpread, 2)} in any MR-cluster's average slowdown: in Table 2's WKLD-D two of the three MR-clusters hold only 1 GB jobs, so the three measures weigh them alike.`,
    `- **Mixed sizes (\`fawkes-wkld-d-mixed\`, ${seedRange(mixed.seeds)}, paired t-test).** Between the demand-based policies: ${mixedPairs.map((p) => p.text).join('; ')}. Against None: ${mixedDemand.map((p) => paired(mixed, p, mixedNone).text).join('; ')}. The demand-based policies average ${range(mixedDemand.map((p) => slowdown(mixed, p)))} against ${range(mixedUsage.map((p) => slowdown(mixed, p)))} for PU, DU and RU. With sizes mixed in c-1 and c-3, the mean of the per-MR-cluster average slowdown is ${mixedUsageOrder.means}: ${mixedUsageOrder.order} (${mixedUsageOrder.tests}); ${mixedUsageOrder.paper}.`,
    `- **WKLD-E (Fig. 11, ${seedRange(e.seeds)}).** TD gives the most loaded MR-cluster (${eLoaded}) up to ${ePeak} of the ${eTotal} nodes and changes its average slowdown from ${fixed(clusterSlowdown(e, eqE, eLoaded), 2)} to ${fixed(clusterSlowdown(e, tdE, eLoaded), 2)} against EQ, with a makespan ${change(makespan(e, eqE), makespan(e, tdE))} ${makespan(e, tdE) <= makespan(e, eqE) ? 'shorter' : 'longer'}.`,
  ].join('\n');
}

/**
 * Where RU's mean lies against PU's and DU's in one stored set of runs, and which of the three
 * the paired test separates: "between" only when it separates RU from both.
 */
function usageOrder(st: StoredPresetRuns) {
  const [pu, du, ru] = ['PU', 'DU', 'RU'].map((p) => named(st, p));
  const [sPu, sDu, sRu] = [pu, du, ru].map((p) => slowdown(st, p));
  const between = (sRu - sPu) * (sRu - sDu) < 0;
  const pairs = [paired(st, ru, pu), paired(st, ru, du), paired(st, pu, du)];
  const separated = (x: ReturnType<typeof paired>) => x.t.p !== null && x.t.p < 0.05 && x.t.meanDiff !== 0;
  const [ruPu, ruDu, puDu] = pairs;
  // A lower slowdown is better; meanDiff is the first policy's minus the second's.
  const duBehind = separated(puDu) && puDu.t.meanDiff < 0 ? 'DU is behind PU here too' : 'DU is not behind PU here';
  const ruVsPu = !separated(ruPu) ? 'RU is level with PU' : ruPu.t.meanDiff > 0 ? 'RU is behind PU' : 'RU is ahead of PU';
  const from = [separated(ruPu) && 'PU', separated(ruDu) && 'DU'].filter(Boolean);
  const tested = from.length === 2 ? 'separates RU from both' : from.length === 1 ? `separates RU from ${from[0]} only` : 'separates RU from neither';
  const order = !between
    ? `RU's mean does not lie between them (the paired test ${tested})`
    : from.length === 2
      ? 'RU lies between them, separated from both'
      : `RU's mean lies between them, but the paired test ${tested}, so "between" is not shown`;
  return {
    means: `${fixed(sPu, 2)} for PU, ${fixed(sRu, 2)} for RU and ${fixed(sDu, 2)} for DU`,
    order,
    tests: pairs.map((x) => x.text).join('; '),
    paper: `${duBehind}, and ${ruVsPu}`,
  };
}

/** PU, DU and RU on WKLD-D over ten seeds the preset never ran (tests/scenarios/fawkesUsageHeldOut.ts). */
function usageHeldOut(): string {
  const st = readStoredCheck<StoredPresetRuns>('fawkes-usage-held-out');
  const u = usageOrder(st);
  return [
    `On held-out seeds (${seedRange(st.seeds)}, the preset's PU, DU and RU only), the mean of the per-MR-cluster average slowdown is ${u.means}: ${u.order}.`,
    `Paired t-test across seeds: ${u.tests}.`,
    `The paper (sec. 7.3) finds that of the usage-based policies only PU performs reasonably well: ${u.paper}.`,
  ].join('\n');
}

/**
 * WKLD-D's load per MR-cluster, from the preset's own jobs: the tasks (maps and reduces) each
 * MR-cluster runs, and the ratio between the most and the least loaded (sec. 7.3 gives 3, as the
 * ratio of the average number of tasks executed).
 */
function wkldDLoad(): string {
  const experiment = loadExperiment(presetFile(presetOf('d')));
  const jobs = compileJobs(expandJobs(experiment.workload, experiment.experiment.seeds[0]), experiment.cluster.hdfs.blockSizeMb);
  const tasks = new Map<string, number>();
  for (const j of jobs) tasks.set(j.mrCluster!, (tasks.get(j.mrCluster!) ?? 0) + j.maps + j.reduces);
  const names = [...tasks.keys()].sort();
  const counts = names.map((n) => tasks.get(n)!);
  const most = names[counts.indexOf(Math.max(...counts))];
  const least = names[counts.indexOf(Math.min(...counts))];
  const second = names.filter((n) => n !== most).reduce((x, y) => (tasks.get(x)! >= tasks.get(y)! ? x : y));
  return `WKLD-D's MR-clusters run ${listed(names.map((n) => `${tasks.get(n)!.toLocaleString('en-US')} tasks (${n})`))}: the most loaded (${most}) runs ${fixed(tasks.get(most)! / tasks.get(least)!, 1)} times the tasks of the least (${least}); the paper gives 3 between its most and least loaded, and ${second} alone runs ${fixed(tasks.get(second)! / tasks.get(least)!, 1)} times ${least}'s.`;
}

/** The weighting policies on WKLD-D and its mixed variant drawn afresh for each replicate. */
function redrawn(): string {
  const shapes = readStoredCheck<FawkesRedrawnShape[]>('fawkes-redrawn');
  const name = (p: string) => (p === 'none' ? 'None' : p.toUpperCase());
  const verdict = (t: { meanDiff: number; p: number | null }, a: string, b: string) =>
    t.p !== null && t.p < 0.05 && t.meanDiff !== 0 ? `${name(t.meanDiff < 0 ? a : b)} lower (${pValue(t.p)})` : `not separated (${pValue(t.p)})`;
  const rows = shapes.map((s) => {
    const title = FAWKES_REDRAWN_SHAPES.find((x) => x.id === s.shape)!.title;
    return [
      title,
      ...FAWKES_REDRAWN_POLICIES.map((p) => `${fixed(mean(s.slowdown[p]), 2)} (${fixed(mean(s.reconfigurations[p]), 0)})`),
      ...Object.entries(s.tests).map(([pair, t]) => {
        const [a, b] = pair.split(' vs ');
        return verdict(t, a, b);
      }),
    ];
  });
  const pairs = Object.keys(shapes[0].tests).map((pair) => pair.split(' vs ').map(name).join(' against '));
  const replicates = shapes[0].slowdown[FAWKES_REDRAWN_POLICIES[0]].length;
  return `Mean of the per-MR-cluster average job slowdown over ${replicates} replicates, each drawing its own arrivals, bursts and sizes (reconfigurations per run in brackets), and the paired tests across the replicates:\n\n${table(
    ['case', ...FAWKES_REDRAWN_POLICIES.map(name), ...pairs],
    rows,
  )}`;
}

export const fawkesBlocks = (): Record<string, string> => ({
  'fawkes-redrawn': redrawn(),
  'fawkes-wkld-d-load': wkldDLoad(),
  'fawkes-usage-held-out': usageHeldOut(),
  ...Object.fromEntries(LETTERS.map((l) => [`fawkes-wkld-${l}`, policyTable(l)])),
  'fawkes-findings': findings(),
});
