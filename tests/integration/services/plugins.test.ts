import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PluginAdded, PluginEntry } from '@shared/schedulers/pluginList';
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
      expect(!broken.ok && broken.error.message).toMatch(/broken\.js: not a module the studio can load/);
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
});
