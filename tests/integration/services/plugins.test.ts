import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PluginAdded, PluginEntry } from '@shared/schedulers/pluginList';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchSummary, DesignRecord } from '@shared/experiment/design';
import type { ResultFile } from '@shared/experiment/experiment';
import { ok } from '../../helpers/services';
import { startServices } from '../../../src-main/services';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const EXAMPLE = path.resolve(__dirname, '../../../docs/examples/schedulers/shortest-job-first.scheduler.js');

async function call<T>(
  s: Awaited<ReturnType<typeof startServices>>,
  channel: string,
  payload: unknown = {},
): Promise<{ ok: true; data: T } | { ok: false; error: { message: string; field?: string } }> {
  return (await s.dispatch(channel as never, payload as never)) as never;
}

/** Settings → Schedulers of your own, through the handler table every transport uses (docs/plugins.md). */
describe("the user's scheduler files in the data folder", () => {
  it('keeps an added file, lists it, stops loading it once removed, and keeps nothing of a file it refused', async () => {
    const dir = tempDir();
    const s = await startServices({ dataDir: dir });
    try {
      const added = await call<PluginAdded>(s, 'schedulers:addPlugin', { fileName: 'sjf.scheduler.js', content: fs.readFileSync(EXAMPLE, 'utf8') });
      expect(added.ok).toBe(true);
      if (!added.ok) return;
      expect(added.data.entry).toMatchObject({ fileName: 'sjf.scheduler.js', kind: 'shortest-job-first', title: 'Shortest job first (example)' });
      expect(added.data.card.kind).toBe('shortest-job-first');
      expect(fs.existsSync(path.join(dir, 'plugins', added.data.entry.sha256, 'sjf.scheduler.js'))).toBe(true);
      // The same file again changes nothing.
      const again = await call<PluginAdded>(s, 'schedulers:addPlugin', { fileName: 'sjf.scheduler.js', content: fs.readFileSync(EXAMPLE, 'utf8') });
      expect(again.ok && again.data.entry.sha256).toBe(added.data.entry.sha256);

      const refused = await call(s, 'schedulers:addPlugin', { fileName: 'notes.txt', content: 'hello' });
      expect(!refused.ok && refused.error.message).toMatch(/notes\.txt: a scheduler file is JavaScript/);
      const broken = await call(s, 'schedulers:addPlugin', { fileName: 'broken.js', content: 'export default {' });
      expect(!broken.ok && broken.error.message).toBe('broken.js: not valid JavaScript at line 1, column 17: Expected identifier but found end of file');
      expect(fs.readdirSync(path.join(dir, 'plugins'))).toEqual([added.data.entry.sha256]);

      const removed = await call<PluginEntry[]>(s, 'schedulers:removePlugin', { sha256: added.data.entry.sha256 });
      expect(removed.ok && removed.data).toEqual([expect.objectContaining({ fileName: 'sjf.scheduler.js', removed: true })]);
      expect(fs.readdirSync(path.join(dir, 'plugins'))).toEqual([]);
    } finally {
      await s.close();
    }
    // The next start lists nothing.
    const next = await startServices({ dataDir: dir });
    try {
      expect(await call(next, 'schedulers:plugins')).toEqual({ ok: true, data: [] });
    } finally {
      await next.close();
    }
  });

  it("records the file's name and hash in what the app exports, and will not resume a batch once the file changed", async () => {
    const dir = tempDir();
    const text = fs.readFileSync(EXAMPLE, 'utf8');
    const s = await startServices({ dataDir: dir });
    let batchId = '';
    let sha256 = '';
    try {
      const added = await ok<PluginAdded>(s, 'schedulers:addPlugin', { fileName: 'sjf.scheduler.js', content: text });
      sha256 = added.entry.sha256;
      const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
      const workload = await ok<{ id: string }>(s, 'workloads:create', {
        spec: {
          name: 'small',
          generate: { count: 6, arrival: { kind: 'poisson', meanInterarrivalS: 10 }, mix: [{ template: 'Sort', weight: 1, maps: [2, 8] }] },
        },
      });
      const design = await ok<DesignRecord>(s, 'experiments:create', {
        spec: { name: 'sjf', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'shortest-job-first' }, { kind: 'fifo' }], seeds: [1] },
      });
      const sjfCard = expect.objectContaining({ kind: 'shortest-job-first', labels: expect.objectContaining({ ties: 'Between equals' }) });
      const exportedDesign = await ok<{ files: { content: string }[] }>(s, 'experiments:export', { id: design.id });
      expect(JSON.parse(exportedDesign.files[0].content).plugins).toEqual([{ file: 'sjf.scheduler.js', sha256, version: '1.0', card: sjfCard }]);
      const started = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
      await s.runner.settled(started.id);
      batchId = started.id;
      const result = JSON.parse((await ok<{ content: string }>(s, 'batches:exportResult', { id: batchId })).content) as ResultFile;
      expect(result.inputs?.plugins).toEqual([{ file: 'sjf.scheduler.js', sha256, version: '1.0', card: sjfCard }]);
    } finally {
      await s.close();
    }
    // Another text of the same scheduler in the next start: the batch's remaining runs would run other code.
    fs.rmSync(path.join(dir, 'plugins', sha256), { recursive: true });
    fs.mkdirSync(path.join(dir, 'plugins', 'changed'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'plugins', 'changed', 'sjf.scheduler.js'), `${text}// changed\n`);
    const next = await startServices({ dataDir: dir });
    try {
      const resumed = await call(next, 'batches:resume', { id: batchId });
      expect(!resumed.ok && resumed.error.message).toMatch(
        new RegExp(`the scheduler file sjf\\.scheduler\\.js has changed since it ran: its SHA-256 was ${sha256.slice(0, 12)}…, it is [0-9a-f]{12}… now`),
      );
    } finally {
      await next.close();
    }
  });
});
