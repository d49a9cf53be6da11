import { localityByJobGroup, type JobLocalityRow, type LocalityCell } from '../../../src-main/shared/results/jobLocality';
import { pairedSpeedup, pairedSpeedupBySeed, type PairableRun } from '../../../src-main/shared/results/jobSpeedup';
import { REPRODUCTIONS } from '../../../src-main/shared/results/reproductions';
import { fixed, grouped, listed, mean, meanOver, measuredRuns, measureOnStored, measured, pct, seedRange, table, times } from '../format';
import type { LocalityClassTimes, LocalityCostRow } from '../../../tests/scenarios/ilaLocalityCost';
import { ILA_REDRAWN_SHAPES, type IlaRedrawnShape } from '../../../tests/scenarios/ilaRedrawn';
import { measure } from '../../../src-main/shared/results/reproductions';
import { readStoredCheck, readStoredRuns, runsOf, type StoredPresetRuns, type StoredRun } from '../storedRuns';

/** ILA sec. 5.2 on the Facebook mix: job times, speedups (Fig. 5), throughput (Fig. 6), locality (Fig. 7). */
const PRESET = 'ila-facebook';
const NAMES: Record<string, string> = { ila: 'ILA', iao: 'IAO', lao: 'LAO' };
const shown = (s: string) => NAMES[s] ?? s;
/** The schedulers sec. 5.2 calls greedy: they take the first local-enough map, server locality unseen. */
const GREEDY = ['PureFair', 'Capacity', 'LATE', 'IAO'];
/** The I/O-bound jobs of Table 3 that read input (TeraGen and RWrite read none). */
const IO_READERS = ['TeraSort', 'Grep', 'WCount'];

const stored = () => readStoredRuns(PRESET);
const runs = (s: string): PairableRun[] => runsOf(stored(), s).map((r) => ({ seed: r.seed, jobs: r.jobs ?? [] }));
const speedup = (against: string) => pairedSpeedup(runs('ILA'), runs(against))!;
const others = () => stored().schedulers.filter((s) => s !== 'ILA');
const mapsWithInput = (r: StoredRun) => r.summary.locality.node + r.summary.locality.server + r.summary.locality.rack + r.summary.locality.offRack;

function jobTimes(): string {
  const st = stored();
  const seeds = st.seeds;
  const jctOf = (s: string, seed: number) => runsOf(st, s).find((r) => r.seed === seed)!.summary.meanJct;
  const best = seeds.map((seed) => Math.min(...st.schedulers.map((s) => jctOf(s, seed))));
  const meanJct = (s: string) => meanOver(st, s, (r) => r.summary.meanJct);
  const throughput = (s: string) => meanOver(st, s, (r) => r.summary.throughputJobsPerHour);
  const bestMean = Math.min(...st.schedulers.map(meanJct));
  const bestThroughput = Math.max(...st.schedulers.map(throughput));
  const bold = (text: string, on: boolean) => (on ? `**${text}**` : text);
  const rows = st.schedulers.map((s) => [
    bold(shown(s), meanJct(s) === bestMean),
    ...seeds.map((seed, i) => bold(grouped(jctOf(s, seed)), jctOf(s, seed) === best[i])),
    bold(grouped(meanJct(s)), meanJct(s) === bestMean),
    bold(fixed(throughput(s), 1), throughput(s) === bestThroughput),
    pct(mean(runsOf(st, s).map((r) => r.summary.locality.node / mapsWithInput(r)))),
    pct(mean(runsOf(st, s).map((r) => (r.summary.locality.node + r.summary.locality.server) / mapsWithInput(r)))),
  ]);
  return `Mean job completion time (s) per seed, throughput, and the share of maps that read their input on their own node or server (${seedRange(seeds)}; the best in each column in bold):\n\n${table(['scheduler', ...seeds.map(String), 'mean', 'jobs/h', 'node-local', 'node- or server-local'], rows)}`;
}

function speedupTable(): string {
  const rows = others().map((s) => {
    const all = speedup(s);
    const bySeed = pairedSpeedupBySeed(runs('ILA'), runs(s)).map((x) => x.perJob);
    return [shown(s), `${times(all.perJob)} (${all.pairs} pairs)`, times(all.meanJct), `${times(Math.min(...bySeed))}-${times(Math.max(...bySeed))}`];
  });
  return table(['against', 'per job (geometric mean)', 'ratio of mean JCTs', 'single seeds, per job'], rows);
}

function byTemplate(): string {
  const line = (against: string) =>
    Object.entries(speedup(against).byTemplate)
      .sort((a, b) => b[1] - a[1])
      .map(([t, x]) => `${t} ${times(x)}`)
      .join(', ');
  return `Per job type (ratio of mean JCTs), against PureFair: ${line('PureFair')}; against IAO: ${line('IAO')}.`;
}

