import * as path from 'node:path';
import { NAME_CONTROL_MESSAGE, nameHasControlCharacters } from '@shared/files/controlCharacters';
import type { WhyNotReason } from '@shared/results/whyNot';
import type { EngineJob } from '../engine/core/model';
import type { ClusterView, Scheduler, SchedulerJob, SchedulerTopology } from '../engine/scheduling/schedulerApi';
import { lineIn, PluginRunError } from './pluginGuard';

/** The most sentences one `explain` or `checkDesign` answer may give, and the most characters each may have (the why-not panel shows them all). */
export const EXPLAIN_MAX_SENTENCES = 8;
export const EXPLAIN_MAX_CHARS = 300;

/** What the studio itself sees of why job j could not go on node n: the node's room, as its slots or containers are sized (pluginFile.ts). */
export type RoomReasons = (view: ClusterView, job: number, node: number) => WhyNotReason[];

/**
 * A scheduler file's policy as the why-not replay asks it: first what the studio itself sees (the
 * node's slots or containers full, the masters' share full: `room`), as the built-ins say it, then
 * the file's own `explain(job, node, view)` sentences (docs/plugins.md "Why not, in your words"),
 * each under the file's title. An answer that is not a list of sentences stops the replay with the
 * file, the hook and the problem named: the panel would otherwise show nothing, or code.
 */
export function explainingInOwnWords<T extends Scheduler>(policy: T, title: string, kind: string, file: string, room: RoomReasons): T {
  const ownExplain = policy.explain as unknown as ((job: number, node: number, view: unknown) => unknown) | undefined;
  const wrapped = Object.create(policy) as T;
  Object.defineProperty(wrapped, 'explain', {
    value(job: number, node: number, view: ClusterView): WhyNotReason[] {
      const seen = room(view, job, node);
      const said = typeof ownExplain === 'function' ? ownExplain.call(this, job, node, view) : undefined;
      if (said === undefined) return seen;
      const problem = sentencesProblem(said);
      if (problem) throw new PluginRunError(`scheduler "${kind}" (${path.basename(file)}) explain: ${problem}`);
      return [...seen, ...(said as string[]).map((text): WhyNotReason => ({ kind: 'ownWords', scheduler: title, text: text.trim() }))];
    },
  });
  return wrapped;
}

/** What is wrong with an `explain` answer, in words; undefined when it is a list of sentences. */
export function sentencesProblem(said: unknown): string | undefined {
  if (!Array.isArray(said)) return `must return a list of sentences (strings), not ${said === null ? 'null' : typeof said}`;
  if (said.length > EXPLAIN_MAX_SENTENCES) return `must return at most ${EXPLAIN_MAX_SENTENCES} sentences, not ${said.length}`;
  for (let i = 0; i < said.length; i++) {
    const text: unknown = said[i];
    if (typeof text !== 'string') return `sentence ${i + 1} must be a string, not ${text === null ? 'null' : typeof text}`;
    if (text.trim() === '') return `sentence ${i + 1} is empty`;
    if (nameHasControlCharacters(text)) return `sentence ${i + 1} ${NAME_CONTROL_MESSAGE}`;
    if (text.length > EXPLAIN_MAX_CHARS) return `sentence ${i + 1} must be at most ${EXPLAIN_MAX_CHARS} characters, not ${text.length}`;
  }
  return undefined;
}

/**
 * A scheduler file's `checkDesign(spec, topology, jobs)` as the registry asks it (registry.ts
 * designProblemsOf): its sentences are the card's problems, which the designer shows beside the
 * card and the CLI's run refuses with. A check that throws, or answers with something other than
 * sentences, is itself the card's problem, said with the file and the line: the design cannot be
 * trusted to run, and the designer must still open.
 */
export function checkingInOwnWords(
  check: (spec: Record<string, unknown>, topology: unknown, jobs: readonly unknown[]) => unknown,
  file: string,
  ran: string,
): (spec: Record<string, unknown>, topology: SchedulerTopology, jobs: readonly EngineJob[], limit: number) => string[] {
  const name = path.basename(file);
  return (spec, topology, jobs, limit) => {
    let said: unknown;
    try {
      said = check(spec, topology, jobs.map(asSubmitted));
    } catch (err) {
      return [`its scheduler file ${name} failed in checkDesign${lineIn(err, ran)}: ${err instanceof Error ? err.message : String(err)}`];
    }
    if (said === undefined) return [];
    const problem = sentencesProblem(said);
    if (problem) return [`its scheduler file ${name} answered checkDesign wrongly: it ${problem}`];
    return (said as string[]).slice(0, limit).map((text) => text.trim());
  };
}

/** A job as a scheduler file is told it (the published `Job`): never its work's hidden coefficients; frozen, so a check cannot change the jobs it is shown. */
function asSubmitted(j: EngineJob): SchedulerJob {
  const { name, kind, mapMemoryMb, reduceMemoryMb } = j.template;
  return Object.freeze({
    id: j.id,
    queue: j.queue,
    submit: j.submit,
    inputMb: j.inputMb,
    maps: j.maps,
    reduces: j.reduces,
    ...(j.deadline !== undefined ? { deadline: j.deadline } : {}),
    ...(j.mrCluster !== undefined ? { mrCluster: j.mrCluster } : {}),
    template: Object.freeze({ name, kind, mapMemoryMb, reduceMemoryMb }),
  });
}
