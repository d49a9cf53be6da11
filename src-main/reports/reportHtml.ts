import { workloadJobsText } from '@shared/workload/arrivalWords';
import { pValueText, TEST_NAME, tieText, undecidedMark, unlikeJobsText, WELCH_NAME } from '@shared/results/comparison';
import { clusterTotals } from '@shared/cluster/cluster';
import { schedulerLabel } from '@shared/schedulers';
import { formatRatio } from '@shared/results/metrics';
import { ganttSvg, ganttThinning } from './ganttSvg';
import { speedupVerdict } from './jobSpeedupReport';
import { cpuOverTimeSvg, jctCdfSvg, localitySvg, meanJctSvg, mrClusterSlowdownSvg, pendingOverTimeSvg, sweepSvg } from './reportCharts';
import type { ReportRun, ResultReport } from './resultReport';
import { fileNameOf } from '@shared/files/fileName';
import { schedulerSettingsText, simulationSettingsText, sweepText } from '@shared/experiment/settingsText';
import { escapeHtml } from './htmlText';
import { nodeLossSection } from './nodeLossSection';
import { ownFiguresSection } from './ownFiguresSection';

/** Where the report came from and how to rerun it. */
export interface ReportMeta {
  /** The result file's name as the user has it. */
  source: string;
  studioVersion: string;
  generatedAt: string;
  /**
   * For a PDF: a closed <details> prints nothing, so the experiment file is printed open (in two
   * columns), or, past PRINTED_FILE_LINES, said where to find instead of hundreds of pages of jobs.
   */
  print?: boolean;
}

/** The longest experiment file a printed report carries whole (about five pages in two columns). */
export const PRINTED_FILE_LINES = 1000;