function localityRows(): JobLocalityRow[] {
  const st = stored();
  return localityByJobGroup(st.runs.map((r) => ({ key: r.scheduler, jobs: r.jobs ?? [] })));
}

/** A group's cell for one scheduler; none where the scheduler ran no job of the group. */
const cellOf = (row: JobLocalityRow, scheduler: string): LocalityCell | undefined => (Object.hasOwn(row.cells, scheduler) ? row.cells[scheduler] : undefined);

function localityTable(): string {
  const st = stored();
  const share = (row: JobLocalityRow, s: string) => {
    const cell = cellOf(row, s);
    return cell ? pct(cell.local / cell.maps) : '—';
  };
  return table(
    ['jobs', ...st.schedulers.map(shown)],
    localityRows().map((row) => [row.group, ...st.schedulers.map((s) => share(row, s))]),
  );
}

/** The local share (node or server) of one template's maps under one scheduler, every seed. */
function localShare(templates: string[], scheduler: string, group?: string): number {
  const rows = localityRows().filter((r) => (group ? r.group === group : templates.includes(r.template)));
  const cells = rows.map((r) => cellOf(r, scheduler)).filter((c) => c !== undefined);
  return cells.reduce((s, c) => s + c.local, 0) / cells.reduce((s, c) => s + c.maps, 0);
}

const span = (xs: number[]) => `${pct(Math.min(...xs))}-${pct(Math.max(...xs))}`.replace(/ %-/, '-');

function findings(): string {
  const st = stored();
  const baselines = ['PureFair', 'Delay', 'Capacity', 'LATE'];
  const throughput = (s: string) => meanOver(st, s, (r) => r.summary.throughputJobsPerHour);
  const meanJct = (s: string) => meanOver(st, s, (r) => r.summary.meanJct);
  const iao = speedup('IAO');
  const iaoSeeds = pairedSpeedupBySeed(runs('ILA'), runs('IAO')).map((x) => x.perJob);
  const allGain = Object.values(speedup('PureFair').byTemplate).every((x) => x > 1);
  const ioGroups = localityRows().filter((r) => IO_READERS.includes(r.template));
  const perGroup = (s: string) =>
    ioGroups
      .map((r) => cellOf(r, s))
      .filter((c) => c !== undefined)
      .map((c) => c.local / c.maps);
  const small = 'TeraSort(2)';
  const losses = Object.entries(iao.byTemplate)
    .filter(([, x]) => x < 1)
    .sort((a, b) => a[1] - b[1]);
  const entry = REPRODUCTIONS.find((r) => r.id === 'ila')!;
  const verdicts = entry.presets[0].measures.map((m) => `- ${measured(m, measureOnStored(PRESET, m))}`);
  return [
    `**Here** (${seedRange(st.seeds)}): per job ${listed(baselines.map((s) => times(speedup(s).perJob, 1)))} against ${listed(baselines)}`,
    `(${listed(baselines.map((s) => times(speedup(s).meanJct, 1)))} on mean job time), and ${times(speedup('LAO').perJob, 1)} against LAO;`,
    `${allGain ? 'every job type gains against PureFair' : 'not every job type gains against PureFair'}. Throughput is ${times(throughput('ILA') / throughput('PureFair'))} PureFair's`,
    `(${listed(['Delay', 'Capacity', 'LATE'].map((s) => `${times(throughput('ILA') / throughput(s))} ${s}'s`))}) and ${times(throughput('ILA') / throughput('IAO'))} IAO's.`,
    `The I/O-bound jobs that read input (${IO_READERS.join(', ')}) read locally ${span(perGroup('ILA'))} of the time under ILA, ${span(GREEDY.flatMap(perGroup))} under the greedy schedulers`,
    `(${listed(GREEDY.map(shown))}) and ${span(perGroup('Delay'))} under Delay; ${small} ${pct(localShare([], 'ILA', small))} under ILA and ${span(GREEDY.map((s) => localShare([], s, small)))} under the greedy ones.`,
    `Delay's mean job time is ${grouped(meanJct('Delay'))} s against PureFair's ${grouped(meanJct('PureFair'))} s. Against IAO, ILA is ${times(iao.meanJct)} on mean job time and ${times(iao.perJob)} per job`,
    `(${times(Math.min(...iaoSeeds))}-${times(Math.max(...iaoSeeds))} on single seeds)${losses.length ? `; it loses on ${listed(losses.map(([t, x]) => `${t} (${times(x)})`))}` : ''}.`,
    '',
    "The Reproduce area's measures, with the paired test across seeds:",
    '',
    ...verdicts,
  ].join('\n');
}

/** Fig. 3's comparison in the model: mean map time per locality class, and against node-local. */
function localityCost(): string {
  const rows = readStoredCheck<LocalityCostRow[]>('ila-locality-cost');
  const cell = (c: LocalityClassTimes, node: LocalityClassTimes) =>
    c.meanSeconds === null ? 'none possible' : `${fixed(c.meanSeconds, 1)} s (${times(c.meanSeconds / node.meanSeconds!)})`;
  const disk = (t: number) => (t > 0 ? `shared, seek-bound (diskThrashing ${t})` : 'no thrashing');
  const ratio = (t: number, k: 'server' | 'rack') => rows.filter((r) => r.diskThrashing === t).map((r) => r[k].meanSeconds! / r.node.meanSeconds!);
  const span = (xs: number[]) => `${times(Math.min(...xs))}-${times(Math.max(...xs))}`;
  const seeds = seedRange([...new Set(rows.map((r) => r.seed))]);
  return [
    `Mean map time per class (${seeds}; 120 maps each, 100 MB read by each):`,
    '',
    table(
      ['disk', 'seed', 'node-local', 'server-local', 'rack-local', 'off-rack'],
      rows.map((r) => [
        disk(r.diskThrashing),
        String(r.seed),
        `${fixed(r.node.meanSeconds!, 1)} s`,
        cell(r.server, r.node),
        cell(r.rack, r.node),
        cell(r.offRack, r.node),
      ]),
    ),
    '',
    `Without thrashing, as Fig. 3's VMs ran, a server-local map takes ${span(ratio(0, 'server'))} the node-local time and a rack-local one ${span(ratio(0, 'rack'))};`,
    `on the ILA preset's shared, seek-bound disk ${span(ratio(0.6, 'server'))} and ${span(ratio(0.6, 'rack'))}.`,
  ].join('\n');
}

