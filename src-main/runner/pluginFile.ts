import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { problemsOf } from '@shared/api/validation';
import { ChoiceLabelsSchema, NOTE_MAX_CHARS, NOTES_MAX, RunNamesSchema, SchedulerKindSchema, ShownWhenSchema, TITLE_MAX } from '@shared/schedulers';
import { nameText } from '@shared/files/controlCharacters';
import type { AddedScheduler } from '../schedulers/addedScheduler';
import { registerScheduler } from '../schedulers/registry';
import { containerPluginStudio, pluginStudio, type PluginStudio } from '../schedulers/pluginStudio';
import type { ContainerConfig } from '../schedulers/containers';
import { runnable } from './pluginCompile';
import { checkingInOwnWords, explainingInOwnWords, type RoomReasons } from './pluginSentences';
import { SlotTable } from '../schedulers/slotHelpers';
import type { SlotSettings } from '@shared/schedulers/concurrency';
import { containerRoom, fullSlots } from '../schedulers/whyNotReasons';
import { reportingOwnFigures } from './pluginFigures';
import { guardedPolicy } from './pluginGuard';
import { pluginLoadProblem } from './pluginLoadError';
import { PLUGIN_LOAD_LIMIT_MS, trialImport } from './pluginTrial';
import { importQuietly } from './quietImport';

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
  kind: SchedulerKindSchema,
  title: z.string().trim().min(1, 'must not be empty').max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`),
  capacity: z.enum(['slots', 'containers'], "must be 'slots' (Hadoop 1 map and reduce slots) or 'containers' (YARN containers of memory and vcores)"),
  options: z.custom<(zod: typeof z) => z.ZodRawShape>((v) => typeof v === 'function', 'must be a function given zod that returns the options').optional(),
  version: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters').optional(),
  labels: z.record(z.string(), z.string()).default({}),
  notes: z.array(nameText(NOTE_MAX_CHARS)).max(NOTES_MAX, `must be at most ${NOTES_MAX} lines`).default([]),
  choiceLabels: ChoiceLabelsSchema.optional(),
  labelOptions: z.array(z.string()).optional(),
  shownWhen: ShownWhenSchema.optional(),
  runNames: RunNamesSchema.optional(),
  checkDesign: z
    .custom<(spec: Record<string, unknown>, topology: unknown, jobs: readonly unknown[]) => unknown>(
      (v) => typeof v === 'function',
      'must be a function given the card, the cluster and the jobs that returns the problems in words',
    )
    .optional(),
  create: z.custom<(spec: Record<string, unknown>, studio: PluginStudio) => ReturnType<AddedScheduler['create']>>(
    (v) => typeof v === 'function',
    'must be a function that makes the policy for one run',
  ),
});

/** How a scheduler file ends, said wherever its default export is missing or not a scheduler. */
const ENDS_WITH = 'a scheduler file ends with export default defineScheduler({ … }) (workload-studio scheduler new NAME writes one)';

/** A default export with nothing of a scheduler (none of kind, title, create): said as that, not as a list of every field it lacks. */
const notAScheduler = (value: unknown): boolean => typeof value !== 'object' || value === null || !['kind', 'title', 'create'].some((k) => k in value);

/** A plug-in file that cannot be used: the message names the file and the field; `kind`, once the file was read that far. */
export class PluginFileError extends Error {
  constructor(
    message: string,
    readonly kind?: string,
  ) {
    super(message);
  }
}

const loaded = new Map<string, LoadedPlugin>();
/** Each loaded file's scheduler, so loading it again makes it the one its kind runs again. */
const schedulers = new Map<string, AddedScheduler>();

/**
 * Read, check and register a scheduler file; loading the same unchanged file again changes nothing.
 * Its top level first runs in a worker that is stopped after `loadLimitMs` (pluginTrial.ts), unless
 * `trial` is false: a run's thread loads a file its main process has already loaded.
 */
export async function loadSchedulerFile(file: string, how: { trial?: boolean; loadLimitMs?: number } = {}): Promise<LoadedPlugin> {
  const loadLimitMs = how.loadLimitMs ?? PLUGIN_LOAD_LIMIT_MS;
  const full = path.resolve(file);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) throw new PluginFileError(`${file}: no such file`);
  if (!stat.isFile())
    throw new PluginFileError(`${file} is not a regular file (${stat.isDirectory() ? 'a folder' : 'a device, FIFO or socket'}); name a scheduler file`);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(full);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new PluginFileError(`${file}: cannot be read (${code === 'EACCES' || code === 'EPERM' ? 'this user may not read it' : (err as Error).message})`);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const known = loaded.get(full);
  if (known?.sha256 === sha256) {
    // Loaded again after another file of its kind (a version the user went back to): it runs from now on.
    loaded.delete(full);
    loaded.set(full, known);
    registerScheduler(schedulers.get(full)!);
    return known;
  }
  if (known) throw new PluginFileError(`${file} changed since it was loaded: start again to use the new version`);
  let mod: { default?: unknown };
  /** What Node imports: the file itself, or esbuild's output of it (pluginCompile.ts). */
  let ran = full;
  try {
    // The hash in the URL keeps Node's module cache from serving an older text of the same path.
    ran = await runnable(full, bytes, sha256);
    const url = `${pathToFileURL(ran).href}?sha256=${sha256}`;
    if (how.trial !== false && (await trialImport(url, loadLimitMs)).kind === 'timedOut')
      throw new PluginFileError(
        `${file}: its top level was still running after ${loadLimitMs / 1000} s (a loop that never ends?), so it was not loaded: a scheduler file defines its scheduler and returns`,
      );
    mod = (await importQuietly(url)) as { default?: unknown };
  } catch (err) {
    if (err instanceof PluginFileError) throw err;
    throw new PluginFileError(await pluginLoadProblem(file, full, bytes.toString('utf8'), err));
  }
  const shape = PluginShape.safeParse(mod.default);
  if (!shape.success) {
    const said = problemsOf(shape.error)
      .map((p) => `${p.field || 'the default export'}: ${p.message}`)
      .join('; ');
    throw new PluginFileError(
      `${file}: ${mod.default === undefined ? `exports no default scheduler: ${ENDS_WITH}` : notAScheduler(mod.default) ? `its default export is not a scheduler (it has no kind, title or create): ${ENDS_WITH}` : said}`,
    );
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
    notes: p.notes,
    ...(p.choiceLabels ? { choiceLabels: p.choiceLabels } : {}),
    ...(p.labelOptions ? { labelOptions: p.labelOptions } : {}),
    ...(p.shownWhen ? { shownWhen: p.shownWhen } : {}),
    ...(p.runNames ? { runNames: p.runNames } : {}),
    ...(p.checkDesign ? { checkDesign: checkingInOwnWords(p.checkDesign, full, ran) } : {}),
    capabilities: [],
    create: (spec) => {
      // Its errors told in the researcher's terms, its `explain` sentences made the why-not panel's
      // reasons, and its `report` the run's own figures.
      const guarded = <T extends Parameters<typeof guardedPolicy>[0]>(policy: T, room: RoomReasons) =>
        reportingOwnFigures(explainingInOwnWords(guardedPolicy(policy, p.kind, full, ran), p.title, p.kind, full, room), p.kind, full);
      if (p.capacity === 'slots') {
        const slots = new SlotTable(spec as unknown as SlotSettings);
        return guarded(p.create(spec, pluginStudio(spec as unknown as { slotMemoryMb: number }, p.title, slots)), (view, j, n) => fullSlots(view, slots, j, n));
      }
      // On containers every job's application master comes first (the studio's launches place it), which the engine is told.
      const containers = spec as unknown as ContainerConfig;
      const policy = guarded(p.create(spec, containerPluginStudio(containers, p.title)), (view, j, n) => containerRoom(containers, view, j, n));
      return Object.assign(Object.create(policy) as typeof policy, { placesAppMasters: true });
    },
  };
  try {
    registerScheduler(scheduler);
  } catch (err) {
    throw new PluginFileError(`${file}: ${(err as Error).message}`, p.kind);
  }
  const plugin = { file: full, kind: p.kind, title: p.title, sha256, ...(p.version ? { version: p.version } : {}) };
  loaded.set(full, plugin);
  schedulers.set(full, scheduler);
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
export function lastOfEachKind(kinds: Iterable<string>): LoadedPlugin[] {
  const wanted = new Set(kinds);
  const byKind = new Map(loadedPlugins().map((p) => [p.kind, p]));
  return [...byKind.values()].filter((p) => wanted.has(p.kind));
}