const esc = escapeHtml;
const num = (x: number | null, digits = 1) => (x === null ? '—' : x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
const pText = (p: number | null) => (p === null ? 'too few paired seeds' : pValueText(p));

/** The comparison's summary as the app shows it: each metric with its own digits, ↑/↓ for which way is better, "n.s." where the test separates nothing. */
function summaryTable(r: ResultReport): string {
  const rowsOf = new Map<string, ResultReport['summary']>();
  for (const x of r.summary) if (!x.diagnostic) rowsOf.set(x.metric, [...(rowsOf.get(x.metric) ?? []), x]);
  const cell = (x: ResultReport['summary'][number] | undefined, scheduler: string) => {
    if (!x || x.mean === null) return '<td class="num">—</td>';
    // The interval under the mean: six schedulers side by side still fit a page.
    const ci = x.ciLow !== null && x.ciHigh !== null && x.seeds > 1 ? `<br><span class="ci">${num(x.ciLow, x.digits)}–${num(x.ciHigh, x.digits)}</span>` : '';
    const ratio = scheduler !== r.baseline && x.ratio !== null ? ` <span class="ratio">${formatRatio(x.ratio)}</span>` : '';
    return `<td class="num${x.best ? ' best' : ''}">${num(x.mean, x.digits)}${ratio}${ci}</td>`;
  };
  const head = `<tr><th>Metric</th>${r.schedulers.map((s) => `<th class="num wrap">${esc(s)}${s === r.baseline ? ' <span class="ci">(baseline)</span>' : ''}</th>`).join('')}</tr>`;
  const notes: string[] = [];
  const rows = [...rowsOf].map(([metric, xs]) => {
    const { unit, better, notSeparated } = xs[0];
    const arrow = better === 'lower' ? ' ↓' : better === 'higher' ? ' ↑' : '';
    if (notSeparated?.tie) notes.push(`${esc(metric)}: ${esc(tieText(notSeparated.tie.configurations, notSeparated.tie.value, r.schedulers.length))}`);
    else if (notSeparated?.unlikeJobs) {
      const unlike = notSeparated.unlikeJobs;
      notes.push(`${esc(metric)}: ${esc(unlikeJobsText(unlike, unlike.leader, notSeparated.from))}`);
    } else if (notSeparated)
      notes.push(
        `${esc(metric)}: the leader cannot be told from ${esc(notSeparated.from)} (${esc(pText(notSeparated.p))}${notSeparated.test === 'welch' ? ", Welch's test" : ''})`,
      );
    const ns = notSeparated ? ` <span class="ci ns">${undecidedMark(notSeparated)}</span>` : '';
    return `<tr><td>${esc(metric)}<span class="ci">${unit ? ` ${esc(unit)}` : ''}${arrow}</span>${ns}</td>${r.schedulers
      .map((s) =>
        cell(
          xs.find((y) => y.configuration === s),
          s,
        ),
      )
      .join('')}</tr>`;
  });
  // One line per metric: a run of them in one paragraph reads as a wall of semicolons.
  const said = notes.length
    ? `<p class="muted small-print no-best">No best:</p><ul class="muted small-print">${notes.map((n) => `<li>${n}</li>`).join('')}</ul>`
    : '';
  // Defaults must not decide the winner unseen: each column's capacity heads the table, as in the app.
  const capacity = Object.keys(r.atOnce).length
    ? `<tr class="capacity"><td>Could run at once</td>${r.schedulers.map((s) => `<td class="num wrap">${esc(r.atOnce[s] ?? '—')}</td>`).join('')}</tr>`
    : '';
  return `<table class="summary"><thead>${head}</thead><tbody>${capacity}${rows.join('')}</tbody></table>${said}`;
}

/** FAWKES: each policy's MR-clusters, as sec. 7.3 compares the weighting policies (Fig. 9). */
function mrClusterSection(r: ResultReport): string {
  const m = r.mrClusters;
  if (!m) return '';
  const two = (x: number | null) => num(x, 2);
  const head = `<tr><th>Policy</th>${m.names.map((n) => `<th class="num">${esc(n)}</th>`).join('')}<th class="num">min / median / max</th><th class="num">mean</th><th class="num">reconfigurations</th><th class="num">data moved (GB)</th><th class="num">attempts killed</th></tr>`;
  const rows = m.rows.map(
    (x) =>
      `<tr><td class="name">${esc(x.scheduler)}</td>${m.names.map((n) => `<td class="num">${two(x.slowdown[n])}</td>`).join('')}<td class="num">${two(x.min)} / ${two(x.median)} / ${two(x.max)}</td><td class="num">${two(x.mean)}</td><td class="num">${num(x.reconfigurations)}</td><td class="num">${num(x.dataMovedMb / 1024)}</td><td class="num">${num(x.killedAttempts, 0)}</td></tr>`,
  );
  return `<h2>MR-clusters</h2>
<p class="muted">Average job slowdown of each MR-cluster (a job's response time ÷ its time alone on the MR-cluster's minimum share), the mean over seeds; "mean" is the mean over MR-clusters. Reconfigurations, data moved and attempts killed are totals over the MR-clusters, the mean over seeds.</p>
<table><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>
<figure>${mrClusterSlowdownSvg(r)}<figcaption>Smallest, median and largest average job slowdown of each policy's MR-clusters (as Ghit et al. Fig. 9).</figcaption></figure>`;
}

/** Which configurations ran other jobs, so were compared unpaired: said before the table, not hidden in a footnote. */
function pairingNote(r: ResultReport): string {
  if (!r.unpaired) return '';
  const couples = esc(r.unpaired);
  return `<p class="warning">Not the same jobs: ${couples}. These ran different jobs (another workload, or seeds of another history entry), so they are compared by ${esc(WELCH_NAME)} instead of the paired test, and have no per-job speedup.</p>`;
}

/** Runs a stop rule ended: in the statistics, their unfinished jobs explained. */
function stoppedNote(r: ResultReport): string {
  if (!r.stopped.length) return '';
  const runs = r.stopped.length === 1 ? 'A run was stopped because it' : `${r.stopped.length} runs were stopped because they`;
  return `<p class="warning">${runs} could no longer progress; the jobs left running or waiting count as unfinished:${r.stopped.map((s) => `<br>• ${esc(s)}.`).join('')}</p>`;
}

/** The paper's claim beside the studio's numbers, as the Reproduce area shows them. */
function paperTable(r: ResultReport): string {
  const p = r.paper;
  if (!p) return '';
  const rows = p.rows.map(
    (row) =>
      `<tr><td>${esc(row.measure)}</td><td>${esc(row.paper)} <span class="ci">(${esc(row.where)})</span></td><td class="num">${row.studio === null ? `<span class="ci">${esc(row.missing ?? '—')}</span>` : esc(row.studio)}</td><td class="verdict ${row.verdict?.kind ?? ''}">${esc(row.verdict?.text ?? '—')}</td></tr>`,
  );
  return `<h2>The paper's claim</h2>
<p><strong>${esc(p.paper)}.</strong> ${esc(p.claim)}</p>
<p class="muted">Preset: ${esc(p.preset)}${p.reduced ? " — a reduced run (fewer or smaller jobs, three seeds): a first look at a smaller workload, not the paper's set-up" : ''}. A verdict needs Student's paired t-test across seeds to separate the two schedulers (p &lt; 0.05); a tie never counts as more. Full-size tables: reproductions.md in the docs folder of the studio's source, “${esc(p.docsSection)}”.</p>
<table><thead><tr><th>Measure</th><th>Paper</th><th class="num">Studio</th><th>Verdict</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function speedupTable(r: ResultReport): string {
  if (!r.speedup.length) return '<p class="muted">One scheduler only: nothing to pair.</p>';
  const rows = r.speedup.map(
    (s) =>
      `<tr><td>${esc(s.scheduler)}</td><td class="num">${s.pairs.toLocaleString('en-US')}</td><td class="num">${s.perJob.toFixed(2)}×</td><td class="num">${s.meanJct.toFixed(2)}×</td><td class="num">${s.lowestSeed.toFixed(2)}–${s.highestSeed.toFixed(2)}×</td><td>${esc(speedupVerdict(s.perJob, s.p, 'the baseline') ?? 'one seed: no verdict')}</td></tr>`,
  );
  return `<table><thead><tr><th>Scheduler</th><th class="num">Job pairs</th><th class="num wrap">Per-job speedup (geometric mean)</th><th class="num wrap">Ratio of mean JCTs</th><th class="num wrap">Single seed, lowest–highest</th><th>Verdict</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<p class="muted">A verdict needs ${esc(TEST_NAME)} on the seeds' per-job speedups to separate them from 1×; one seed gives none.</p>`;
}

function localityTable(r: ResultReport): string {
  if (!r.locality.rows.length) return '<p class="muted">No map read input in this result.</p>';
  const head = `<tr><th>Job group</th>${r.locality.schedulers.map((s) => `<th class="num wrap">${esc(s)}</th>`).join('')}</tr>`;
  const rows = r.locality.rows.map(
    (row) =>
      `<tr><td>${esc(row.group)}</td>${r.locality.schedulers
        .map((s) => {
          const c = row.cells[s] as (typeof row.cells)[string] | undefined;
          const best = r.locality.best[row.group] === s ? ' best' : '';
          return `<td class="num${best}">${c && c.maps ? `${((100 * c.local) / c.maps).toFixed(1)} % <span class="ci">of ${c.maps.toLocaleString('en-US')}</span>` : '—'}</td>`;
        })
        .join('')}</tr>`,
  );
  return `<table><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Every attempt each scheduler started, counted by why it started it (its first seed; the run history keeps the attempts). */
function decisionsTable(runs: ReportRun[]): string {
  const counted = runs.filter((run) => run.decisions?.length);
  if (!counted.length) return '';
  const kinds = new Map<string, string>();
  for (const run of counted) for (const d of run.decisions!) kinds.set(d.kind, d.label);
  const head = `<tr><th>Why the task started</th>${counted.map((run) => `<th class="num wrap">${esc(run.scheduler)}<br><span class="ci">seed ${run.seed}</span></th>`).join('')}</tr>`;
  const rows = [...kinds].map(
    ([kind, label]) =>
      `<tr><td>${esc(label)}</td>${counted
        .map((run) => {
          const d = run.decisions!.find((x) => x.kind === kind);
          return `<td class="num">${d ? `${d.count.toLocaleString('en-US')} <span class="ci">${(100 * d.share).toFixed(1)} %</span>` : '—'}</td>`;
        })
        .join('')}</tr>`,
  );
  return `<h2>Why tasks started</h2>
<p class="muted">Every task attempt each scheduler started, by the reason it gave (the why-panel shows each one).</p>
<table><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The cluster over time and the tasks on its nodes: only the run history keeps them, a result file does not. */
function overTime(r: ResultReport): string {
  if (!r.runs?.length)
    return '<h2>Over time</h2><p class="muted">A result file keeps each run\'s summary and jobs, not its series over time or its task attempts. The report of the same run made from the studio\'s run history shows the cluster over time and the tasks on its nodes.</p>';
  const runs = r.runs;
  const gantts = runs.map((run) => {
    const losses = r.nodeLosses.find((x) => x.scheduler === run.scheduler && x.seed === run.seed)?.losses ?? [];
    const picture = ganttSvg(run, losses);
    const thinning = ganttThinning(run);
    const shaded = losses.length ? '; a lost node shaded pink from its death until the master noticed, then grey until replaced' : '';
    return picture
      ? `<figure class="gantt">${picture}<figcaption>${esc(run.scheduler)}, seed ${run.seed}: every task attempt on its node (maps blue, reduces orange, failed red, killed grey)${shaded}${thinning ? `; ${esc(thinning)}` : ''}.</figcaption></figure>`
      : `<p class="muted">${esc(run.scheduler)}, seed ${run.seed}: the run kept no task attempts (the simulation option "record attempts" was off).</p>`;
  });
  return `<h2>The cluster over time</h2>
<figure>${cpuOverTimeSvg(runs)}<figcaption>Share of the cluster's cores busy, first seed of each scheduler.</figcaption></figure>
<figure>${pendingOverTimeSvg(runs)}<figcaption>Tasks waiting for a slot or container, first seed of each scheduler.</figcaption></figure>
<h2>Tasks on nodes</h2>
${gantts.join('\n')}
${decisionsTable(runs)}`;
}

function reproduce(r: ResultReport, meta: ReportMeta): string {
  const file = `${fileNameOf(r.experiment)}.experiment.json`;
  const command = `workload-studio run ${file} --out ${meta.source}`;
  if (!r.inputs)
    return `<p>This result does not carry its experiment (it was written before results carried it, or it compares several clusters or workloads, which no single experiment file holds), so its cluster, workload and settings are not known here. Rerun the experiment file it came from: <code>workload-studio run EXPERIMENT.json --out ${esc(meta.source)}</code>.</p>`;
  const e = r.inputs;
  const cluster = 'name' in e.cluster && 'racks' in e.cluster ? e.cluster : undefined;
  const totals = cluster ? clusterTotals(cluster) : undefined;
  const workload = 'jobs' in e.workload ? e.workload : undefined;
  const text = JSON.stringify(e, null, 2);
  const fileLines = text.split('\n').length;
  const printedWhole = !meta.print || fileLines <= PRINTED_FILE_LINES;
  const lines = [
    `<dt>Command</dt><dd><code>${esc(command)}</code> — the experiment file is ${printedWhole ? 'below' : 'in the HTML and ZIP reports'}; the same file gives these numbers byte for byte.</dd>`,
    cluster && totals
      ? `<dt>Cluster</dt><dd>${esc(cluster.name)}: ${totals.nodes} nodes, ${totals.cores} cores, ${totals.memoryGb} GB in ${totals.racks} rack${totals.racks === 1 ? '' : 's'}</dd>`
      : '',
    workload ? `<dt>Workload</dt><dd>${esc(workload.name)}: ${esc(workloadJobsText(workload))}</dd>` : '',
    `<dt>Schedulers</dt><dd><ul>${e.schedulers.map((s) => `<li><strong>${esc(schedulerLabel(s))}</strong> — ${esc(schedulerSettingsText(s))}</li>`).join('')}</ul></dd>`,
    `<dt>Seeds</dt><dd>${e.seeds.join(', ')}</dd>`,
    `<dt>Simulation</dt><dd>${esc(simulationSettingsText(e.simulation))}</dd>`,
    e.sweep ? `<dt>Sweep</dt><dd>${esc(sweepText(e))}</dd>` : '',
  ];
  const fileShown = printedWhole
    ? `<details${meta.print ? ' open' : ''}><summary>The experiment file (${esc(file)})</summary><pre>${esc(text)}</pre></details>`
    : `<p class="muted">The experiment file (${esc(file)}) is ${fileLines.toLocaleString('en-US')} lines, more than a printed report holds: the HTML and ZIP reports carry it, and the result file reruns as it is (<code>workload-studio run ${esc(meta.source)}</code>).</p>`;
  return `<dl>${lines.join('')}</dl>${fileShown}`;
}

const STYLE = `
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1b1f27;margin:32px auto;max-width:960px;padding:0 16px;line-height:1.45}
h1{font-size:24px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #d8dce3;padding-bottom:4px}
.muted,.ci{color:#5b6474}.ci,.ratio{font-size:11px}.ratio{color:#2f6fde;margin-left:4px}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{padding:4px 8px;border-bottom:1px solid #e6e8ed;text-align:left;vertical-align:top}
th{font-size:11px;text-transform:uppercase;color:#5b6474}.num,.name{white-space:nowrap}.num.wrap{white-space:normal}.num{text-align:right}.best{font-weight:700;background:#e3f4e6}.summary td{font-size:12px}.summary td:first-child{min-width:11em}.summary tr.capacity td{font-size:11px;color:#5b6474}.small-print{font-size:12px}p.no-best{margin-bottom:2px}ul.small-print{margin-top:0}.verdict.within{color:#1f7a3a}.verdict.opposite,.verdict.unexpected{color:#b3261e}.verdict.smaller,.verdict.larger{color:#8a5a00}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;font-size:13px}dt{font-weight:600;color:#5b6474}dd{margin:0}dd ul{margin:0;padding-left:18px}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;word-break:break-all}pre{font-size:11px;background:#f6f7f9;padding:8px;overflow:auto;max-height:420px}
p.warning{font-size:13px;background:#fff6e0;border:1px solid #e7c66b;border-radius:4px;padding:6px 10px}
figure{margin:12px 0}figcaption{font-size:12px;color:#5b6474}svg{max-width:100%;height:auto}
@media print{body{margin:0;max-width:none}details pre{max-height:none;white-space:pre-wrap;overflow-wrap:anywhere;column-count:2;column-gap:24px;font-size:9px}h2{break-after:avoid}figure,tr{break-inside:avoid}.gantt{break-inside:auto}}`;

/** The job-time charts; where no job of any run succeeded there is no time to draw, and the report says so instead of empty axes. */
function jobTimeFigures(r: ResultReport): string {
  if (r.jct.every((s) => s.seconds.length === 0))
    return `<h2>Job completion times</h2>\n<p class="muted">No job succeeded in any run: there is no completion time to draw.</p>`;
  const sweep = r.sweep
    ? `<figure>${sweepSvg(r)}<figcaption>Mean job completion time against ${esc(r.sweep.axis)}: each swept scheduler's mean over the seeds with its 95 % interval as a bar at each value${r.sweep.lines.some((l) => !l.swept) ? '; a dashed line is a scheduler the sweep did not vary' : ''}.</figcaption></figure>\n`
    : '';
  return `<figure>${meanJctSvg(r)}<figcaption>Mean job completion time per scheduler: the box spans the 95 % interval, the line is the mean.</figcaption></figure>
${sweep}<h2>Job completion times</h2>
<figure>${jctCdfSvg(r)}<figcaption>Distribution of job completion times over all seeds (log scale).</figcaption></figure>`;
}

/** A standalone HTML report: no script, no external file; every chart an inline SVG. */
export function reportHtml(r: ResultReport, meta: ReportMeta): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"><title>${esc(r.experiment)} — Workload Studio report</title><style>${STYLE}</style></head>
<body>
<header><h1>${esc(r.experiment)}</h1>
<p class="muted">${r.schedulers.length} scheduler${r.schedulers.length === 1 ? '' : 's'} × ${r.seeds.length} seed${r.seeds.length === 1 ? '' : 's'} (${r.seeds.join(', ')}) · baseline ${esc(r.baseline)} · from ${esc(meta.source)} · Workload Studio ${esc(meta.studioVersion)} · ${esc(meta.generatedAt)}</p></header>
<h2>Summary</h2>
<p class="muted">Mean over seeds with its 95 % confidence interval (Student t, clipped to what the metric can be). ↓ lower is better, ↑ higher is better. Shaded: best, only where ${esc(TEST_NAME)} separates it from every other; tie: the leaders named read the same, so none is best; n.s.: the leader could not be told from the one named; jobs differ: two runs of a seed finished different numbers of jobs, so a metric of the succeeded jobs averages other jobs in each and ranks neither. ×: ratio against the baseline; for a metric with ↑ or ↓ above 1× is better, for one without (memory use, server- and rack-local shares) it is the plain ratio, neither better nor worse.</p>
${pairingNote(r)}
${stoppedNote(r)}
${summaryTable(r)}
${paperTable(r)}
${jobTimeFigures(r)}
<h2>Per-job speedup over ${esc(r.baseline)}</h2>
<p class="muted">Every job paired with itself (same seed, same id); above 1×: the scheduler's jobs finish faster than the baseline's.</p>
${speedupTable(r)}
<h2>Data locality by job group</h2>
<p class="muted">Share of map attempts that read their input on their own node or server, over all seeds. Shaded: the group's best, only where the seeds' shares separate it from every other (${esc(TEST_NAME)}).</p>
${localityTable(r)}
${r.locality.rows.length ? `<figure>${localitySvg(r)}<figcaption>Share of each job group's maps that read their input on their node or server.</figcaption></figure>` : ''}
${mrClusterSection(r)}
${nodeLossSection(r)}
${ownFiguresSection(r)}
${overTime(r)}
<h2>How to reproduce</h2>
${reproduce(r, meta)}
</body></html>
`;
}
