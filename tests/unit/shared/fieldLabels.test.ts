import { describe, expect, it } from 'vitest';
import { ExperimentSchema } from '@shared/experiment/experiment';
import { fieldLabel, problemsInWords } from '@shared/api/fieldLabels';
import { invalidRequest } from '@shared/api/validation';
import { CODE_IN_MESSAGE } from '../../e2e/messageWatch';

/** A path as validation writes it: a dotted name with a list index somewhere, or a camelCase name. */
const CODE = /\b[a-z]+[A-Z]\w*\b|\b[a-zA-Z]+\.\d+\b/;

describe('fields named by their labels', () => {
  it('reads the paths users met as words', () => {
    expect(fieldLabel('runs.1.summary.meanJct')).toBe('run 2 › summary › mean job completion time');
    expect(fieldLabel('points.3.reduceSlots')).toBe('point 4 › reduce slots');
    expect(fieldLabel('schedulers.0.tau')).toBe('scheduler 1 › threshold τ');
    expect(fieldLabel('deadlineS')).toBe('deadline (s)');
    expect(fieldLabel('spec.cluster.racks.0.hosts.1.cores')).toBe('cluster › rack 1 › server 2 › cores');
    expect(fieldLabel('simulation.heartbeatS')).toBe('simulation › heartbeat (s)');
    expect(fieldLabel('simulation.taskDiskMBps')).toBe('simulation › disk pace per task (MB/s)');
    expect(fieldLabel('simulation.dom0CpuPerMb')).toBe('simulation › dom0 CPU (s/MB)');
    expect(fieldLabel('submitS')).toBe('submit (s)');
    // A job's times as the jobs table's columns name them.
    expect(fieldLabel('jobs.0.submit')).toBe('job 1 › submit (s)');
    expect(fieldLabel('jobs.2.deadline')).toBe('job 3 › deadline (s)');
    // ARIA's profile and scaling fields by the planner's names; a template's name kept as written.
    expect(fieldLabel('schedulers.2.profiles.Sort.mAvg')).toBe('scheduler 3 › profiles › "Sort" › map avg (s)');
    expect(fieldLabel('schedulers.2.scaling.WordCount.rAvg.c1')).toBe(
      'scheduler 3 › scaling factors (eq. 9-10) › "WordCount" › reduce avg (s) › C₁ (s per MB per reduce)',
    );
    expect(fieldLabel('profiles.aria.Sort.shTypMax')).toBe('profiles › aria › "Sort" › typ. shuffle max (s)');
    expect(fieldLabel('profiles.pinnedAt')).toBe('profiles › pinned at');
    expect(fieldLabel('profiles.phases.Sort.map.cpuCores')).toBe('profiles › phases › "Sort" › map › CPU cores');
    expect(fieldLabel('templates.0.phases.map.cpuCores')).toBe('template 1 › phases › map › CPU cores');
  });

  it('lists every problem of a request, none of them in code', () => {
    const parsed = ExperimentSchema.safeParse({
      name: 'x',
      cluster: 'c.json',
      workload: 'w.json',
      schedulers: [{ kind: 'fair', tau: -1 }, { kind: 'nope' }],
      seeds: [0.5],
      simulation: { heartbeatS: 0 },
    });
    if (parsed.success) throw new Error('expected problems');
    const { message, field } = invalidRequest(parsed.error, 'spec');
    expect(field).toMatch(/^spec\./);
    expect(message.split('; ').length).toBe(parsed.error.issues.length);
    expect(message).not.toMatch(CODE);
  });

  it('says how many more past the ones it lists', () => {
    const many = Array.from({ length: 14 }, (_, i) => ({ field: `jobs.${i}.submit`, message: 'must be at least 0' }));
    expect(problemsInWords(many)).toMatch(/^job 1 › submit \(s\): must be at least 0; .*job 10 › submit \(s\): must be at least 0; and 4 more$/);
    expect(problemsInWords([{ field: 'runs.0.summary.meanJct', message: 'must be a number', line: 12 }])).toBe(
      'line 12, run 1 › summary › mean job completion time: must be a number',
    );
  });
});

describe("the e2e suite's watch for messages that speak code", () => {
  it('catches the messages users met, and passes their labelled forms', () => {
    const met = [
      'points.3.reduceSlots: 64 reduce slots: small has 60',
      'deadlineS: must be greater than 0',
      'schedulers.0.tau: must be at least 0',
      'runs.1.summary.meanJct: must be a number (and 1 more problem)',
    ];
    for (const m of met) expect(m).toMatch(CODE_IN_MESSAGE);
    for (const path of ['points.3.reduceSlots', 'deadlineS', 'schedulers.0.tau', 'runs.1.summary.meanJct'])
      expect(`${fieldLabel(path)}: must be a number`).not.toMatch(CODE_IN_MESSAGE);
    expect('Exported FB-2009.sls.json: 3.5 MB, 1.2 s').not.toMatch(CODE_IN_MESSAGE);
  });
});
