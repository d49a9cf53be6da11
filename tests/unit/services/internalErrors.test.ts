import { describe, expect, it } from 'vitest';
import { createDispatch } from '../../../src-main/services/dispatch';
import type { Handlers } from '../../../src-main/services/handlerTypes';
import { CODE_IN_MESSAGE } from '../../e2e/messageWatch';

/** A fault of the studio's own reaches the user in words: what went wrong, not the channel it went wrong on. */
describe('an internal error', () => {
  it('is said in words, with the fault, and the channel only in the log', async () => {
    const logged: string[] = [];
    const handlers = {
      'batches:whyNot': () => {
        throw new Error('the jobs with live attempts are kept only for a policy that says so');
      },
    } as unknown as Handlers;
    const dispatch = createDispatch(handlers, (message) => logged.push(message));
    const answer = await dispatch('batches:whyNot', { id: '00000000-0000-4000-8000-000000000000', run: 0, job: 'g1', at: 10 });
    expect(answer.ok).toBe(false);
    const message = answer.ok ? '' : answer.error.message;
    expect(answer.ok ? undefined : answer.error.code).toBe('internal');
    expect(message).toBe(
      'the studio could not do this because of a fault of its own, not of what you gave it (the jobs with live attempts are kept only for a policy that says so)',
    );
    expect(message).not.toContain('batches:whyNot');
    expect(message).not.toMatch(CODE_IN_MESSAGE);
    expect(logged).toEqual(['[batches:whyNot] failed']);
  });
});
