import { describe, expect, it } from 'vitest';
import { IasmRefusals } from '../../../src-main/schedulers/ilaRefusals';

describe("ILA's refusals within one walk", () => {
  it('remembers a refused demand on the same node at the same state and instant only', () => {
    const r = new IasmRefusals<{ tc: number }>();
    const d = { tc: 1 };
    const other = { tc: 1 };
    r.add(7, 3, 10, d);
    expect(r.has(7, 3, 10, d)).toBe(true);
    // Another object with the same numbers is another demand: asked afresh.
    expect(r.has(7, 3, 10, other)).toBe(false);
    // A launch (new state version), another node or another instant forgets every refusal.
    expect(r.has(8, 3, 10, d)).toBe(false);
    r.add(8, 3, 10, d);
    expect(r.has(8, 4, 10, d)).toBe(false);
    r.add(8, 4, 10, d);
    expect(r.has(8, 4, 11, d)).toBe(false);
  });
});
