import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import type { PluginEntry } from '@shared/schedulers/pluginList';
import { loadSchedulerFile, PluginFileError } from '../runner/pluginFile';
import { atomicWriteFile } from '../store/atomicWrite';

/**
 * The scheduler files the user added in the app or serve (Settings → Schedulers of your own,
 * docs/plugins.md): each kept in the data folder as `plugins/<sha256>/<file name>`, loaded when the
 * studio starts and when added. Removing one deletes its folder; a kind cannot be taken back from
 * a running studio, so it stays offered until the next start.
 */
export class PluginFolder {
  readonly dir: string;
  private readonly entries = new Map<string, PluginEntry>();

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'plugins');
  }

  /** Load every kept file; one that fails is listed with its reason, never a reason not to start. */
  async loadAll(): Promise<void> {
    if (!fs.existsSync(this.dir)) return;
    for (const sha256 of fs.readdirSync(this.dir).sort()) {
      const folder = path.join(this.dir, sha256);
      const [fileName] = fs.existsSync(folder) && fs.statSync(folder).isDirectory() ? fs.readdirSync(folder).filter((f) => /\.(m?js|m?ts)$/.test(f)) : [];
      if (!fileName) continue;
      await this.load(path.join(folder, fileName), sha256);
    }
  }

  private async load(file: string, sha256: string): Promise<PluginEntry> {
    const fileName = path.basename(file);
    try {
      const p = await loadSchedulerFile(file);
      const entry: PluginEntry = { fileName, sha256: p.sha256, kind: p.kind, title: p.title };
      this.entries.set(p.sha256, entry);
      return entry;
    } catch (err) {
      const entry: PluginEntry = { fileName, sha256, problem: err instanceof PluginFileError ? err.message.replace(`${file}: `, '') : (err as Error).message };
      this.entries.set(sha256, entry);
      return entry;
    }
  }

  /** Keep a file the user chose and load it; a file that cannot be used is not kept, and its reason is thrown. */
  async add(fileName: string, content: string): Promise<PluginEntry> {
    const name = path.basename(fileName);
    if (!/\.(m?js|m?ts)$/.test(name)) throw new PluginFileError(`${name}: a scheduler file is JavaScript (.js, .mjs) or TypeScript (.ts, .mts)`);
    const bytes = new TextEncoder().encode(content);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const known = this.entries.get(sha256);
    if (known && !known.problem && !known.removed) return known;
    const folder = path.join(this.dir, sha256);
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, name);
    atomicWriteFile(file, bytes);
    const entry = await this.load(file, sha256);
    if (entry.problem) {
      fs.rmSync(folder, { recursive: true, force: true });
      this.entries.delete(sha256);
      throw new PluginFileError(`${name}: ${entry.problem}`);
    }
    return entry;
  }

  /** Delete a kept file: it is no longer loaded when the studio starts. */
  remove(sha256: string): PluginEntry[] {
    const entry = this.entries.get(sha256);
    if (!entry) throw new PluginFileError('no scheduler file with that hash is kept here');
    fs.rmSync(path.join(this.dir, sha256), { recursive: true, force: true });
    if (entry.problem) this.entries.delete(sha256);
    else entry.removed = true;
    return this.list();
  }

  list(): PluginEntry[] {
    return [...this.entries.values()];
  }
}
