import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { problemsOf } from '@shared/api/validation';
import type { PluginRef } from '@shared/experiment/experiment';
import type { AddedScheduler } from '../schedulers/addedScheduler';
import { registerScheduler } from '../schedulers/registry';
import { containerPluginStudio, pluginStudio, type PluginStudio } from '../schedulers/pluginStudio';
import type { ContainerConfig } from '../schedulers/containers';
import { pluginTempDir } from './pluginTemp';

/**
 * A scheduler the user brings as a file (docs/plugins.md): an ES module whose default export is
 * a plain object, so the file needs no import of the studio's own code:
 *
 *   export default { kind, title, capacity: 'slots', options: (z) => ({ …zod… }), labels: { … },
 *                    create(spec, studio) { return { name, onHeartbeat(node, view) { … } } } }
 *
 * `options` is given zod, the library the studio checks options with; `create` is given the run's
 * options and the studio's helpers (schedulers/pluginStudio.ts: free slots, launches that say why
 * in the plug-in's words). Plug-in files run on Hadoop 1 slots. Loading one makes it a kind
 * like any added scheduler (schedulers/registry.ts registerScheduler). A plug-in is code that runs with the
 * user's rights: the studio runs it as it is.
 */
export interface LoadedPlugin {
  file: string;
  kind: string;
  title: string;
  /** SHA-256 of the file's bytes: what a result made with it names. */
  sha256: string;
  /** The version the file states, if it does. */
  version?: string;
}

const PluginShape = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'must be 2-40 lower-case letters, digits or dashes, starting with a letter'),
  title: z.string().trim().min(1, 'must not be empty').max(80),
  capacity: z.enum(['slots', 'containers'], "must be 'slots' (Hadoop 1 map and reduce slots) or 'containers' (YARN containers of memory and vcores)"),
  options: z.custom<(zod: typeof z) => z.ZodRawShape>((v) => typeof v === 'function', 'must be a function given zod that returns the options').optional(),
  version: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters').optional(),
  labels: z.record(z.string(), z.string()).default({}),
  create: z.custom<(spec: Record<string, unknown>, studio: PluginStudio) => ReturnType<AddedScheduler['create']>>(
    (v) => typeof v === 'function',
    'must be a function that makes the policy for one run',
  ),
});

/** The studio's own module a scheduler file may import (resources/scheduler-api: its types). */
const API_MODULE = 'workload-studio/scheduler';
const API_SOURCE = 'export function defineScheduler(scheduler) { return scheduler; }';

/**
 * The file Node imports: a JavaScript file as it is; a TypeScript one (.ts, .mts), or one that
 * imports the studio's module, compiled by esbuild (types dropped, the studio's module put in)
 * into this process's plug-in folder under its source's hash (the hash a result records is the
 * source's). Such a file imports nothing else but Node's own modules: what it runs is the file.
 */
async function runnable(full: string, bytes: Buffer, sha256: string): Promise<string> {
  const usesApi = bytes.includes(API_MODULE);
  if (!/\.m?ts$/.test(full) && !usesApi) return full;
  const out = path.join(pluginTempDir(), 'compiled', `${sha256}.mjs`);
  if (fs.existsSync(out)) return out;
  const { build } = await import('esbuild');
  const built = await build({
    entryPoints: [full],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        name: 'workload-studio-api',
        setup(b) {
          b.onResolve({ filter: /^workload-studio\/scheduler$/ }, () => ({ path: API_MODULE, namespace: 'workload-studio' }));
          b.onLoad({ filter: /.*/, namespace: 'workload-studio' }, () => ({ contents: API_SOURCE, loader: 'js' }));
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            if (args.path.startsWith('node:')) return { external: true };
            return { errors: [{ text: `imports "${args.path}": a scheduler file imports only ${API_MODULE} and Node's own modules (node:…)` }] };
          });
        },
      },
    ],
  });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, built.outputFiles[0].text);
  return out;
}

/** A plug-in file that cannot be used: the message names the file and the field. */
export class PluginFileError extends Error {}

const loaded = new Map<string, LoadedPlugin>();

