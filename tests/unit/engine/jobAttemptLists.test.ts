import { describe, expect, it } from 'vitest';
import { JobAttemptLists } from '../../../src-main/engine/state/jobAttemptLists';

/**
 * Each job's live attempts as lists threaded through the attempt ids (engine/state/jobAttemptLists.ts):
 * against a Set per job under the same random adds and removes, with ids given back and reused by
 * other jobs, the lists hold the same attempts in the same (launch) order.
 */
describe('job attempt lists', () => {
  it('keep launch order through removals at the head, middle and tail, and ids reused by other jobs', () => {
    const jobs = 5;
    const lists = new JobAttemptLists(jobs);
    const sets = Array.from({ length: jobs }, () => new Set<number>());
    const jobOf = new Map<number, number>();
    const free: number[] = [];
    let nextId = 0;
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let step = 0; step < 5000; step++) {
      if (jobOf.size === 0 || random() < 0.55) {
        const a = free.length && random() < 0.7 ? free.splice(Math.floor(random() * free.length), 1)[0] : nextId++;
        const j = Math.floor(random() * jobs);
        lists.add(j, a);
        sets[j].add(a);
        jobOf.set(a, j);
      } else {
        const live = [...jobOf.keys()];
        const a = live[Math.floor(random() * live.length)];
        const j = jobOf.get(a)!;
        lists.delete(j, a);
        sets[j].delete(a);
        jobOf.delete(a);
        free.push(a);
      }
      for (let j = 0; j < jobs; j++) {
        expect(lists.size(j)).toBe(sets[j].size);
        expect([...lists.of(j)]).toEqual([...sets[j]]);
      }
    }
    expect(nextId).toBeGreaterThan(300); // the ids grew past the lists' first capacity
    expect(lists.toArray(0)).toEqual([...sets[0]]);
  });
});
