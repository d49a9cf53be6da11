/**
 * ILA's dynamic threshold (Bu, Rao, Xu, HPDC'13, sec. 4.4, Algorithm 1 lines 8-17), for one server
 * that has had more than one idle slot for k seconds. The server runs `running` tasks (Z_R) under
 * threshold H_d; a task predicted to slow down by Ŝ is weighed by throughput: Z_R/H_d now against
 * (Z_R + 1)/Ŝ with it.
 */
export interface DynamicDecision {
  ok: boolean;
  /** H_d after the decision. */
  threshold: number;
}

export function dynamicThreshold(running: number, hd: number, predicted: number, floor: number): DynamicDecision {
  // Line 9: a slower task that still raises throughput is taken, and H_d rises to it.
  if (predicted > hd) return (running + 1) / predicted > running / hd ? { ok: true, threshold: predicted } : { ok: false, threshold: hd };
  // Lines 11-13: a task under H_d raises throughput anyway. H_d comes down to Ŝ only when Ŝ ≪ H_d,
  // read as a whole slowdown unit below — the step of the update min(H_d − 1, Ŝ) — so H_d is
  // "decreased gradually" (sec. 4.4) rather than reset to H by the first light task: slowdowns
  // mostly lie between 1 and 2, where H_d − 1 is below any slowdown. H_d never goes below H.
  return { ok: true, threshold: predicted <= hd - 1 ? Math.max(floor, predicted) : hd };
}

/**
 * When a server uses the dynamic threshold (Algorithm 1 line 7: "if Z_I > 1 for k seconds"). It
 * switches to it once more than one slot has stayed idle for k seconds, and back to the static H
 * (resetting H_d = H) once it has had at most one idle slot for k seconds. Read literally, line 18
 * resets the moment the server fills up, so the dynamic threshold's own success — a full server —
 * switched it off, and each slot freed afterwards waited k seconds under H: on a CPU-bound
 * workload, where H = 1 refuses nearly everything, servers ran a sawtooth of full and starved.
 */
export class ThresholdMode {
  private dynamic = false;
  private idle = false;
  private since = Number.NEGATIVE_INFINITY;

  constructor(private readonly holdSeconds: number) {}

  /** Note the server's idle slots now; true while it uses the dynamic threshold. */
  update(idleSlots: number, now: number): boolean {
    const idle = idleSlots > 1;
    if (idle !== this.idle || this.since === Number.NEGATIVE_INFINITY) {
      this.idle = idle;
      this.since = now;
    }
    if (now - this.since >= this.holdSeconds) this.dynamic = idle;
    return this.dynamic;
  }
}
