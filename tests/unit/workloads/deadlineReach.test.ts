import { describe, expect, it } from 'vitest';
import { unmeetableDeadline, unmeetableJobs, unmeetableJobsText } from '@shared/workload/deadlineReach';

describe('deadlines no run can meet', () => {
  it('a deadline at or before the submission, or a factor below 1 without a deadline in seconds', () => {
    expect(unmeetableDeadline({ submit: 30, deadline: 30 })).toBe('deadline');
    expect(unmeetableDeadline({ submit: 30, deadline: 29.5 })).toBe('deadline');
    expect(unmeetableDeadline({ submit: 30, deadline: 30.1 })).toBeUndefined();
    expect(unmeetableDeadline({ submit: 0, deadlineFactor: 0.99 })).toBe('deadlineFactor');
    expect(unmeetableDeadline({ submit: 0, deadlineFactor: 1 })).toBeUndefined();
    // The engine takes the deadline in seconds and ignores the factor beside it.
    expect(unmeetableDeadline({ submit: 0, deadline: 100, deadlineFactor: 0.5 })).toBeUndefined();
    expect(unmeetableDeadline({ submit: 50, deadline: 10, deadlineFactor: 3 })).toBe('deadline');
    // A cell still holding text is the schema's to name, not a deadline.
    expect(unmeetableDeadline({ submit: 50, deadline: 'soon' })).toBeUndefined();
    expect(unmeetableDeadline({ submit: 50 })).toBeUndefined();
  });

  it('lists the jobs and says how many, one or many', () => {
    const jobs = [{ submit: 5, deadline: 5 }, { submit: 0 }, { submit: 0, deadlineFactor: 0.2 }];
    expect(unmeetableJobs(jobs)).toEqual([0, 2]);
    expect(unmeetableJobsText(0)).toBe('');
    expect(unmeetableJobsText(1)).toMatch(/^1 job has a deadline no run can meet: at or before its submission/);
    expect(unmeetableJobsText(1200)).toMatch(/^1,200 jobs have a deadline no run can meet: at or before their submission/);
  });
});
