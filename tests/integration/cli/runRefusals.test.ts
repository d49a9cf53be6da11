import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const root = path.resolve(__dirname, '../../..');

describe('workload-studio run refuses before it simulates', () => {
  it("refuses, as the app's designer does, a card that could run nothing on the cluster: a YARN card whose masters fit on no node", async () => {
    const dir = tempDir();
    const example = JSON.parse(fs.readFileSync(path.join(root, 'docs/examples/baselines.experiment.json'), 'utf8')) as Record<string, unknown>;
    fs.copyFileSync(path.join(root, 'docs/examples/small.cluster.json'), path.join(dir, 'small.cluster.json'));
    const file = path.join(dir, 'tiny-nodes.experiment.json');
    // NodeManagers told to offer 1 GB: MRAppMaster's 1,536 MB fits on none of them.
    fs.writeFileSync(file, JSON.stringify({ ...example, schedulers: [{ kind: 'fifo' }, { kind: 'capacity', nodeMemoryMb: 1024 }] }));
    const r = await cli(['run', file, '--out', path.join(dir, 'never.json')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^error: .*tiny-nodes\.experiment\.json cannot run as it is:\n {2}Capacity: cluster "small", workload "mixed": no node can hold a job's application master \(1,536 MB, 1 vcore\): the largest NodeManager offers 1,024 MB/,
    );
    expect(fs.existsSync(path.join(dir, 'never.json'))).toBe(false);
  });

  it("refuses a Capacity card's jobs in a queue its tree has no leaf for, as YARN does; the card left with its one default queue takes them all", async () => {
    const dir = tempDir();
    const example = JSON.parse(fs.readFileSync(path.join(root, 'docs/examples/baselines.experiment.json'), 'utf8')) as Record<string, unknown>;
    fs.copyFileSync(path.join(root, 'docs/examples/small.cluster.json'), path.join(dir, 'small.cluster.json'));
    const jobs = [
      { id: 'etl-1', template: 'Sort', submit: 0, inputMb: 256, queue: 'etl' },
      { id: 'etl-2', template: 'Sort', submit: 5, inputMb: 256, queue: 'etl' },
      { id: 'q-1', template: 'Grep', submit: 9, inputMb: 256 },
    ];
    const file = path.join(dir, 'queues.experiment.json');
    const tree = {
      kind: 'capacity',
      queues: [
        { name: 'prod', capacity: 70 },
        { name: 'dev', capacity: 30 },
      ],
    };
    fs.writeFileSync(file, JSON.stringify({ ...example, workload: { name: 'teams', jobs }, schedulers: [tree], seeds: [1] }));
    const r = await cli(['run', file, '--out', path.join(dir, 'never.json')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      '2 jobs ("etl-1", "etl-2") name queue "etl", which the card\'s queue tree has no leaf for (its leaves: prod, dev); YARN refuses a job submitted there.',
    );
    expect(r.err).toContain('job "q-1" names queue "default", which the card\'s queue tree has no leaf for');
    // With the jobs in its queues it runs; so does the card with only its default queue, whatever the jobs name.
    const placed = jobs.map((j, i) => ({ ...j, queue: i < 2 ? 'prod' : 'dev' }));
    fs.writeFileSync(file, JSON.stringify({ ...example, workload: { name: 'teams', jobs: placed }, schedulers: [tree], seeds: [1] }));
    expect((await cli(['run', file, '--out', path.join(dir, 'placed.json')])).code).toBe(0);
    fs.writeFileSync(file, JSON.stringify({ ...example, workload: { name: 'teams', jobs }, schedulers: [{ kind: 'capacity' }], seeds: [1] }));
    expect((await cli(['run', file, '--out', path.join(dir, 'default.json')])).code).toBe(0);
  });

  it('refuses a batch it estimates as hours long unless --allow-large, saying what it would cost', async () => {
    const dir = tempDir();
    const example = JSON.parse(fs.readFileSync(path.join(root, 'docs/examples/baselines.experiment.json'), 'utf8')) as Record<string, unknown>;
    fs.copyFileSync(path.join(root, 'docs/examples/small.cluster.json'), path.join(dir, 'small.cluster.json'));
    const file = path.join(dir, 'hours.experiment.json');
    // 2,000 jobs of 1,000 maps under LATE and PRISM over 30 seeds: hours on one thread.
    fs.writeFileSync(
      file,
      JSON.stringify({
        ...example,
        workload: {
          name: 'big',
          generate: { count: 2000, arrival: { kind: 'poisson', meanInterarrivalS: 5 }, mix: [{ template: 'Grep', weight: 1, maps: [1000, 1000], reduces: 0 }] },
        },
        schedulers: [{ kind: 'late' }, { kind: 'prism' }],
        seeds: Array.from({ length: 30 }, (_, i) => i + 1),
      }),
    );
    const r = await cli(['run', file, '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(
      /^error: a large batch: the 60 runs would take about [\d.]+ (min|h) on 1 thread, more than an hour \(60 runs, the largest 2,000,000 tasks .*\)\. Give --allow-large to run it anyway\.\n$/,
    );
  });

  it('refuses a generated run of 10 million tasks unless --allow-large, naming the estimate, before simulating anything', async () => {
    const dir = tempDir();
    fs.copyFileSync(path.join(root, 'docs/examples/small.cluster.json'), path.join(dir, 'small.cluster.json'));
    const file = path.join(dir, 'huge.experiment.json');
    // Every field within its own limit: 100,000 jobs of 100 maps, no reduces.
    fs.writeFileSync(
      file,
      JSON.stringify({
        name: 'huge',
        cluster: { file: 'small.cluster.json' },
        workload: {
          name: 'huge',
          generate: { count: 100_000, arrival: { kind: 'batch' }, mix: [{ template: 'Sort', weight: 1, maps: [100, 100], reduces: 0 }] },
        },
        schedulers: [{ kind: 'fifo' }],
        seeds: [1],
      }),
    );
    const r = await cli(['run', file, '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(
      /^error: a large batch: a run of 10,000,000 tasks, more than the 5,000,000 the studio runs without asking \(1 run, the largest 10,000,000 tasks \(about [\d.]+ GB\); about \d+ min in all on 1 thread .*\)\. Give --allow-large to run it anyway\.\n$/,
    );
  });

  it('refuses an experiment file past 60 MB before reading it, naming its size', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'vast.experiment.json');
    // Sparse: its size is known at once, and nothing in it could be parsed anyway.
    fs.writeFileSync(file, '');
    fs.truncateSync(file, 100 * 1024 * 1024);
    const r = await cli(['run', file]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`error: experiment: ${file} is 104,857,600 bytes, more than the 62,914,560 allowed\n`);
  });
});
