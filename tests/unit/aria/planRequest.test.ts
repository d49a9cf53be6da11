import { describe, expect, it } from 'vitest';
import { defaultFailureWorkers, FAILURE_DEFAULTS } from '@shared/aria/failure';
import { plan, PlanRequestSchema } from '@shared/aria/plan';
import { problemsOf } from '@shared/api/validation';
import { TABLE1 } from './fixtures';

const problems = (request: object) => {
  const r = PlanRequestSchema.safeParse(request);
  return r.success ? [] : problemsOf(r.error);
};

/** What the Planner and `plan` accept as a question (issue 31: the Planner took a job of 0 maps). */
describe('plan requests', () => {
  it('need at least one map; reduces may be none', () => {
    const base = { profile: TABLE1.Sort, reduces: 0, mapSlots: 8, reduceSlots: 4 };
    expect(problems({ ...base, maps: 0 })).toEqual([{ field: 'maps', message: 'must be at least 1' }]);
    expect(problems({ ...base, maps: 1 })).toEqual([]);
  });

  it('fill a failure with the one set of defaults the Planner shows too (600 s to notice it, slots not replaced, a worker per map slot)', () => {
    const parsed = PlanRequestSchema.parse({
      profile: TABLE1.Sort,
      maps: 64,
      reduces: 8,
      mapSlots: 32,
      reduceSlots: 8,
      failure: { atS: 10, workers: defaultFailureWorkers(32) },
    });
    expect(parsed.failure).toMatchObject({ detectS: 600, replenish: false, workers: 32 });
    expect(FAILURE_DEFAULTS).toEqual({ detectS: 600, replenish: false });
  });

  it('give the intermediate MB per reduce of an input size only for a job that has reduces', () => {
    const base = { profile: TABLE1.WordCount, inputMb: 6400, mapSlots: 64, reduceSlots: 64 };
    expect(plan({ ...base, reduces: 32 })).toMatchObject({ maps: 100, scaled: { mbPerReduce: (6400 * TABLE1.WordCount.selectivityM) / 32 } });
    // A map-only job has no intermediate data per reduce: not the whole map output "per reduce".
    const mapOnly = plan({ ...base, reduces: 0 });
    expect(mapOnly.maps).toBe(100);
    expect(mapOnly.scaled).toBeUndefined();
  });
});
