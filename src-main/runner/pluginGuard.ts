import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as fs from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import type { ClusterView, Scheduler } from '../engine/scheduling/schedulerApi';

/** A scheduler file's own code threw during a run: the message says which file, hook, moment and line. */
export class PluginRunError extends Error {}

/** The hooks the engine calls on a policy, with the argument that is a node (if any) and the view's position. */
const HOOKS: { name: keyof Scheduler; node?: number; view: number }[] = [
  { name: 'onHeartbeat', node: 0, view: 1 },
  { name: 'nodePlacesNothing', node: 0, view: 1 },
  { name: 'onJobSubmitted', view: 1 },
  { name: 'onJobFinished', view: 1 },
  { name: 'onTaskFinished', view: 2 },
  { name: 'wantsIdleBeats', view: 0 },
  { name: 'onWake', view: 0 },
  { name: 'report', view: 0 },
  { name: 'scores', node: 0, view: 1 },
  { name: 'explain', node: 1, view: 2 },
];

/**
 * "line 34" of the user's file in an error's stack. `ran` is what Node imported: the file itself,
 * or esbuild's output of it, whose line is looked up in the source map written beside it.
 */
export function lineIn(err: unknown, ran: string): string {
  const stack = err instanceof Error ? (err.stack ?? '') : '';
  const url = pathToFileURL(ran).href;
  const at = stack.split('\n').find((l) => l.includes(url) || l.includes(ran));
  const m = at && /:(\d+):(\d+)\)?\s*$/.exec(at);
  if (!m) return '';
  const [line, column] = [Number(m[1]), Number(m[2])];
  const mapFile = `${ran}.map`;
  if (!fs.existsSync(mapFile)) return `, line ${line}`;
  try {
    const entry = new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMapPayload).findEntry(line - 1, column - 1);
    return 'originalLine' in entry ? `, line ${entry.originalLine + 1}` : '';
  } catch {
    return '';
  }
}

/**
 * The policy of scheduler file `file` with each hook's errors told in the researcher's terms:
 * `scheduler "x" (x.scheduler.js) failed in onHeartbeat at 33.0 s, node r1-h2, line 34: <message>`.
 * A bare "Cannot read properties of undefined" names neither the file nor the moment.
 */
export function guardedPolicy<T extends Scheduler>(policy: T, kind: string, file: string, ran: string): T {
  const guarded = Object.create(policy) as T;
  for (const hook of HOOKS) {
    const fn = policy[hook.name];
    if (typeof fn !== 'function') continue;
    Object.defineProperty(guarded, hook.name, {
      value: function (this: T, ...args: unknown[]) {
        try {
          return (fn as (...a: unknown[]) => unknown).apply(this, args);
        } catch (err) {
          if (err instanceof PluginRunError) throw err;
          const view = args[hook.view] as ClusterView | undefined;
          const when = typeof view?.now === 'number' ? ` at ${view.now.toFixed(1)} s` : '';
          // The view as the engine passes it, but read defensively: this runs because something went wrong.
          const names = view?.topology.nodeName as readonly string[] | undefined;
          const nodeName = hook.node !== undefined ? names?.[args[hook.node] as number] : undefined;
          const where = `${when}${nodeName ? `, node ${nodeName}` : ''}${lineIn(err, ran)}`;
          const said = err instanceof Error ? err.message : String(err);
          throw new PluginRunError(`scheduler "${kind}" (${path.basename(file)}) failed in ${hook.name}${where}: ${said}`, { cause: err });
        }
      },
    });
  }
  return guarded;
}
