import { SERIES_FIELDS } from '@shared/results/series';
import { toCsv } from '@shared/files/csv';
import { summaryCsv } from '@shared/results/summaryExport';
import type { ResultFile } from '@shared/experiment/experiment';
import type { ResultReport } from './resultReport';
import { tidyJobsCsv, tidyRunsCsv } from './tidyCsv';

/**
 * Every table and series of a report as CSV files (name → text), with exactly the report's
 * numbers; with the result behind it, also the tidy tables: one row per run and one per job per run.
 */
export function reportCsvFiles(r: ResultReport, result?: ResultFile): Record<string, string> {
  const locality = r.locality.rows.flatMap((row) =>
    r.locality.schedulers.map((s) => {
      const c = row.cells[s] ?? { maps: 0, node: 0, local: 0 };
      return {
        group: row.group,
        template: row.template,
        scheduler: s,
        maps: c.maps,
        nodeLocal: c.node,
        local: c.local,
        localPercent: c.maps ? (100 * c.local) / c.maps : null,
      };
    }),
  );
  const cdf = r.jct.flatMap((series) =>
    series.seconds.map((seconds, i) => ({ scheduler: series.scheduler, seconds, fraction: (i + 1) / series.seconds.length })),
  );
  const series = (r.runs ?? []).flatMap((run) =>
    run.series.t.map((t, i) => ({
      scheduler: run.scheduler,
      seed: run.seed,
      t,
      cpu: run.series.cpu[i],
      memory: run.series.memory[i],
      disk: run.series.disk[i],
      network: run.series.network[i],
      runningMaps: run.series.runningMaps[i],
      runningShuffles: run.series.runningShuffles[i],
      runningReduces: run.series.runningReduces[i],
      pendingTasks: run.series.pendingTasks[i],
    })),
  );
  // One row per MR-cluster of each FAWKES run, from the result itself (the report keeps only means).
  const mrClusters = (result?.runs ?? []).flatMap((run) =>
    (run.mrClusters ?? []).map((c) => ({
      scheduler: run.scheduler,
      seed: run.seed,
      mrCluster: c.name,
      minShare: c.minShare,
      jobs: c.jobs,
      avgSlowdown: c.avgSlowdown,
      maxQueue: c.maxQueue,
      reconfigurations: c.reconfigurations,
      minShareReachedS: c.minShareReachedS,
      dataMovedMb: c.dataMovedMb,
      killedAttempts: c.killedAttempts,
      peakNodes: c.series.nodes.reduce((a, b) => Math.max(a, b), 0),
    })),
  );
  const decisions = (r.runs ?? []).flatMap((run) =>
    (run.decisions ?? []).map((d) => ({ scheduler: run.scheduler, seed: run.seed, kind: d.kind, reason: d.label, attempts: d.count, share: d.share })),
  );
  const nodeLosses = r.nodeLosses.flatMap((run) => run.losses.map((loss) => ({ scheduler: run.scheduler, seed: run.seed, ...loss })));
  // What scheduler files counted, run by run (the page shows their means).
  const ownFigures = (result?.runs ?? []).flatMap((run) =>
    (run.summary.ownFigures ?? []).map((f) => ({ scheduler: run.scheduler, seed: run.seed, figure: f.name, value: f.value })),
  );
  return {
    ...(result ? { 'runs.csv': tidyRunsCsv(result), 'jobs.csv': tidyJobsCsv(result) } : {}),
    'summary.csv': summaryCsv(r.summary),
    'speedup.csv': toCsv(
      ['scheduler', 'pairs', 'perJob', 'meanJct', 'lowestSeed', 'highestSeed', 'p'],
      r.speedup.map((s) => ({ ...s })),
    ),
    'locality.csv': toCsv(['group', 'template', 'scheduler', 'maps', 'nodeLocal', 'local', 'localPercent'], locality),
    'jct-cdf.csv': toCsv(['scheduler', 'seconds', 'fraction'], cdf),
    // Only the run history keeps series; a result file's report has no such table.
    ...(series.length ? { 'series.csv': toCsv(['scheduler', 'seed', 't', ...SERIES_FIELDS], series) } : {}),
    ...(mrClusters.length
      ? {
          'mr-clusters.csv': toCsv(
            [
              'scheduler',
              'seed',
              'mrCluster',
              'minShare',
              'jobs',
              'avgSlowdown',
              'maxQueue',
              'reconfigurations',
              'minShareReachedS',
              'dataMovedMb',
              'killedAttempts',
              'peakNodes',
            ],
            mrClusters,
          ),
        }
      : {}),
    ...(nodeLosses.length
      ? {
          'node-losses.csv': toCsv(
            ['scheduler', 'seed', 'node', 'cause', 'lostAtS', 'noticedAtS', 'attemptsKilled', 'mapsRunAgain', 'mastersLost', 'replacedAtS'],
            nodeLosses,
          ),
        }
      : {}),
    ...(ownFigures.length ? { 'own-figures.csv': toCsv(['scheduler', 'seed', 'figure', 'value'], ownFigures) } : {}),
    ...(decisions.length ? { 'decisions.csv': toCsv(['scheduler', 'seed', 'kind', 'reason', 'attempts', 'share'], decisions) } : {}),
  };
}
