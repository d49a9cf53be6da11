import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import { whyNotText, type WhyNotAnswer } from '@shared/results/whyNot';
import { cli } from '../../helpers/cli';
import { ok, useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const open = useServices();
const tempDir = useTempDirs();

const JOBS = [
  { id: 'big', template: 'WordCount', submit: 0, maps: 64, reduces: 2 },
  { id: 'small', template: 'WordCount', submit: 20, maps: 2, reduces: 1 },
];

describe('why not, in the app and on the CLI', () => {
  it('gives the same answer from a stored run and from its result file', async () => {
    const s = await open();
    const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 2, hostsPerRack: 4 } });
    const workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name: 'big then small', jobs: JOBS } });
    const design = await ok<DesignRecord>(s, 'experiments:create', {
      spec: {
        name: 'delay',
        clusterIds: [cluster.id],
        workloadIds: [workload.id],
        schedulers: [{ kind: 'fifo' }, { kind: 'fair', nodeLocalityWaitS: 5, rackLocalityWaitS: 5 }],
        seeds: [1, 2],
      },
    });
    const started = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await s.runner.settled(started.id);
    const batch = await ok<BatchDetail>(s, 'batches:get', { id: started.id });
    const fairSeed2 = batch.results.find((r) => r.label === 'Fair (delay)' && r.seed === 2)!;
    const answer = await ok<WhyNotAnswer>(s, 'batches:whyNot', { id: batch.id, run: fairSeed2.index, job: 'small', at: 21 });
    expect(answer).toMatchObject({ job: 'small', run: 'Fair (delay)', seed: 2, at: 21 });
    expect(whyNotText(answer)).toMatch(/waiting for a node-local slot/);

    const dir = tempDir();
    const file = (await ok<{ files: { fileName: string; content: string }[] }>(s, 'experiments:export', { id: design.id })).files[0];
    fs.writeFileSync(path.join(dir, file.fileName), file.content);
    expect((await cli(['run', path.join(dir, file.fileName), '--out', path.join(dir, 'r.json')])).code).toBe(0);
    const printed = await cli(['why', path.join(dir, 'r.json'), '--job', 'small', '--at', '21', '--run', 'Fair (delay)', '--seed', '2']);
    expect(printed).toMatchObject({ code: 0, err: '' });
    expect(printed.out).toBe(whyNotText(answer));
    const json = await cli(['why', path.join(dir, 'r.json'), '--job', 'small', '--at', '21', '--run', 'Fair (delay)', '--seed', '2', '--json']);
    expect(JSON.parse(json.out)).toEqual(answer);
    // In other capitals too, and by the name earlier builds gave it.
    expect((await cli(['why', path.join(dir, 'r.json'), '--job', 'small', '--at', '21', '--run', 'fair (Delay)', '--seed', '2'])).out).toBe(printed.out);
    expect((await cli(['why', path.join(dir, 'r.json'), '--job', 'small', '--at', '21', '--run', 'fair (delay)', '--seed', '2'])).out).toBe(printed.out);

    // Mistakes are named: a missing job, a run the file lacks, a job the run lacks.
    expect(await cli(['why', path.join(dir, 'r.json'), '--at', '21'])).toMatchObject({ code: 2, err: expect.stringMatching(/why needs --job ID/) });
    expect(await cli(['why', path.join(dir, 'r.json'), '--job', 'small', '--at', '21', '--run', 'drf'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/--run: .* has no run "drf" \(it has "FIFO", "Fair \(delay\)"\)/),
    });
    expect(await cli(['why', path.join(dir, 'r.json'), '--job', 'small', '--at', '21', '--seed', '7'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/--seed: .* has no seed 7 \(its seeds are 1, 2\)/),
    });
    expect(await cli(['why', path.join(dir, 'r.json'), '--job', 'nobody', '--at', '21'])).toMatchObject({
      code: 1,
      err: 'error: --job: there is no job "nobody" in this run (its jobs: "big", "small")\n',
    });
    const refused = await s.dispatch('batches:whyNot', { id: batch.id, run: 99, job: 'small', at: 21 });
    expect(refused).toMatchObject({ ok: false, error: { field: 'run', message: 'this batch has no run 100' } });
  });
});
