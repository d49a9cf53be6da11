import { describe, expect, it } from 'vitest';
import { BestTwo } from '../../../src-main/schedulers/prismCandidates';

describe("PRISM's best and runner-up candidates", () => {
  it('are the first of the highest utility and the first of the highest among the rest, as sorting the whole list gives', () => {
    const top = new BestTwo();
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 500; round++) {
      // Few distinct values, so that ties are common; some rounds offer one candidate or none.
      const utilities = Array.from({ length: Math.floor(next() * 8) }, () => Math.floor(next() * 5) - 2);
      top.reset();
      utilities.forEach((u, i) => {
        const c = top.next();
        c.task = i;
        c.utility = u;
        top.offer();
      });
      const listed = utilities.map((utility, task) => ({ task, utility }));
      const best = [...listed].sort((x, y) => y.utility - x.utility).at(0);
      const second = listed
        .filter((c) => c !== best)
        .sort((x, y) => y.utility - x.utility)
        .at(0);
      expect(top.hasBest ? top.best.task : undefined).toBe(best?.task);
      expect(top.hasSecond ? top.second.task : undefined).toBe(second?.task);
      if (best) expect(top.best.utility).toBe(best.utility);
    }
  });
});
