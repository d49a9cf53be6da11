import { describe, expect, it } from 'vitest';
import { EventHeap } from '../../../src-main/engine/core/eventHeap';
import { Random } from '../../../src-main/engine/core/random';

/**
 * The event heap moves and removes queued events in place (a re-rated host keeps one event). What
 * pops must be what the old way gave: pushing a fresh event for every change and skipping the
 * superseded ones when they pop. Checked against that reference on random sequences.
 */
describe('event heap: moving and removing queued events', () => {
  // A few subjects, and enough for a heap of up to 472 events (nine levels of a binary heap).
  it.each([
    { subjects: 30, steps: 400 },
    { subjects: 600, steps: 4000 },
  ])('pops in the order pushing anew and dropping superseded events gives ($subjects subjects)', ({ subjects, steps }) => {
    for (let seed = 1; seed <= 20; seed++) {
      const rng = new Random(seed, 'scheduler');
      const heap = new EventHeap(4);
      // The reference: every change is a new entry with a fresh sequence; an entry counts only if it is its subject's latest.
      const reference: { time: number; prio: number; seq: number; subject: number; version: number }[] = [];
      const latest = new Map<number, number>();
      const handle = new Map<number, { slot: number; gen: number }>();
      let seq = 0;
      let now = 0;
      const popped: string[] = [];
      const expected: string[] = [];
      const popOne = () => {
        // The heap's next event, and the reference's next live entry.
        heap.pop();
        popped.push(`${heap.topTime}/${heap.topSubject}/${heap.topVersion}`);
        now = heap.topTime;
        for (;;) {
          reference.sort((a, b) => a.time - b.time || a.prio - b.prio || a.seq - b.seq);
          const e = reference.shift()!;
          if (latest.get(e.subject) !== e.version) continue;
          latest.delete(e.subject);
          expected.push(`${e.time}/${e.subject}/${e.version}`);
          break;
        }
        handle.delete(heap.topSubject);
      };
      for (let step = 0; step < steps; step++) {
        const subject = rng.int(0, subjects);
        const time = now + rng.int(0, 20); // ties on purpose
        const prio = rng.int(0, 2);
        const r = rng.next();
        const h = handle.get(subject);
        const queued = h !== undefined && heap.holds(h.slot, h.gen);
        if (r < 0.15 && heap.size > 0) popOne();
        else if (r < 0.25 && queued) {
          heap.remove(h.slot);
          handle.delete(subject);
          latest.delete(subject);
        } else {
          const version = step;
          if (queued) heap.update(h.slot, time, prio, version);
          else {
            const slot = heap.push(time, prio, 0, subject, version);
            handle.set(subject, { slot, gen: heap.generation(slot) });
          }
          reference.push({ time, prio, seq: seq++, subject, version });
          latest.set(subject, version);
        }
      }
      while (heap.size > 0) popOne();
      expect(popped).toEqual(expected);
      expect(latest.size).toBe(0);
    }
  });

  it('does not confuse a popped event with a later one in the same slot', () => {
    const heap = new EventHeap(2);
    const a = heap.push(1, 0, 0, 7, 0);
    const gen = heap.generation(a);
    heap.pop();
    expect(heap.holds(a, gen)).toBe(false);
    const b = heap.push(2, 0, 0, 8, 0);
    expect(b).toBe(a); // the slot is reused
    expect(heap.holds(a, gen)).toBe(false);
    expect(heap.holds(b, heap.generation(b))).toBe(true);
  });
});
