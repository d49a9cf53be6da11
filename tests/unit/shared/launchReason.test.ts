import { describe, expect, it } from 'vitest';
import { launchReasonText } from '@shared/results/launchReason';
import { LAUNCH_REASON_CASES as CASES } from '../../helpers/launchReasonCases';

describe('launch reasons in words', () => {
  it.each(CASES)('%j', (reason, words) => {
    expect(launchReasonText(reason)).toBe(words);
  });

  it('has a case for every kind', () => {
    const kinds = new Set(CASES.map(([r]) => r.kind));
    expect([...kinds].sort()).toEqual([
      'belowMinimum',
      'cpuPool',
      'dominantShare',
      'fairShare',
      'ownRule',
      'profiling',
      'queueCapacity',
      'spareSlot',
      'speculation',
      'submissionOrder',
      'utility',
    ]);
  });
});
