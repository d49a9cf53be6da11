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
import { pluginsFor } from '../../../src-main/runner/pluginFile';

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
  it('keeps one file per kind: a new version replaces the old one, and runs, now and after the next start', async () => {
    const dir = tempDir();
    const text = fs.readFileSync(EXAMPLE, 'utf8');
    const kept = () => fs.readdirSync(path.join(dir, 'plugins')).sort();
    const runs = () => pluginsFor(['shortest-job-first'])[0].sha256;
    const s = await startServices({ dataDir: dir });
    let first = '';
    try {
      first = (await ok<PluginAdded>(s, 'schedulers:addPlugin', { fileName: 'sjf.scheduler.js', content: text })).entry.sha256;
      // The policy changed, its title and options did not.
      const second = (await ok<PluginAdded>(s, 'schedulers:addPlugin', { fileName: 'sjf-2.scheduler.js', content: `${text}// version 2\n` })).entry.sha256;
      expect(runs()).toBe(second);
      // The old file stays while this studio runs (a batch that began with it runs it to the end) and goes at the next start.
      expect(kept()).toEqual([first, second].sort());
      expect(await ok<PluginEntry[]>(s, 'schedulers:plugins', {})).toEqual([
        expect.objectContaining({ fileName: 'sjf.scheduler.js', replacedBy: { fileName: 'sjf-2.scheduler.js', sha256: second } }),
        expect.not.objectContaining({ replacedBy: expect.anything() }),
      ]);

      // A new title cannot reach the menus of a running studio: the refusal says what to do.
      const retitled = await call(s, 'schedulers:addPlugin', {
        fileName: 'sjf-3.scheduler.js',
        content: text.replace("'Shortest job first (example)'", "'SJF'"),
      });
      expect(!retitled.ok && retitled.error.message).toBe(
        'sjf-3.scheduler.js: a scheduler of kind "shortest-job-first" is already in the studio, with another title or options: sjf-2.scheduler.js offers it, ' +
          "and a running studio cannot change a kind's title or options; remove sjf-2.scheduler.js, start the studio again, then add this file",
      );
      const builtIn = await call(s, 'schedulers:addPlugin', {
        fileName: 'mine.scheduler.js',
        content: text.replace("kind: 'shortest-job-first'", "kind: 'fifo'"),
      });
      expect(!builtIn.ok && builtIn.error.message).toBe(
        'mine.scheduler.js: a scheduler of kind "fifo" is already in the studio: it is the built-in FIFO (Hadoop 1); give yours another kind',
      );
      expect(kept()).toEqual([first, second].sort());

      // Going back to the first version makes it the one that runs again.
      await ok<PluginAdded>(s, 'schedulers:addPlugin', { fileName: 'sjf.scheduler.js', content: text });
      expect(runs()).toBe(first);
    } finally {
      await s.close();
    }
    const next = await startServices({ dataDir: dir });
    try {
      expect(await ok<PluginEntry[]>(next, 'schedulers:plugins', {})).toEqual([expect.objectContaining({ fileName: 'sjf.scheduler.js', sha256: first })]);
      expect(runs()).toBe(first);
      expect(kept()).toEqual([first]);
    } finally {
      await next.close();
    }
  });

  it('removes the older versions a removed file replaced, so the next start does not bring the kind back', async () => {
    const dir = tempDir();
    const text = fs.readFileSync(EXAMPLE, 'utf8');
    const s = await startServices({ dataDir: dir });
    try {
      await ok<PluginAdded>(s, 'schedulers:addPlugin', { fileName: 'sjf.scheduler.js', content: text });
      const newer = await ok<PluginAdded>(s, 'schedulers:addPlugin', { fileName: 'sjf-2.scheduler.js', content: `${text}// version 2\n` });
      const left = await ok<PluginEntry[]>(s, 'schedulers:removePlugin', { sha256: newer.entry.sha256 });
      expect(left.map((e) => [e.fileName, e.removed])).toEqual([
        ['sjf.scheduler.js', true],
        ['sjf-2.scheduler.js', true],
      ]);
      expect(fs.readdirSync(path.join(dir, 'plugins'))).toEqual([]);
    } finally {
      await s.close();
    }
    const next = await startServices({ dataDir: dir });
    try {
      expect(await ok<PluginEntry[]>(next, 'schedulers:plugins', {})).toEqual([]);
    } finally {
      await next.close();
    }
  });

  it('starts with the file added last where an older build kept two of one kind', async () => {
    const dir = tempDir();
    const text = fs.readFileSync(EXAMPLE, 'utf8');
    // Named so that the newer sorts first: the order of loading must come from when each was added.
    for (const [folder, content, age] of [
      ['b-old', text, 60_000],
      ['a-new', `${text}// newer\n`, 0],
    ] as const) {
      fs.mkdirSync(path.join(dir, 'plugins', folder), { recursive: true });
      const file = path.join(dir, 'plugins', folder, 'sjf.scheduler.js');
      fs.writeFileSync(file, content);
      const when = new Date(Date.now() - age);
      fs.utimesSync(file, when, when);
    }
    const s = await startServices({ dataDir: dir });
    try {
      const newer = (await ok<PluginEntry[]>(s, 'schedulers:plugins', {})).find((e) => !e.replacedBy)!;
      expect(runs(newer)).toBe(true);
      expect(fs.readdirSync(path.join(dir, 'plugins'))).toEqual(['a-new']);
    } finally {
      await s.close();
    }
    function runs(e: PluginEntry): boolean {
      return pluginsFor(['shortest-job-first'])[0].sha256 === e.sha256;
    }
  });
});
