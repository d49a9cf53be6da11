/**
 * JS's input (Ghit et al. sec. 4.3.3): the mean over an MR-cluster's queued jobs of elapsed time
 * over time on the static reference MR-cluster, kept as jobs come and go. Each job adds
 * (now − submit) / reference = now · (1 / reference) − submit / reference, so two sums answer any
 * instant without walking the queue.
 */
export class QueueSlowdown {
  private jobs = 0;
  private inverseSum = 0;
  private submitOverReferenceSum = 0;

  add(submit: number, reference: number): void {
    this.change(1, submit, reference);
  }

  remove(submit: number, reference: number): void {
    this.change(-1, submit, reference);
  }

  /** The mean at time `now` (0 with no job queued). */
  mean(now: number): number {
    return this.jobs > 0 ? (now * this.inverseSum - this.submitOverReferenceSum) / this.jobs : 0;
  }

  private change(sign: 1 | -1, submit: number, reference: number): void {
    this.jobs += sign;
    if (this.jobs === 0) {
      // Exactly empty: no rounding left over from the jobs that went.
      this.inverseSum = 0;
      this.submitOverReferenceSum = 0;
      return;
    }
    this.inverseSum += sign / reference;
    this.submitOverReferenceSum += (sign * submit) / reference;
  }
}
