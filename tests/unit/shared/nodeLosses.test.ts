import { describe, expect, it } from 'vitest';
import { lossThatKilled, NodeLossSchema, nodeLossCountWords, nodeLossMeans, nodeLossWords, runNodeLossText, type NodeLoss } from '@shared/results/nodeLosses';

const loss = (change: Partial<NodeLoss> = {}): NodeLoss => ({
  node: 'r1-h2',
  cause: 'named',
  lostAtS: 20,
  noticedAtS: 50,
  attemptsKilled: 8,
  mapsRunAgain: 12,
  mastersLost: 1,
  replacedAtS: null,
  ...change,
});

describe('node losses in words and numbers', () => {
  it('says what a loss cost, and what it did not get to', () => {
    expect(nodeLossWords(loss())).toBe(
      'r1-h2 died at 20 s (a named failure), noticed at 50 s: 8 attempts killed, 12 finished maps run again, 1 application master restarted',
    );
    expect(nodeLossWords(loss({ cause: 'random', attemptsKilled: 1, mapsRunAgain: 0, mastersLost: 0, replacedAtS: 170.6 }))).toBe(
      'r1-h2 died at 20 s (a random failure), noticed at 50 s: 1 attempt killed; replaced at 171 s',
    );
    expect(nodeLossWords(loss({ attemptsKilled: 0, mapsRunAgain: 0, mastersLost: 0 }))).toBe(
      'r1-h2 died at 20 s (a named failure), noticed at 50 s: nothing to redo',
    );
    expect(nodeLossWords(loss({ noticedAtS: null }))).toBe('r1-h2 died at 20 s (a named failure), not noticed before the run ended');
    // A tooltip breaks the line after the death.
    expect(nodeLossWords(loss({ mapsRunAgain: 0, mastersLost: 0 }), '\n')).toBe('r1-h2 died at 20 s (a named failure)\nnoticed at 50 s: 8 attempts killed');
  });

  it('notes the first few of a run, then how many more', () => {
    const many = Array.from({ length: 7 }, (_, i) => loss({ node: `n${i}`, mapsRunAgain: 0, mastersLost: 0, attemptsKilled: 1 }));
    const text = runNodeLossText('fifo', 3, many, 2);
    expect(text).toBe(
      'fifo, seed 3, had 7 node losses: n0 died at 20 s (a named failure), noticed at 50 s: 1 attempt killed; n1 died at 20 s (a named failure), noticed at 50 s: 1 attempt killed; and 5 more (the result file lists every one)',
    );
  });

  it('counts losses against every run, and averages them over every run, a run without one counting zero', () => {
    expect(nodeLossCountWords([[loss(), loss()], [], [loss()]], 3)).toBe('3 node losses in 2 of 3 runs');
    expect(nodeLossCountWords([[loss()]], 1)).toBe('1 node loss in 1 of 1 run');
    expect(nodeLossMeans([[loss(), loss({ attemptsKilled: 2 })], []])).toEqual({
      runs: 2,
      runsWithLosses: 1,
      losses: 1,
      attemptsKilled: 5,
      mapsRunAgain: 12,
      mastersLost: 1,
    });
    expect(nodeLossMeans([])).toMatchObject({ runs: 0, losses: 0 });
  });

  it('tells an attempt its node took down from one the scheduler killed', () => {
    const losses = [loss(), loss({ node: 'r2-h1', lostAtS: 100, noticedAtS: null })];
    expect(lossThatKilled(losses, 'r1-h2', 12, 50.0004)).toBe(losses[0]); // ended when the master noticed
    expect(lossThatKilled(losses, 'r1-h2', 25, 50)).toBeUndefined(); // started after the death: not on the dead node's list
    expect(lossThatKilled(losses, 'r1-h2', 12, 48)).toBeUndefined(); // ended before the notice: another cause
    expect(lossThatKilled(losses, 'r1-h1', 12, 50)).toBeUndefined(); // another node
    expect(lossThatKilled(losses, 'r2-h1', 90, 130)).toBeUndefined(); // never noticed
    expect(lossThatKilled(losses, 'r1-h2', 12, null)).toBeUndefined();
  });

  it('refuses a loss a result file could not have written', () => {
    expect(NodeLossSchema.safeParse(loss({ attemptsKilled: -1 })).success).toBe(false);
    expect(NodeLossSchema.safeParse({ ...loss(), cause: 'meteor' }).success).toBe(false);
    expect(NodeLossSchema.safeParse({ ...loss(), extra: 1 }).success).toBe(false);
  });
});