/** Read, check and register a scheduler file; loading the same unchanged file again changes nothing. */
export async function loadSchedulerFile(file: string): Promise<LoadedPlugin> {
  const full = path.resolve(file);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(full);
  } catch (err) {
    throw new PluginFileError(`${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const known = loaded.get(full);
  if (known?.sha256 === sha256) return known;
  if (known) throw new PluginFileError(`${file} changed since it was loaded: start again to use the new version`);
  let mod: { default?: unknown };
  try {
    // The hash in the URL keeps Node's module cache from serving an older text of the same path.
    mod = (await import(`${pathToFileURL(await runnable(full, bytes, sha256)).href}?sha256=${sha256}`)) as { default?: unknown };
  } catch (err) {
    throw new PluginFileError(`${file}: not a module the studio can load: ${(err as Error).message}`);
  }
  const shape = PluginShape.safeParse(mod.default);
  if (!shape.success) {
    const said = problemsOf(shape.error)
      .map((p) => `${p.field || 'the default export'}: ${p.message}`)
      .join('; ');
    throw new PluginFileError(`${file}: ${mod.default === undefined ? 'exports no default scheduler object' : said}`);
  }
  const p = shape.data;
  let options: z.ZodRawShape = {};
  try {
    options = p.options?.(z) ?? {};
  } catch (err) {
    throw new PluginFileError(`${file}: options: ${(err as Error).message}`);
  }
  for (const [key, value] of Object.entries(options)) {
    if (!(value instanceof z.ZodType)) throw new PluginFileError(`${file}: options.${key}: must be a zod schema (z.number(), z.enum([...]) …)`);
    if (!p.labels[key]) throw new PluginFileError(`${file}: labels.${key}: every option needs a label the designer shows`);
  }
  const scheduler: AddedScheduler = {
    kind: p.kind,
    title: p.title,
    capacity: p.capacity,
    options,
    labels: p.labels,
    capabilities: [],
    create: (spec) => {
      if (p.capacity === 'slots') return p.create(spec, pluginStudio(spec as unknown as { slotMemoryMb: number }, p.title));
      // On containers every job's application master comes first (the studio's launches place it), which the engine is told.
      const policy = p.create(spec, containerPluginStudio(spec as unknown as ContainerConfig, p.title));
      return Object.assign(Object.create(policy) as typeof policy, { placesAppMasters: true });
    },
  };
  try {
    registerScheduler(scheduler);
  } catch (err) {
    throw new PluginFileError(`${file}: ${(err as Error).message}`);
  }
  const plugin = { file: full, kind: p.kind, title: p.title, sha256, ...(p.version ? { version: p.version } : {}) };
  loaded.set(full, plugin);
  return plugin;
}

/** The plug-in files loaded in this process, in the order they came. */
export function loadedPlugins(): LoadedPlugin[] {
  return [...loaded.values()];
}

/** The loaded file a scheduler kind comes from, as a thread elsewhere loads it (none for the studio's own kinds). */
export function pluginsFor(kinds: Iterable<string>): { file: string; sha256: string }[] {
  return lastOfEachKind(kinds).map(({ file, sha256 }) => ({ file, sha256 }));
}

/** The loaded file of each wanted kind; a kind loaded again from another file runs the one loaded last (registry.ts registerScheduler). */
function lastOfEachKind(kinds: Iterable<string>): LoadedPlugin[] {
  const wanted = new Set(kinds);
  const byKind = new Map(loadedPlugins().map((p) => [p.kind, p]));
  return [...byKind.values()].filter((p) => wanted.has(p.kind));
}

/** The file's text, to embed in a result; its bytes must still be the ones that ran. */
function sourceOf(p: LoadedPlugin): string {
  const bytes = fs.readFileSync(p.file);
  if (createHash('sha256').update(bytes).digest('hex') !== p.sha256)
    throw new PluginFileError(`${p.file} changed since it was loaded: start again to embed it`);
  return bytes.toString('utf8');
}

/** A loaded file as a result records it: its path (as given), hash, version and, when asked, its text. */
function refOf(p: LoadedPlugin, file: string, embed: boolean): PluginRef {
  return { file, sha256: p.sha256, ...(p.version ? { version: p.version } : {}), ...(embed ? { source: sourceOf(p) } : {}) };
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
function embedded(entry: { file: string; sha256?: unknown; source: string }, i: number): string {
  const sha256 = createHash('sha256').update(entry.source, 'utf8').digest('hex');
  if (typeof entry.sha256 === 'string' && entry.sha256 !== sha256)
    throw new PluginFileError(
      `plugins.${i}.source: is not the text the result ran with: its SHA-256 is ${sha256.slice(0, 12)}…, the result names ${entry.sha256.slice(0, 12)}…`,
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
 * embedded text) and those given beside it (`run --scheduler`), loaded before the experiment is
 * read, since its schedulers name their kinds. A listed hash that the file's bytes no longer match
 * is refused with both hashes. Returns every file as the result records it: its path from the
 * experiment's folder, the hash it ran with, its version, and its text when `embed` asks.
 */
export async function loadExperimentPlugins(experimentFile: string, extraFiles: readonly string[], embed = false): Promise<PluginRef[]> {
  const dir = path.dirname(path.resolve(experimentFile));
  let listed: unknown = [];
  try {
    listed = (JSON.parse(fs.readFileSync(experimentFile, 'utf8')) as { plugins?: unknown }).plugins ?? [];
  } catch {
    // An unreadable experiment is refused when it is read, with its own words.
  }
  const refs = new Map<string, PluginRef>();
  const entries = Array.isArray(listed) ? (listed as { file?: unknown; sha256?: unknown; source?: unknown }[]) : [];
  for (const [i, entry] of entries.entries()) {
    if (typeof entry.file !== 'string' || !entry.file) throw new PluginFileError(`plugins.${i}.file: must name the scheduler file`);
    const withText = typeof entry.source === 'string';
    const full = withText ? embedded({ file: entry.file, sha256: entry.sha256, source: entry.source as string }, i) : path.resolve(dir, entry.file);
    const p = await loadSchedulerFile(full);
    if (typeof entry.sha256 === 'string' && entry.sha256 !== p.sha256)
      throw new PluginFileError(
        `${entry.file} has changed since this experiment ran with it: its SHA-256 was ${entry.sha256.slice(0, 12)}…, it is ${p.sha256.slice(0, 12)}… now. Run it with the file as it was, or remove "sha256" from plugins.${i} to run the new one`,
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
