import * as net from 'node:net';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary, StoredRunRow } from '@shared/experiment/design';
import { runsCommand } from '../../../src-main/cli/runsCommand';
import type { ReproduceEntry } from '@shared/results/reproductions';
import { queueTarget } from '../../../src-main/runner/remote/connection';
import { RemotePool } from '../../../src-main/runner/remote/remotePool';
import { ok, useServices } from '../../helpers/services';

const services = useServices();

/** A loopback port nothing listens on: one the system just gave out, closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A studio whose queue's Redis never answers: the batch must end saying so, not list its runs as never started. */
describe('a queue whose Redis cannot be reached', () => {
  it('fails the batch once Redis stays away its limit, with the reason on every run', async () => {
    const port = await closedPort();
    const log: string[] = [];
    const s = await services(undefined, { makePool: () => new RemotePool(queueTarget(`redis://127.0.0.1:${port}`), (line) => log.push(line), 1000) });
    const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'c' } });
    const workload = await ok<{ id: string }>(s, 'workloads:create', { spec: { name: 'w', jobs: [{ template: 'Sort', submit: 0 }] } });
    const design = await ok<{ id: string }>(s, 'experiments:create', {
      spec: { name: 'dead queue', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }, { kind: 'fair' }], seeds: [1] },
    });
    const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await s.runner.settled(batch.id);
    const detail = await ok<BatchDetail>(s, 'batches:get', { id: batch.id });
    expect(detail.status).toBe('failed');
    expect(detail.results.map((r) => r.status)).toEqual(['failed', 'failed']);
    for (const r of detail.results)
      expect(r.error).toMatch(
        new RegExp(
          `^cannot reach redis://127\\.0\\.0\\.1:${port} \\(queue workload-studio\\) \\(.+\\): no run was sent to its workers; is Redis running there\\?$`,
        ),
      );
    // The run list says why, under its table, one line for the runs that failed alike; --json carries each run's error.
    const rows = await ok<StoredRunRow[]>(s, 'runs:list', {});
    expect(rows.map((r) => r.error)).toEqual(detail.results.map((r) => r.error));
    let listed = '';
    expect(await runsCommand(s, ['list'], {}, { out: (text) => (listed += text), err: () => {} })).toBe(0);
    expect(listed.split('\n').slice(-4)).toEqual([
      '',
      'Why runs failed:',
      `  ${batch.name}: FIFO, seed 1 and Fair (delay), seed 1 failed: ${detail.results[0].error}`,
      '',
    ]);
    expect(log[0]).toMatch(/^cannot reach redis:\/\/127\.0\.0\.1:\d+ \(queue workload-studio\) \(.+\); trying again before any run is sent$/);
  });

  it("says on the Reproduce area's latest run why a preset has no numbers, not only that no run finished", async () => {
    const port = await closedPort();
    const s = await services(undefined, { makePool: () => new RemotePool(queueTarget(`redis://127.0.0.1:${port}`), () => {}, 1000) });
    const started = await ok<BatchSummary>(s, 'reproduce:run', { file: 'liu-balanced.experiment.json', size: 'reduced' });
    await s.runner.settled(started.id);
    const entries = await ok<ReproduceEntry[]>(s, 'reproduce:list', {});
    const latest = entries.flatMap((e) => e.presets).find((p) => p.file === 'liu-balanced.experiment.json')!.latest!;
    expect(latest).toMatchObject({ batchId: started.id, status: 'failed', seeds: [1, 2, 3] });
    expect(latest.trouble).toMatch(new RegExp(`^all 6 runs failed: cannot reach redis://127\\.0\\.0\\.1:${port} .*is Redis running there\\?$`));
    expect(Object.values(latest.outcomes).map((o) => o.missing)).toEqual([
      'no finished run of "Finer-Grained CPU" and "YARN (one core per task)"',
      expect.any(String),
    ]);
  });
});
