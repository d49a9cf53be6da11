import * as path from 'node:path';
import { NAME_CONTROL_MESSAGE, nameHasControlCharacters } from '@shared/files/controlCharacters';
import type { WhyNotReason } from '@shared/results/whyNot';
import type { Scheduler } from '../engine/scheduling/schedulerApi';
import { PluginRunError } from './pluginGuard';

/** The most sentences one `explain` answer may give, and the most characters each may have (the why-not panel shows them all). */
export const EXPLAIN_MAX_SENTENCES = 8;
export const EXPLAIN_MAX_CHARS = 300;

/**
 * A scheduler file's policy whose `explain(job, node, view)` answers in the file's own words (a
 * list of sentences, docs/plugins.md "Why not") made into the why-not panel's reasons, each under
 * the file's title. An answer that is not such a list stops the replay with the file, the hook and
 * the problem named: the panel would otherwise show nothing, or code.
 */
export function explainingInOwnWords<T extends Scheduler>(policy: T, title: string, kind: string, file: string): T {
  const ownExplain = policy.explain as unknown as ((job: number, node: number, view: unknown) => unknown) | undefined;
  if (typeof ownExplain !== 'function') return policy;
  const wrapped = Object.create(policy) as T;
  Object.defineProperty(wrapped, 'explain', {
    value(job: number, node: number, view: unknown): WhyNotReason[] {
      const said = ownExplain.call(this, job, node, view);
      if (said === undefined) return [];
      const problem = sentencesProblem(said);
      if (problem) throw new PluginRunError(`scheduler "${kind}" (${path.basename(file)}) explain: ${problem}`);
      return (said as string[]).map((text) => ({ kind: 'ownWords', scheduler: title, text: text.trim() }));
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
