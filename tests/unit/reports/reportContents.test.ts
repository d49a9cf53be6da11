import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { RecordedExperimentSchema, type ResultFile, type RunSummary } from '@shared/experiment/experiment';
import { METRICS } from '@shared/results/metrics';
import { reportFiles } from '../../../src-main/reports/reportFiles';
import { PRINTED_FILE_LINES, reportHtml } from '../../../src-main/reports/reportHtml';
import { resultReport } from '../../../src-main/reports/resultReport';
import { runColumn } from '../../../src-main/reports/tidyCsv';
import { smallCluster } from '../../helpers/clusterFixtures';
import { handResult, handRun } from '../../helpers/resultFixtures';
import { tidyJobsCsv, tidyRunsCsv } from '../../../src-main/reports/tidyCsv';

/**
 * What a report says, read as a colleague reads it: each metric with the digits the app prints,
 * which way is better, "n.s." where the test separates nothing, the paper's claim table for a run
 * of a paper preset, tidy tables for pandas or R, and everything in one zip.
 */
const summary = (meanJct: number, anp: number, deadlines: number | null = null): RunSummary => ({
  jobs: 2,
  succeeded: 2,
  failed: 0,
  unfinished: 0,
  makespan: meanJct * 2,
  meanJct,
  medianJct: meanJct,
  p95Jct: meanJct,
  throughputJobsPerHour: 7200 / meanJct,
  utilization: { cpu: 0.5, memory: 0.2, disk: 0.1, network: 0.05 },
  locality: { node: 2, server: 0, rack: 0, offRack: 0 },
  meanAnp: anp,
  unfairness: 0.3,
  jainIndex: 0.8,
  meanSlowdown: 2,
  deadlineHitRate: deadlines,
  failedAttempts: 0,
  killedAttempts: 0,
  schedulerCalls: 10,
  events: 100,
  simulatedSeconds: meanJct * 2,
});
const jobs = (t: number): ResultFile['runs'][number]['jobs'] => [
  {
    id: 'j1',
    template: 'Sort',
    status: 'succeeded',
    submit: 0,
    start: 1,
    finish: t,
    maps: 4,
    locality: { node: 2, server: 1, rack: 1, offRack: 0 },
    deadline: 110,
  },
  { id: 'j2', template: 'Grep', status: 'failed', submit: 5, start: 6, finish: null, deadline: 500 },
];
const run = (scheduler: string, seed: number, s: RunSummary, t = 100) => ({ ...handRun(scheduler, seed, jobs(t)), summary: s });
const META = { source: 'hand.result.json', studioVersion: 'test', generatedAt: '2026-11-26 09:00 UTC' };

