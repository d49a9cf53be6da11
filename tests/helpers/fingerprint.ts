import { createHash } from 'node:crypto';
import type { EngineRunResult } from '../../src-main/engine/measure/engineResult';

/**
 * Every number at full precision (NaN and ±Infinity spelled out), typed arrays cut to their length.
 * ARIA's totals are left out: they only observe the run (recorded after the digests), and
 * tests/unit/aria pins them; so are the work counts, which tests/unit/engine/workCounters.test.ts pins;
 * and so are the reasons' kinds, which the reasons' words already say (tests/unit/shared/decisionCounts.test.ts
 * reads every kind back from its words).
 */
export function fingerprint(full: EngineRunResult): string {
  const { aria: _observed, work: _counted, reasonKinds: _saidByWords, ...r } = full;
  const rec = r.records;
  const cut = <T extends { subarray(a: number, b: number): ArrayLike<number> }>(a: T, per = 1) => Array.from(a.subarray(0, rec.length * per));
  const canonical = {
    ...r,
    records: {
      length: rec.length,
      task: cut(rec.task),
      node: cut(rec.node),
      start: cut(rec.start),
      end: cut(rec.end),
      phaseEnd: cut(rec.phaseEnd, 5),
      locality: cut(rec.locality),
      outcome: cut(rec.outcome),
      speculative: cut(rec.speculative),
      reason: cut(rec.reason),
    },
  };
  const text = JSON.stringify(canonical, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
  return createHash('sha256').update(text).digest('hex');
}
