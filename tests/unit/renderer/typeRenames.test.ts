import { describe, expect, it } from 'vitest';
import { TypeRenames } from '../../../src-renderer/src/components/topology/typeRenames';

/** Two server types with five servers each, as the sample cluster has them. */
function cluster() {
  const types = [{ id: 'gen1' }, { id: 'gen2' }];
  const hosts = [...Array.from({ length: 5 }, () => ({ type: 'gen1' })), ...Array.from({ length: 5 }, () => ({ type: 'gen2' }))];
  return { types, hosts, count: (id: string) => hosts.filter((h) => h.type === id).length };
}

/** Type index `at`'s id typed key by key through `values`, as the editor applies each: the renames first, then the id. */
function typeThrough(c: ReturnType<typeof cluster>, renames: TypeRenames, at: number, values: readonly string[], each?: (value: string) => void) {
  for (const value of values) {
    renames.rename(c.types, at, value, c.hosts);
    c.types[at].id = value;
    each?.(value);
  }
}

describe("renaming a type's id", () => {
  it('takes its servers along', () => {
    const c = cluster();
    new TypeRenames().rename(c.types, 1, 'large', c.hosts);
    expect([c.count('gen1'), c.count('large'), c.count('gen2')]).toEqual([5, 5, 0]);
  });

  it("typed through another type's id on the way to a new one, leaves that type's servers where they are", () => {
    const c = cluster();
    // "gen2" → "gen1" (taken: the servers wait under their own id) → "gen10".
    typeThrough(c, new TypeRenames(), 1, ['gen1', 'gen10'], (value) => {
      if (value === 'gen1') expect([c.count('gen1'), c.count('gen2')]).toEqual([5, 5]);
    });
    expect([c.count('gen1'), c.count('gen10'), c.count('gen2')]).toEqual([5, 5, 0]);
  });

  it('and back to its own id, gives each type its own servers again', () => {
    const c = cluster();
    typeThrough(c, new TypeRenames(), 1, ['gen1', 'gen2']);
    expect([c.count('gen1'), c.count('gen2')]).toEqual([5, 5]);
  });

  it("does not hand a type's waiting servers to a third type renamed to the id they wait under", () => {
    const c = cluster();
    c.types.push({ id: 'gen3' });
    c.hosts.push({ type: 'gen3' });
    const renames = new TypeRenames();
    typeThrough(c, renames, 1, ['gen1']);
    typeThrough(c, renames, 2, ['gen2']);
    expect([c.count('gen2'), c.count('gen3')]).toEqual([5, 1]);
  });
});
