/**
 * ILA's refusals within one walk of a node's free slot. Alg. 1's answer for a task depends on the
 * server's monitors and placements, its threshold state and the task's demand (eq. 7) alone, and
 * a refusal changes none of them (H_d stays, and the threshold mode was already brought up to this
 * instant by the question before). So while nothing launches, a demand refused once on a node is
 * refused again: asking changes nothing, and not asking changes nothing either. Demands are
 * replaced, never changed, so one is known by its object.
 */
export class IasmRefusals<D extends object> {
  private version = -1;
  private node = -1;
  private now = Number.NaN;
  private readonly refused = new Set<D>();

  /** Whether demand d was refused on node n since the last change of the engine's state. */
  has(version: number, n: number, now: number, d: D): boolean {
    this.sync(version, n, now);
    return this.refused.has(d);
  }

  add(version: number, n: number, now: number, d: D): void {
    this.sync(version, n, now);
    this.refused.add(d);
  }

  private sync(version: number, n: number, now: number): void {
    if (version === this.version && n === this.node && now === this.now) return;
    this.version = version;
    this.node = n;
    this.now = now;
    if (this.refused.size > 0) this.refused.clear();
  }
}
