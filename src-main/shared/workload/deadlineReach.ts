/**
 * Deadlines no run can meet. A deadline in seconds counts from the start of the run, so one at or
 * before the job's submission is missed before the job exists; a factor below 1 gives less time
 * than the job takes alone on an empty cluster. The studio accepts both (a study may want misses)
 * but says so wherever a job's deadline is set: the jobs table, bulk edit, an import.
 */

/** The fields of a job that decide its deadline, as a draft holds them (a cell may hold text until fixed). */
export interface DeadlineFields {
  submit?: unknown;
  deadline?: unknown;
  deadlineFactor?: unknown;
}

export type Unmeetable = 'deadline' | 'deadlineFactor';

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Which of the job's deadline fields no run can meet, if one (the factor counts only without a deadline in seconds, as in the engine). */
export function unmeetableDeadline(job: DeadlineFields): Unmeetable | undefined {
  if (isNumber(job.deadline)) return isNumber(job.submit) && job.deadline <= job.submit ? 'deadline' : undefined;
  return isNumber(job.deadlineFactor) && job.deadlineFactor < 1 ? 'deadlineFactor' : undefined;
}

/** The reason, in words, shown beside the field (the jobs table's hover). */
export function unmeetableReason(field: Unmeetable): string {
  return field === 'deadline'
    ? 'No run can meet this deadline: it is at or before the job’s submission, and a deadline counts from the start of the run (“Deadline × alone” counts from the submission)'
    : 'No run can meet this deadline: a factor below 1 gives less time than the job takes alone';
}

/** The jobs (by index) whose deadline no run can meet. */
export function unmeetableJobs(jobs: readonly DeadlineFields[]): number[] {
  const out: number[] = [];
  jobs.forEach((j, i) => {
    if (unmeetableDeadline(j)) out.push(i);
  });
  return out;
}

/** "3 jobs have a deadline no run can meet (…)": the sentence an import and the jobs table say; empty for none. */
export function unmeetableJobsText(count: number): string {
  if (count === 0) return '';
  return `${count.toLocaleString('en-US')} job${count === 1 ? ' has' : 's have'} a deadline no run can meet: at or before ${count === 1 ? 'its' : 'their'} submission (a deadline counts from the start of the run), or a factor below 1 (less time than the job takes alone).`;
}
