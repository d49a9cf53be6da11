import { describe, expect, it } from 'vitest';
import { experimentProblems, readExperimentFile } from '@shared/experiment/experimentFile';

const base = { name: 'x', cluster: { file: 'c.json' }, schedulers: [{ kind: 'fifo' }] };
const problems = (change: Record<string, unknown>) => experimentProblems({ ...base, ...change });

/** An experiment file's cluster and workload may each take several forms; a mistake is said in the form the file chose. */
describe("an experiment's problems, at the form its cluster and workload chose", () => {
  it('says what a trace to replay lacks, not that the workload has an unknown setting "trace"', () => {
    expect(problems({ workload: { trace: { format: 'csv', file: 'day.tsv' } } })).toEqual([
      { field: 'workload.trace.format', message: 'must be one of swim, sls, rumen' },
    ]);
    expect(problems({ workload: { trace: { format: 'swim' } } })).toEqual([{ field: 'workload.trace.file', message: 'is required' }]);
    expect(problems({ workload: { trace: { format: 'swim', file: 'day.tsv' } } })).toEqual([]);
    // Without a format, the run reads it from the file (runner/loadExperiment.ts).
    expect(problems({ workload: { trace: { file: 'day.tsv' } } })).toEqual([]);
  });

  it('says what a file reference lacks, not that it matches none of the forms', () => {
    expect(problems({ workload: { file: '' } })).toEqual([{ field: 'workload.file', message: 'must name the file' }]);
    expect(problems({ cluster: { file: 3 }, workload: { file: 'w.json' } })).toEqual([{ field: 'cluster.file', message: 'must be text' }]);
  });

  it('checks a workload written out as one, to the job', () => {
    expect(problems({ workload: { name: 'w', jobs: [{ template: 'Sort' }] } })).toEqual([{ field: 'workload.jobs.0.submit', message: 'is required' }]);
  });

  it("sends another of the studio's files, or Hadoop's scheduler configuration, where it opens", () => {
    const cluster = readExperimentFile('{\n  "format": "workload-studio.cluster",\n  "version": 1,\n  "cluster": {}\n}', 'c.json');
    expect(!cluster.ok && cluster.problems).toEqual([
      { line: 2, field: 'format', message: 'this is a Workload Studio cluster file: import it under Clusters (or `workload-studio clusters import FILE`)' },
    ]);
    const xml = readExperimentFile('<configuration><property><name>yarn.scheduler.capacity.root.queues</name></property></configuration>', 'x.xml');
    expect(!xml.ok && xml.problems[0].message).toMatch(/^this is a Capacity Scheduler configuration/);
    // A result file is still read for the experiment it carries.
    const result = readExperimentFile('{"format": "workload-studio.result", "version": 1, "runs": []}', 'r.json');
    expect(!result.ok && result.problems[0].field).toBe('inputs');
  });

  it('places a missing setting on the line of the setting that lacks it', () => {
    const text = JSON.stringify({ ...base, workload: { trace: { format: 'csv', file: 'day.tsv' } } }, null, 2);
    const read = readExperimentFile(text, 'e.json');
    expect(read).toMatchObject({ ok: false, problems: [{ field: 'workload.trace.format', line: 13 }] });
  });
});

describe("an experiment's missing cluster or workload, and settings named in the plural", () => {
  it('says which forms a missing or misshapen cluster or workload may take, not that it matches none', () => {
    const noCluster = experimentProblems({ name: 'x', workload: { file: 'w.json' }, schedulers: [{ kind: 'fifo' }] });
    expect(noCluster).toEqual([{ field: 'cluster', message: expect.stringMatching(/^is required: the cluster written out .*\{"file": "…"\}/) }]);
    const textWorkload = problems({ workload: 'day.tsv' });
    expect(textWorkload).toEqual([{ field: 'workload', message: expect.stringMatching(/^must be a group of settings: .*\{"trace": \{"file": "…"\}\}/) }]);
  });

  it('points a plural setting at the one an experiment file has', () => {
    const plural = experimentProblems({
      name: 'x',
      clusters: [],
      workloads: [],
      workload: { file: 'w.json' },
      cluster: { file: 'c.json' },
      schedulers: [{ kind: 'fifo' }],
    });
    expect(plural).toEqual([{ field: '', message: 'has unknown settings "clusters", "workloads" (an experiment file has one "cluster" and one "workload")' }]);
    expect(problems({ workload: { file: 'w.json' }, colour: 'red' })).toEqual([{ field: '', message: 'has unknown setting "colour"' }]);
  });
});
