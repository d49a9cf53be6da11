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
 * a running studio, so it stays offered until the next start. One file is kept per kind: adding
 * another of the same kind (a new version) replaces the old one, whose file goes at the next start.
 */
export class PluginFolder {
  readonly dir: string;
  private readonly entries = new Map<string, PluginEntry>();
  /** The folder each entry's file is kept in (by its hash, as `add` names them). */
  private readonly folders = new Map<string, string>();

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'plugins');
  }

  /**
   * Load every kept file; one that fails is listed with its reason, never a reason not to start.
   * Oldest first, so where a data folder holds two files of one kind (kept by builds before
   * 2026-12-03) the one added last runs, as it did when it was added, and the other goes.
   */
  async loadAll(): Promise<void> {
    if (!fs.existsSync(this.dir)) return;
    const kept: { file: string; sha256: string; written: number }[] = [];
    for (const sha256 of fs.readdirSync(this.dir).sort()) {
      const folder = path.join(this.dir, sha256);
      const [fileName] = fs.existsSync(folder) && fs.statSync(folder).isDirectory() ? fs.readdirSync(folder).filter((f) => /\.(m?js|m?ts)$/.test(f)) : [];
      if (fileName) kept.push({ file: path.join(folder, fileName), sha256, written: fs.statSync(path.join(folder, fileName)).mtimeMs });
    }
    for (const k of kept.sort((a, b) => a.written - b.written)) this.replaceOthers(await this.load(k.file, k.sha256), 'delete');
  }

  /**
   * Mark the others of `entry`'s kind as replaced by it. Their files go at the next start
   * (`delete` then, with their entries), not while this studio runs: a batch that began with one runs it to the end.
   */
  private replaceOthers(entry: PluginEntry, files: 'keep' | 'delete'): void {
    if (entry.problem) return;
    for (const other of this.entries.values()) {
      if (other === entry || other.kind !== entry.kind || other.problem || other.removed || other.replacedBy) continue;
      if (files === 'keep') {
        other.replacedBy = { fileName: entry.fileName, sha256: entry.sha256 };
        continue;
      }
      // Replaced in an earlier session: nothing is offered from it any more, so it leaves the list too.
      fs.rmSync(this.folders.get(other.sha256)!, { recursive: true, force: true });
      this.entries.delete(other.sha256);
    }
  }

  /** The kept file that offers `kind` now, if one does. */
  private holderOf(kind: string): PluginEntry | undefined {
    return [...this.entries.values()].find((e) => e.kind === kind && !e.problem && !e.replacedBy);
  }

  private async load(file: string, sha256: string): Promise<PluginEntry> {
    const fileName = path.basename(file);
    try {
      const p = await loadSchedulerFile(file);
      const entry: PluginEntry = { fileName, sha256: p.sha256, kind: p.kind, title: p.title };
      this.entries.set(p.sha256, entry);
      this.folders.set(p.sha256, path.dirname(file));
      return entry;
    } catch (err) {
      const known = err instanceof PluginFileError;
      const entry: PluginEntry = {
        fileName,
        sha256,
        ...(known && err.kind ? { kind: err.kind } : {}),
        problem: known ? err.message.replace(`${file}: `, '') : (err as Error).message,
      };
      this.entries.set(sha256, entry);
      this.folders.set(sha256, path.dirname(file));
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
    if (known && !known.problem && !known.removed && !known.replacedBy) return known;
    const folder = path.join(this.dir, sha256);
    fs.mkdirSync(folder, { recursive: true });
    // Going back to a replaced version still kept: its own file again (written anew, so it is the newest at the next start).
    const file = path.join(folder, known?.replacedBy ? known.fileName : name);
    atomicWriteFile(file, bytes);
    const entry = await this.load(file, sha256);
    if (entry.problem) {
      fs.rmSync(folder, { recursive: true, force: true });
      this.entries.delete(sha256);
      const holder = entry.kind ? this.holderOf(entry.kind) : undefined;
      // A new version whose title or options changed: the studio's menus hold the first card until it starts again.
      const how = holder?.removed
        ? `: ${holder.fileName} offers it until the studio starts again (it was removed); start the studio again, then add this file`
        : holder
          ? `: ${holder.fileName} offers it, and a running studio cannot change a kind's title or options; remove ${holder.fileName}, start the studio again, then add this file`
          : '';
      throw new PluginFileError(`${name}: ${entry.problem}${how}`);
    }
    // A new version of a kind already kept (its title and options unchanged): it runs from now on, in place of the old one.
    this.replaceOthers(entry, 'keep');
    return entry;
  }

  /**
   * Delete a kept file: it is no longer loaded when the studio starts. The older versions it
   * replaced go with it, or the next start would bring the kind back from one of them.
   */
  remove(sha256: string): PluginEntry[] {
    const entry = this.entries.get(sha256);
    if (!entry) throw new PluginFileError('no scheduler file with that hash is kept here');
    const older = [...this.entries.values()].filter((e) => e !== entry && e.kind !== undefined && e.kind === entry.kind && e.replacedBy && !e.removed);
    for (const e of [entry, ...older]) fs.rmSync(this.folders.get(e.sha256) ?? path.join(this.dir, e.sha256), { recursive: true, force: true });
    if (entry.problem) this.entries.delete(sha256);
    else for (const e of [entry, ...older]) e.removed = true;
    return this.list();
  }

  list(): PluginEntry[] {
    return [...this.entries.values()];
  }
}