/** ILA against IAO on workloads redrawn from Table 4's mix, two case shapes. */
function redrawn(): string {
  const shapes = readStoredCheck<IlaRedrawnShape[]>('ila-iao-redrawn');
  const seeds = seedRange([...new Set(shapes[0].runs.map((r) => r.seed))]);
  const rows = shapes.map((s) => {
    const title = ILA_REDRAWN_SHAPES.find((x) => x.id === s.shape)!.title;
    const bySeed = (o: IlaRedrawnShape['perJob']) => (o.perSeed ?? []).map((x) => times(x)).join(' / ');
    return [
      title,
      `${times(s.perJob.value ?? NaN)} (${bySeed(s.perJob)})`,
      s.perJob.verdict?.text ?? '',
      `${times(s.throughput.value ?? NaN)} (${bySeed(s.throughput)})`,
      s.throughput.verdict?.text ?? '',
    ];
  });
  return `Each replicate (${seeds}) draws its own 25 or 50 jobs from Table 4's mix, in the table's shares, with Poisson arrivals:\n\n${table(
    ['case', 'per-job speedup, ILA ÷ IAO (each replicate)', 'verdict', 'throughput, ILA ÷ IAO (each replicate)', 'verdict'],
    rows,
  )}`;
}

/** ILA against IAO on seeds the preset never ran, with the Reproduce area's measure and test. */
function heldOut(): string {
  const stored = readStoredCheck<StoredPresetRuns>('ila-iao-held-out');
  const m = REPRODUCTIONS.flatMap((e) => e.presets)
    .flatMap((p) => p.measures)
    .find((x) => x.kind === 'perJobSpeedup' && x.of === 'ILA' && x.against === 'IAO')!;
  const bySeed = pairedSpeedupBySeed(
    runsOf(stored, 'ILA').map((r) => ({ seed: r.seed, jobs: r.jobs ?? [] })),
    runsOf(stored, 'IAO').map((r) => ({ seed: r.seed, jobs: r.jobs ?? [] })),
  );
  return [
    `On held-out seeds (${seedRange(stored.seeds)}, the preset's ILA and IAO only): ${measured(m, measure(m, measuredRuns(stored)))}.`,
    `Seed by seed, per job: ${listed(bySeed.map((s) => `${times(s.perJob)} (seed ${s.seed})`))}.`,
  ].join('\n');
}

export const ilaBlocks = (): Record<string, string> => ({
  'ila-iao-held-out': heldOut(),
  'ila-iao-redrawn': redrawn(),
  'ila-locality-cost': localityCost(),
  'ila-job-times': jobTimes(),
  'ila-speedups': speedupTable(),
  'ila-by-template': byTemplate(),
  'ila-locality': localityTable(),
  'ila-findings': findings(),
});
