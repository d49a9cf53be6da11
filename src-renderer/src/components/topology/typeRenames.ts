/**
 * Renaming a server or VM type's id takes its servers (or VMs) along. An id typed to one another
 * type already has must not take them into that type: the ids alone could then no longer tell
 * whose servers are whose, and typing on ("gen1" on the way to "gen10") would carry both types'
 * servers off. So while a type's id collides, its servers keep the last id that was its own,
 * remembered here, and follow the type again once its id is unique. Until then the draft shows the
 * duplicate id and the servers' unknown type, so it cannot be saved half-renamed.
 */
export class TypeRenames {
  /** Type index → the id its servers still refer to while the type's own id collides. */
  private readonly held = new Map<number, string>();

  /** Type i's id becomes `value`; its references in `refs` follow it when they can. Call before writing the id. */
  rename(types: readonly { id: string }[], i: number, value: string, refs: Iterable<{ type: string }>): void {
    const old = types[i].id;
    const colliding = types.some((t, j) => j !== i && t.id === old);
    const own = (colliding ? this.held.get(i) : undefined) ?? old;
    const taken = types.some((t, j) => j !== i && t.id === value) || [...this.held].some(([j, id]) => j !== i && id === value);
    if (taken) {
      this.held.set(i, own);
      return;
    }
    this.held.delete(i);
    for (const r of refs) if (r.type === own) r.type = value;
  }

  /** Types were added or removed: the indices remembered no longer say which type is which. */
  forget(): void {
    this.held.clear();
  }
}