describe('the report', () => {
  // ANP 0.309 against 0.316: one decimal would print both as "0.3".
  const result = handResult([
    run('fifo', 1, summary(100, 0.309)),
    run('fifo', 2, summary(120, 0.309)),
    run('fair', 1, summary(90, 0.316)),
    run('fair', 2, summary(125, 0.316)),
  ]);
  const html = reportHtml(resultReport(result), META);

  it('prints each metric with its own digits, and which way is better', () => {
    // A ratio of memory use is no better or worse above 1×: the legend says so.
    expect(html).not.toContain('always better');
    expect(html).toMatch(/for one without \(memory use, server- and rack-local shares\) it is the plain ratio/);
    expect(html).toContain('0.309');
    expect(html).toContain('0.316');
    expect(html).toMatch(/Mean job completion time<span class="ci"> s ↓<\/span>/);
    expect(html).toMatch(/Throughput<span class="ci"> jobs\/h ↑<\/span>/);
  });

  it("lets a long scheduler name wrap in the summary's head, so the metric names keep their room", () => {
    // "Hadoop Fair Scheduler 0.20.2 (8/6 slots)" kept on one line pushed "Mean job completion time" onto three.
    expect(html).toContain('<th class="num wrap">fifo <span class="ci">(baseline)</span></th><th class="num wrap">fair</th>');
    expect(html).toMatch(/\.num\.wrap\{white-space:normal\}/);
    expect(html).toMatch(/\.summary td:first-child\{min-width:11em\}/);
  });

  it('says "n.s." where the paired test cannot tell the leader from another', () => {
    // Fair leads mean JCT on seed 1 and trails on seed 2: not separated.
    expect(html).toMatch(/Mean job completion time<span class="ci"> s ↓<\/span> <span class="ci ns">n\.s\.<\/span>/);
    expect(html).toMatch(/No best:<\/p><ul[^>]*>(<li>[^<]*<\/li>)*<li>Mean job completion time: the leader cannot be told from fifo \(p = \d\.\d\d\)<\/li>/);
  });

  it('says "tie" where the two leaders read the same, and names them', () => {
    const even = handResult([
      run('fifo', 1, summary(100, 0.3)),
      run('fifo', 2, summary(120, 0.3)),
      run('fair', 1, summary(120, 0.3)),
      run('fair', 2, summary(100, 0.3)),
    ]);
    const said = reportHtml(resultReport(even), META);
    expect(said).toMatch(/Mean job completion time<span class="ci"> s ↓<\/span> <span class="ci ns">tie<\/span>/);
    expect(said).toMatch(/Mean job completion time: fifo and fair both read 110\.0/);
    expect(said).toContain('tie: the leaders named read the same, so none is best');
  });

  it('ranks no job time between runs that finished different jobs, and says so', () => {
    // Fair is quicker on both seeds, but at seed 2 its second job failed where FIFO's succeeded.
    const lostOne = handResult([
      run('fifo', 1, summary(100, 0.3)),
      run('fifo', 2, summary(120, 0.3)),
      run('fair', 1, summary(80, 0.3)),
      run('fair', 2, { ...summary(99, 0.3), succeeded: 1, failed: 1 }),
    ]);
    const said = reportHtml(resultReport(lostOne), META);
    expect(said).toMatch(/Mean job completion time: at seed 2 fair finished 1 job and fifo 2 jobs, so this metric averages different jobs in each/);
    expect(said).toMatch(/Mean job completion time<span class="ci"> s ↓<\/span> <span class="ci ns">jobs differ<\/span>/);
    const jctRow = (html: string) => html.split('<tr>').find((r) => r.startsWith('<td>Mean job completion time<'))!;
    expect(jctRow(said)).not.toContain('num best');
    // The same times with every job finished: Fair is marked best.
    const finishedAll = handResult([...lostOne.runs.slice(0, 3), run('fair', 2, summary(99, 0.3))]);
    expect(jctRow(reportHtml(resultReport(finishedAll), META))).toContain('num best');
  });

  it('says there is no completion time to draw when no job of any run succeeded, rather than empty axes', () => {
    const failedJobs = jobs(100).map((j) => ({ ...j, status: 'failed' as const, finish: null }));
    const none = { ...summary(100, 0.3), succeeded: 0, failed: 2 };
    const allFailed = handResult([
      { ...handRun('fifo', 1, failedJobs), summary: none },
      { ...handRun('fair', 1, failedJobs), summary: none },
    ]);
    const text = reportHtml(resultReport(allFailed), META);
    expect(text).toContain('No job succeeded in any run: there is no completion time to draw.');
    expect(text).not.toContain('Distribution of job completion times');
    // The report above keeps its charts.
    expect(html).toContain('Distribution of job completion times over all seeds');
    expect(html).not.toContain('No job succeeded in any run');
  });

  it("shows the paper's claim table for a run of a paper preset, measured as the Reproduce area measures it", () => {
    const aria = handResult(
      [1, 2, 3].flatMap((seed) => [
        run('MinEDF', seed, summary(100, 0.5, 0.9 + seed / 100)),
        run('FIFO', seed, summary(100, 0.5, 0.5)),
        run('Fair (delay)', seed, summary(100, 0.5, 0.95)),
      ]),
    );
    const report = resultReport(aria, undefined, { file: 'aria-minedf.experiment.json', reduced: true });
    expect(report.paper?.rows.map((r) => [r.measure, r.studio, r.verdict?.kind])).toEqual([
      ['Deadlines met, MinEDF − Fair', '−3.0 points', 'opposite'],
      ['Deadlines met, MinEDF − FIFO', '+42.0 points', 'within'],
    ]);
    const page = reportHtml(report, META);
    expect(page).toContain("The paper's claim");
    expect(page).toContain('a reduced run');
    expect(page).toMatch(/the opposite direction \(3 seeds, p [=<]/);
    // Any other batch has no such table.
    expect(resultReport(aria).paper).toBeUndefined();
    expect(resultReport(aria, undefined, { file: 'mine.experiment.json', reduced: false }).paper).toBeUndefined();
  });

  it('writes runs.csv numbers as their shortest text, and names the batch, cluster and workload of every row', () => {
    const noisy = summary(100, 0.309);
    noisy.utilization = { ...noisy.utilization, cpu: 0.012329 };
    // 0.012329 × 100 is 1.2328999999999999 in floating point.
    expect(noisy.utilization.cpu * 100).not.toBe(1.2329);
    const rows = parse(tidyRunsCsv(handResult([run('fifo', 1, noisy)])), { columns: true }) as Record<string, string>[];
    expect(rows[0].cpu_pct).toBe('1.2329');
    expect(rows[0]).toMatchObject({ batch: 'hand-made', cluster: '', workload: '' });
    // Runs of several workloads (a comparison across history) name each run's job set.
    const across = { ...handResult([{ ...run('fifo', 1, noisy), jobSet: 'day 2' }]) };
    expect((parse(tidyRunsCsv(across), { columns: true }) as Record<string, string>[])[0].workload).toBe('day 2');
  });

  it('has tidy tables: one row per run with every metric a column, one row per job per run', async () => {
    const files = await reportFiles(resultReport(result), 'csv', { meta: META, base: 'hand', result });
    const byName = Object.fromEntries(files.map((f) => [f.name, f.content as string]));
    const runs = parse(byName['hand.runs.csv'], { columns: true }) as Record<string, string>[];
    expect(runs).toHaveLength(4);
    expect(Object.keys(runs[0])).toEqual(['batch', 'cluster', 'workload', 'scheduler', 'kind', 'seed', ...METRICS.map(runColumn)]);
    expect(runs[0]).toMatchObject({ batch: result.experiment });
    expect(runs[2]).toMatchObject({ scheduler: 'fair', seed: '1', meanJct_s: '90', meanAnp: '0.316', cpu_pct: '50' });
    const jobRows = parse(byName['hand.jobs.csv'], { columns: true }) as Record<string, string>[];
    expect(jobRows).toHaveLength(8);
    expect(jobRows[0]).toMatchObject({
      scheduler: 'fifo',
      seed: '1',
      job: 'j1',
      status: 'succeeded',
      jct: '100',
      deadline: '110',
      metDeadline: 'yes',
      maps: '4',
      nodeLocal: '2',
      serverLocal: '1',
    });
    const late = parse(
      tidyJobsCsv(
        handResult([
          handRun('edf', 1, [
            { id: 'k', template: 'Sort', status: 'succeeded', submit: 0, start: 0, finish: 50, deadline: 40 },
            { id: 'free', template: 'Sort', status: 'succeeded', submit: 0, start: 0, finish: 50 },
          ]),
        ]),
      ),
      { columns: true },
    ) as Record<string, string>[];
    expect(late).toMatchObject([
      { job: 'k', deadline: '40', metDeadline: 'no' },
      { job: 'free', deadline: '', metDeadline: '' },
    ]);
    // A job that did not finish has no completion time, not a zero, and missed its deadline.
    expect(jobRows[1]).toMatchObject({ job: 'j2', status: 'failed', finish: '', jct: '', deadline: '500', metDeadline: 'no' });
  });

  it("shows a FAWKES run's MR-clusters: each policy's average job slowdown per MR-cluster, and a table of them to take away", async () => {
    const series = (nodes: number[]) => ({
      t: nodes.map((_, i) => i * 60),
      nodes,
      queue: nodes.map(() => 0),
      weight: nodes.map(() => 0.5),
      discrimination: nodes.map(() => 0),
    });
    const mr = (name: string, avgSlowdown: number, nodes: number[], reconfigurations = 0) => ({
      name,
      minShare: 10,
      jobs: 3,
      avgSlowdown,
      maxQueue: 2,
      reconfigurations,
      minShareReachedS: 0,
      dataMovedMb: 2048,
      killedAttempts: 4,
      series: series(nodes),
    });
    const fawkes = handResult([
      { ...run('TD (TC)', 1, summary(100, 0.5)), mrClusters: [mr('c-1', 1.5, [10, 14], 2), mr('c-2', 6.25, [10, 12])] },
      { ...run('TD (TC)', 2, summary(100, 0.5)), mrClusters: [mr('c-1', 2.5, [10, 16], 4), mr('c-2', 7.75, [10, 11])] },
      { ...run('NONE (TC)', 1, summary(120, 0.5)), mrClusters: [mr('c-1', 3, [10]), mr('c-2', 9, [10])] },
      { ...run('NONE (TC)', 2, summary(120, 0.5)), mrClusters: [mr('c-1', 3, [10]), mr('c-2', 11, [10])] },
    ]);
    const page = reportHtml(resultReport(fawkes), META);
    expect(page).toContain('<h2>MR-clusters</h2>');
    // TD: c-1 2.00, c-2 7.00 (means over seeds); min / median / max; mean over MR-clusters 4.50; 3 reconfigurations per run.
    expect(page).toMatch(
      /<td class="name">TD \(TC\)<\/td><td class="num">2\.00<\/td><td class="num">7\.00<\/td><td class="num">2\.00 \/ 4\.50 \/ 7\.00<\/td><td class="num">4\.50<\/td><td class="num">3\.0<\/td><td class="num">4\.0<\/td><td class="num">8<\/td>/,
    );
    expect(page).toMatch(/<td class="name">NONE \(TC\)<\/td><td class="num">3\.00<\/td><td class="num">10\.00<\/td>/);
    // A report of runs without MR-clusters has no such section.
    expect(html).not.toContain('<h2>MR-clusters</h2>');
    const files = await reportFiles(resultReport(fawkes), 'csv', { meta: META, base: 'w', result: fawkes });
    const rows = parse(files.find((f) => f.name === 'w.mr-clusters.csv')!.content as string, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(8);
    expect(rows[1]).toMatchObject({
      scheduler: 'TD (TC)',
      seed: '1',
      mrCluster: 'c-2',
      avgSlowdown: '6.25',
      reconfigurations: '0',
      dataMovedMb: '2048',
      killedAttempts: '4',
      peakNodes: '12',
    });
    expect(files.map((f) => f.name)).not.toContain('hand.mr-clusters.csv');
  });

  it('prints the experiment file in a PDF (a closed section prints nothing), or says where it is when it is too long to print', async () => {
    const withJobs = (count: number): ResultFile => ({
      ...handResult([run('fifo', 1, summary(100, 0.5))]),
      inputs: RecordedExperimentSchema.parse({
        name: 'hand-made',
        cluster: smallCluster(),
        workload: { name: 'w', jobs: Array.from({ length: count }, (_, i) => ({ id: `j${i}`, template: 'Sort', submit: i, maps: 2, reduces: 1 })) },
        schedulers: [{ kind: 'fifo' }],
        seeds: [1],
      }),
    });
    const printed = async (result: ResultFile) => {
      let html = '';
      const printPdf = (page: string) => {
        html = page;
        return Promise.resolve(new Uint8Array());
      };
      await reportFiles(resultReport(result), 'pdf', { meta: META, base: 'hand', result, printPdf });
      return html;
    };
    const small = withJobs(3);
    const [page] = await reportFiles(resultReport(small), 'html', { meta: META, base: 'hand', result: small });
    // On screen the file folds away; printed, it is open, whole.
    expect(page.content).toMatch(/<details><summary>The experiment file \(hand-made\.experiment\.json\)<\/summary><pre>[^<]*&quot;j2&quot;/);
    expect(await printed(small)).toMatch(/<details open><summary>The experiment file [^<]*<\/summary><pre>[^<]*&quot;j2&quot;/);
    // Jobs enough to run past the printed limit: on screen still whole; printed, said where it is.
    const large = withJobs(PRINTED_FILE_LINES);
    const [largePage] = await reportFiles(resultReport(large), 'html', { meta: META, base: 'hand', result: large });
    expect(largePage.content).toContain(`&quot;j${PRINTED_FILE_LINES - 1}&quot;`);
    const largePrint = await printed(large);
    expect(largePrint).not.toContain('<pre>');
    expect(largePrint).toMatch(/The experiment file \(hand-made\.experiment\.json\) is [\d,]+ lines, more than a printed report holds/);
    expect(largePrint).toContain('<code>workload-studio run hand.result.json</code>');
    expect(largePrint).toContain('the experiment file is in the HTML and ZIP reports');
  });

  it('heads the summary with what each scheduler could run at once on the servers its runs had', () => {
    // Cut to 2 servers (a1, and b1 of two VMs: three nodes) or all 4 (six nodes), two map slots a node.
    const swept: ResultFile = {
      ...handResult([run('FIFO · 2 servers', 1, summary(300, 0.5)), run('FIFO · 4 servers', 1, summary(100, 0.5))]),
      inputs: RecordedExperimentSchema.parse({
        name: 'swept',
        cluster: smallCluster(),
        workload: { name: 'w', jobs: [{ id: 'j0', template: 'Sort', submit: 0, maps: 2, reduces: 1 }] },
        schedulers: [{ kind: 'fifo', mapSlots: 2, reduceSlots: 1 }],
        seeds: [1],
        sweep: { target: 'servers', values: [2, 4] },
      }),
    };
    const report = resultReport(swept);
    expect(report.atOnce).toEqual({ 'FIFO · 2 servers': '6 map + 3 reduce slots', 'FIFO · 4 servers': '12 map + 6 reduce slots' });
    expect(reportHtml(report, META)).toContain(
      '<tr class="capacity"><td>Could run at once</td><td class="num wrap">6 map + 3 reduce slots</td><td class="num wrap">12 map + 6 reduce slots</td></tr>',
    );
    // A result file without its experiment has no capacities to show, and no empty row.
    expect(html).not.toContain('Could run at once');
  });

  it('leaves as one zip: report, every CSV, the result file and a README, in a folder', async () => {
    const [zip] = await reportFiles(resultReport(result), 'zip', {
      meta: META,
      base: 'hand',
      result,
      printPdf: () => Promise.resolve(new TextEncoder().encode('%PDF-1.4 test')),
    });
    expect(zip.name).toBe('hand.report.zip');
    const entries = unzipSync(zip.content as Uint8Array);
    const names = Object.keys(entries).sort();
    expect(names).toEqual([
      'hand/',
      'hand/README.txt',
      'hand/hand.jct-cdf.csv',
      'hand/hand.jobs.csv',
      'hand/hand.locality.csv',
      'hand/hand.report.html',
      'hand/hand.report.pdf',
      'hand/hand.result.json',
      'hand/hand.runs.csv',
      'hand/hand.speedup.csv',
      'hand/hand.summary.csv',
    ]);
    expect(strFromU8(entries['hand/hand.report.pdf'])).toBe('%PDF-1.4 test');
    expect(JSON.parse(strFromU8(entries['hand/hand.result.json']))).toEqual(result);
    const readme = strFromU8(entries['hand/README.txt']).split('\r\n');
    // Titled by the experiment's name, not by the name made safe for a file.
    expect(readme[0]).toMatch(/^hand-made: a Workload Studio report/);
    // Every table is listed, each with a line saying what its rows and columns hold.
    for (const table of names.filter((n) => n.endsWith('.csv'))) {
      const at = readme.indexOf(table.replace('hand/', ''));
      expect(at, table).toBeGreaterThan(0);
      expect(readme[at + 1], table).toMatch(/^ {2}\S.{40,}/);
    }
    expect(readme[readme.indexOf('hand.speedup.csv') + 1]).toMatch(/against fifo, job by job/);
    expect(readme[readme.indexOf('hand.locality.csv') + 1]).toMatch(/on their own node/);
    // No experiment inside this result: the README says why there is no experiment file.
    expect(strFromU8(entries['hand/README.txt'])).toMatch(/no experiment file/);
  });

  it('still leaves as a zip when no PDF can be printed here, and says so inside', async () => {
    const [zip] = await reportFiles(resultReport(result), 'zip', {
      meta: META,
      base: 'hand',
      result,
      printPdf: () => Promise.reject(new Error('a PDF needs Chromium')),
    });
    const entries = unzipSync(zip.content as Uint8Array);
    expect(Object.keys(entries)).not.toContain('hand/hand.report.pdf');
    expect(strFromU8(entries['hand/README.txt'])).toMatch(/no PDF: a PDF needs Chromium/);
  });
});
