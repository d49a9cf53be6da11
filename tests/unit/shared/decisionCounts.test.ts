import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countAttempts, countDecisions, kindFromWords, reasonKindsOf } from '@shared/results/decisionCounts';
import { LAUNCH_REASON_KINDS, launchReasonText } from '@shared/results/launchReason';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { simulate } from '../../../src-main/engine/run/kernel';
import { compileTopology } from '../../../src-main/engine/core/topology';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { schedulerFor } from '../../../src-main/runner/schedulerFor';
import { compileJobs, expandJobs } from '../../../src-main/workloads/compile';
import { LAUNCH_REASON_CASES } from '../../helpers/launchReasonCases';

const PRESETS = path.resolve(__dirname, '../../../resources/presets');

describe('decisions counted by kind', () => {
  it.each(LAUNCH_REASON_CASES)('reads the kind of %j back from its words (runs saved before kinds were kept)', (reason) => {
    expect(kindFromWords(launchReasonText(reason))).toBe(reason.kind);
  });

  it('calls words no kind writes unknown, never a guess', () => {
    expect(kindFromWords('Fair: job j1 got a slot')).toBe('unknown');
    expect(kindFromWords('MinEDF: job j1 is first')).toBe('unknown');
    expect(kindFromWords('')).toBe('unknown');
  });

  it('takes the stored kinds when the run kept them, and reads the words when it did not', () => {
    // Words as runs saved them before kinds were kept (LATE's named the task by its number then).
    const reasons = [
      'FIFO: job a is first in submission order with pending maps; node-local map',
      'LATE: task 3 of job a has the longest estimated time left (9 s) and a progress rate below the 25th percentile; speculative copy',
    ];
    expect(reasonKindsOf(reasons)).toEqual(['submissionOrder', 'speculation']);
    // Stored kinds win over the words (they were recorded at the decision), and a kind this version does not know is unknown.
    expect(reasonKindsOf(reasons, ['fairShare', 'noSuchKind'])).toEqual(['fairShare', 'unknown']);
    // A stored list that does not match the reasons (a damaged row) is not trusted.
    expect(reasonKindsOf(reasons, ['fairShare'])).toEqual(['submissionOrder', 'speculation']);
  });

  it('counts, shares and orders: most frequent first, ties in the kinds own order', () => {
    const rows = countDecisions(['speculation', 'fairShare', 'fairShare', 'submissionOrder', 'unknown', 'speculation']);
    expect(rows.map((r) => [r.kind, r.count])).toEqual([
      ['fairShare', 2],
      ['speculation', 2],
      ['submissionOrder', 1],
      ['unknown', 1],
    ]);
    expect(rows.reduce((s, r) => s + r.share, 0)).toBeCloseTo(1, 12);
    expect(rows[0].label).toBe('Furthest below its fair share');
    expect(countDecisions([])).toEqual([]);
    // From a reason column: an index no reason has is counted as not known.
    expect(countAttempts([0, 1, 1, 5], ['fairShare', 'speculation']).map((r) => [r.kind, r.count])).toEqual([
      ['speculation', 2],
      ['fairShare', 1],
      ['unknown', 1],
    ]);
  });

  // Real runs, not hand-made reasons: every interned reason's stored kind is the kind its words say,
  // and the counts add up to the attempts the run recorded.
  const cases: [string, number][] = [
    ['aria-minedf.experiment.json', 0],
    ['aria-minedf.experiment.json', 1],
    ['aria-minedf.experiment.json', 2],
    ['prism-gridmix.experiment.json', 1],
    ['prism-gridmix.experiment.json', 2],
    ['liu-balanced.experiment.json', 0],
    ['ila-facebook.experiment.json', 3],
  ];
  it.each(cases)('%s scheduler %i: kinds agree with the words and add up to the attempts', (file, index) => {
    const { experiment, cluster, workload } = loadExperiment(path.join(PRESETS, file));
    const jobs = compileJobs(expandJobs({ ...workload, jobs: workload.jobs.slice(0, 6).map((j) => ({ ...j, dependsOn: [] })) }, 1), cluster.hdfs.blockSizeMb);
    const topology = compileTopology(cluster);
    const options = { ...experiment.simulation, recordAttempts: true };
    const spec = SchedulerSpecSchema.parse(experiment.schedulers[index]);
    const r = simulate({ topology, jobs, options, seed: 1, scheduler: schedulerFor(spec, topology, options) });
    expect(r.reasonKinds).toHaveLength(r.reasons.length);
    expect(r.reasons.length).toBeGreaterThan(0);
    expect(r.reasonKinds).toEqual(r.reasons.map(kindFromWords));
    for (const k of r.reasonKinds) expect(LAUNCH_REASON_KINDS).toContain(k);
    const kinds = reasonKindsOf(r.reasons, r.reasonKinds);
    const reasonColumn = r.records.reason.subarray(0, r.records.length);
    const counts = countAttempts(reasonColumn, kinds);
    expect(counts.reduce((s, c) => s + c.count, 0)).toBe(r.records.length);
    // The same as counting each attempt's kind one by one.
    expect(counts).toEqual(countDecisions(Array.from(reasonColumn, (i) => kinds[i])));
  });

  it('a scheduler with speculation counts its copies apart from its policy decisions', () => {
    const { experiment, cluster, workload } = loadExperiment(path.join(PRESETS, 'ila-facebook.experiment.json'));
    const late = experiment.schedulers.findIndex((s) => s.kind === 'late');
    const jobs = compileJobs(expandJobs({ ...workload, jobs: workload.jobs.slice(0, 12).map((j) => ({ ...j, dependsOn: [] })) }, 1), cluster.hdfs.blockSizeMb);
    const topology = compileTopology(cluster);
    const options = { ...experiment.simulation, recordAttempts: true };
    const r = simulate({
      topology,
      jobs,
      options,
      seed: 1,
      scheduler: schedulerFor(SchedulerSpecSchema.parse(experiment.schedulers[late]), topology, options),
    });
    const kinds = reasonKindsOf(r.reasons, r.reasonKinds);
    const counts = countAttempts(r.records.reason.subarray(0, r.records.length), kinds);
    const speculative = Array.from(r.records.speculative.subarray(0, r.records.length)).filter((x) => x === 1).length;
    expect(speculative).toBeGreaterThan(0);
    expect(counts.find((c) => c.kind === 'speculation')?.count ?? 0).toBe(speculative);
  });
});
