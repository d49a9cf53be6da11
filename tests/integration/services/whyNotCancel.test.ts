import { beforeAll, describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary } from '@shared/experiment/design';
import type { WhyNotAnswer } from '@shared/results/whyNot';
import type { Services } from '../../../src-main/services';
import { locateWorkerFile } from '../../../src-main/runner/runPool';
import { ensureBuilt } from '../../helpers/built';
import { ok, refused, useServices } from '../../helpers/services';

const open = useServices();

/** A run long enough to replay that a stop sent at once reaches it: one job of 2,544 maps on 40 nodes. */
async function longRun(s: Services): Promise<BatchDetail> {
  const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'forty nodes', racks: 2, hostsPerRack: 20 } });
  const workload = await ok<{ id: string }>(s, 'workloads:create', {
    spec: {
      name: 'one huge job',
      jobs: [
        { id: 'huge', template: 'WordCount', submit: 0, maps: 2544, reduces: 16 },
        { id: 'small', template: 'Sort', submit: 5, maps: 8, reduces: 2 },
      ],
    },
  });
  const design = await ok<{ id: string }>(s, 'experiments:create', {
    spec: { name: 'huge job', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
  });
  const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
  await s.runner.settled(batch.id);
  return ok<BatchDetail>(s, 'batches:get', { id: batch.id });
}

describe('stopping a why-not replay', () => {
  // The replay runs in a worker thread of the built bundle, which a stop ends where it is.
  beforeAll(() => {
    ensureBuilt();
    expect(locateWorkerFile()).toBeDefined();
  }, 300_000);

  it('stops the replay in progress: the request answers "cancelled", and the next question is answered', async () => {
    const s = await open();
    const batch = await longRun(s);
    const end = batch.results[0].summary!.makespan;
    const asked = s.dispatch('batches:whyNot', { id: batch.id, run: 0, job: 'huge', at: end * 0.9 });
    // The stop is sent while the replay's thread is still starting: it reaches a replay in progress.
    expect(await ok(s, 'batches:whyNotCancel', { id: batch.id })).toEqual({ cancelled: true });
    const r = await asked;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'cancelled', message: 'The replay was cancelled before it answered.' });
    // Nothing is running any more, and a new question is replayed to its end.
    expect(await ok(s, 'batches:whyNotCancel', { id: batch.id })).toEqual({ cancelled: false });
    const answer = await ok<WhyNotAnswer>(s, 'batches:whyNot', { id: batch.id, run: 0, job: 'small', at: 6 });
    expect(answer).toMatchObject({ job: 'small', at: 6 });
  }, 300_000);

  it('a newer question about the same batch replaces the one still replaying', async () => {
    const s = await open();
    const batch = await longRun(s);
    const end = batch.results[0].summary!.makespan;
    const first = s.dispatch('batches:whyNot', { id: batch.id, run: 0, job: 'huge', at: end * 0.9 });
    const second = s.dispatch('batches:whyNot', { id: batch.id, run: 0, job: 'small', at: 6 });
    const [a, b] = await Promise.all([first, second]);
    expect(a.ok ? 'answered' : a.error.code).toBe('cancelled');
    expect(b.ok).toBe(true);
  }, 300_000);

  it('says so when nothing is replaying, and refuses a batch that does not exist', async () => {
    const s = await open();
    const batch = await longRun(s);
    expect(await ok(s, 'batches:whyNotCancel', { id: batch.id })).toEqual({ cancelled: false });
    expect((await refused(s, 'batches:whyNotCancel', { id: '' })).field).toBe('id');
  }, 300_000);
});
