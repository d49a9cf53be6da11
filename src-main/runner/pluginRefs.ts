import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PluginRef } from '@shared/experiment/experiment';
import { addedSchedulerCards } from '@shared/schedulers';
import { formatOf } from '@shared/files/fileEnvelope';
import { lastOfEachKind, loadedPlugins, loadSchedulerFile, PluginFileError, type LoadedPlugin } from './pluginFile';
import { pluginTempDir } from './pluginTemp';

/**
 * How results name the user's scheduler files (docs/plugins.md "Where it runs, and what pins
 * it"): each file's path, hash and version, its text when asked, and an experiment's list of files
 * loaded back, embedded text included.
 */

/** The file's text, to embed in a result; its bytes must still be the ones that ran. */
function sourceOf(p: LoadedPlugin): string {
  const bytes = fs.readFileSync(p.file);
  if (createHash('sha256').update(bytes).digest('hex') !== p.sha256)
    throw new PluginFileError(`${p.file} changed since it was loaded: start again to embed it`);
  return bytes.toString('utf8');
}

/** A loaded file as a result records it: its path (as given), hash, version, its card and, when asked, its text. */
function refOf(p: LoadedPlugin, file: string, embed: boolean): PluginRef {
  const card = addedSchedulerCards().find((c) => c.kind === p.kind);
  return {
    file,
    sha256: p.sha256,
    ...(p.version ? { version: p.version } : {}),
    ...(embed ? { source: sourceOf(p) } : {}),
    ...(card ? { card } : {}),
  };
}

/**
 * The loaded files the schedulers of these kinds come from, as a batch the app or serve runs
 * records them (by file name: the file lives in the studio's data folder).
 */
export function pluginRefsFor(kinds: Iterable<string>, embed = false): PluginRef[] {
  return lastOfEachKind(kinds).map((p) => refOf(p, path.basename(p.file), embed));
}

/**
 * The text of a scheduler file as a batch recorded it (name and hash), from the file loaded now:
 * refused in words when no loaded file has those bytes.
 */
export function recordedSource(ref: PluginRef): string {
  const p = loadedPlugins().find((l) => l.sha256 === ref.sha256);
  if (!p)
    throw new PluginFileError(
      `the scheduler file ${ref.file} as it ran (SHA-256 ${(ref.sha256 ?? '').slice(0, 12)}…) is no longer in the studio: its text cannot go in the result`,
    );
  return sourceOf(p);
}

/**
 * How the scheduler files a batch ran differ from those loaded now, in words: one changed (its
 * hashes named) or no longer loaded. Empty when they are the same.
 */
export function pluginChanges(ran: readonly PluginRef[], now: readonly PluginRef[]): string[] {
  return ran.flatMap((r) => {
    const current = now.find((n) => n.file === r.file);
    if (!current) return [`the scheduler file ${r.file} it ran is no longer in the studio`];
    if (r.sha256 && current.sha256 !== r.sha256)
      return [`the scheduler file ${r.file} has changed since it ran: its SHA-256 was ${r.sha256.slice(0, 12)}…, it is ${current.sha256!.slice(0, 12)}… now`];
    return [];
  });
}

/**
 * A listed file's embedded text, written once into this process's plug-in folder under its hash
 * (and the file's name, so a TypeScript one is compiled as such); the hash, when listed, must be
 * the text's.
 */
function embedded(entry: { file: string; sha256?: unknown; source: string }, at: string): string {
  const sha256 = createHash('sha256').update(entry.source, 'utf8').digest('hex');
  if (typeof entry.sha256 === 'string' && entry.sha256 !== sha256)
    throw new PluginFileError(
      `${at}.source: is not the text the result ran with: its SHA-256 is ${sha256.slice(0, 12)}…, the result names ${entry.sha256.slice(0, 12)}…`,
    );
  const out = path.join(pluginTempDir(), 'embedded', sha256, path.basename(entry.file));
  if (!fs.existsSync(out)) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, entry.source);
  }
  return out;
}

/**
 * The scheduler files an experiment file lists (its `plugins`, relative to the file, or their
 * embedded text; a result file's are its experiment's, `inputs.plugins`) and those given beside it (`run --scheduler`), loaded before the experiment is
 * read, since its schedulers name their kinds. A listed hash that the file's bytes no longer match
 * is refused with both hashes. Returns every file as the result records it: its path from the
 * experiment's folder, the hash it ran with, its version, and its text when `embed` asks.
 */
export async function loadExperimentPlugins(experimentFile: string, extraFiles: readonly string[], embed = false): Promise<PluginRef[]> {
  const dir = path.dirname(path.resolve(experimentFile));
  let listed: unknown = [];
  let at = 'plugins';
  try {
    const json = JSON.parse(fs.readFileSync(experimentFile, 'utf8')) as { plugins?: unknown; inputs?: { plugins?: unknown } };
    // A result file lists them with the experiment it ran, which is what a rerun of it runs.
    const isResult = formatOf(json) === 'workload-studio.result';
    listed = (isResult ? json.inputs?.plugins : json.plugins) ?? [];
    if (isResult) at = 'inputs.plugins';
  } catch {
    // An unreadable experiment is refused when it is read, with its own words.
  }
  const refs = new Map<string, PluginRef>();
  const entries = Array.isArray(listed) ? (listed as { file?: unknown; sha256?: unknown; source?: unknown }[]) : [];
  for (const [i, entry] of entries.entries()) {
    if (typeof entry.file !== 'string' || !entry.file) throw new PluginFileError(`${at}.${i}.file: must name the scheduler file`);
    const withText = typeof entry.source === 'string';
    const full = withText ? embedded({ file: entry.file, sha256: entry.sha256, source: entry.source as string }, `${at}.${i}`) : path.resolve(dir, entry.file);
    const p = await loadSchedulerFile(full);
    if (typeof entry.sha256 === 'string' && entry.sha256 !== p.sha256)
      throw new PluginFileError(
        `${entry.file} has changed since this experiment ran with it: its SHA-256 was ${entry.sha256.slice(0, 12)}…, it is ${p.sha256.slice(0, 12)}… now. Run it with the file as it was, or remove "sha256" from ${at}.${i} to run the new one`,
      );
    refs.set(full, refOf(p, entry.file, embed || withText));
  }
  for (const file of extraFiles) {
    const full = path.resolve(file);
    const p = await loadSchedulerFile(full);
    if (!refs.has(full)) refs.set(full, refOf(p, path.relative(dir, full).split(path.sep).join('/'), embed));
  }
  return [...refs.values()];
}
