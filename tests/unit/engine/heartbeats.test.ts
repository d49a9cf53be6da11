import { describe, expect, it } from 'vitest';
import { HeartbeatRounds } from '../../../src-main/engine/core/heartbeatRounds';

/** The nodes of `rounds` whole rounds, one array per round, with the time of each beat. */
function walk(beats: HeartbeatRounds, nodes: number, rounds: number) {
  const out: { node: number; time: number }[][] = [];
  for (let r = 0; r < rounds; r++) {
    const round: { node: number; time: number }[] = [];
    for (let i = 0; i < nodes; i++) {
      const time = beats.nextTime;
      round.push({ node: beats.take(), time });
    }
    out.push(round);
  }
  return out;
}

describe('regular heartbeats', () => {
  it('every node beats exactly once a round, the beats evenly staggered over the interval', () => {
    const rounds = walk(new HeartbeatRounds(4, 3, 'shuffled', 7), 4, 50);
    rounds.forEach((round, r) => {
      expect([...round.map((b) => b.node)].sort()).toEqual([0, 1, 2, 3]);
      expect(round.map((b) => b.time)).toEqual([0, 0.75, 1.5, 2.25].map((t) => t + 3 * r));
    });
  });

  it('shuffled: the first node to report changes from round to round, so no node is always first', () => {
    const rounds = walk(new HeartbeatRounds(8, 3, 'shuffled', 1), 8, 200);
    const firsts = new Set(rounds.map((round) => round[0].node));
    expect(firsts.size).toBe(8);
    // Adjacent turns are not tied to node parity: node 0 reports next to an odd and an even node.
    const nextToZero = new Set<number>();
    for (const round of rounds) {
      const i = round.findIndex((b) => b.node === 0);
      if (i + 1 < round.length) nextToZero.add(round[i + 1].node % 2);
    }
    expect([...nextToZero].sort()).toEqual([0, 1]);
  });

  it('fixed: node 0, 1, …, N−1 in every round', () => {
    const rounds = walk(new HeartbeatRounds(3, 1, 'fixed', 1), 3, 5);
    for (const round of rounds) expect(round.map((b) => b.node)).toEqual([0, 1, 2]);
  });

  it('the same seed gives the same order; another seed another one', () => {
    const order = (seed: number) =>
      walk(new HeartbeatRounds(6, 1, 'shuffled', seed), 6, 20)
        .flat()
        .map((b) => b.node);
    expect(order(5)).toEqual(order(5));
    expect(order(5)).not.toEqual(order(6));
  });

  it('skipping an idle stretch resumes at the first beat due at or after it, never going back', () => {
    const beats = new HeartbeatRounds(4, 2, 'fixed', 1);
    beats.skipTo(5.1); // round 2 starts at 4; its beats are at 4, 4.5, 5, 5.5
    expect(beats.nextTime).toBe(5.5);
    expect(beats.take()).toBe(3);
    beats.skipTo(1); // already past
    expect(beats.nextTime).toBe(6);
  });
});

describe('round orders independent of skipped rounds (issue 29 item 4)', () => {
  it('gives a round the same order whether or not the rounds before it were walked', () => {
    const N = 6;
    const walked = walk(new HeartbeatRounds(N, 2, 'shuffled', 9), N, 12);
    const skipping = new HeartbeatRounds(N, 2, 'shuffled', 9);
    skipping.skipTo(7 * 2); // straight to round 7
    expect(walk(skipping, N, 5)).toEqual(walked.slice(7));
  });
});

describe('round orders unrelated to each other', () => {
  it('a node keeps its turn from one round to the next no more often than chance (1 node a round)', () => {
    for (const N of [4, 8, 30]) {
      const beats = new HeartbeatRounds(N, 1, 'shuffled', 2);
      let previous: number[] = [];
      let kept = 0;
      let lastKept = 0;
      const R = 20_000;
      for (let r = 0; r < R; r++) {
        const round = Array.from({ length: N }, () => beats.take());
        if (r) {
          for (let i = 0; i < N; i++) if (round[i] === previous[i]) kept++;
          if (round[N - 1] === previous[N - 1]) lastKept++;
        }
        previous = round;
      }
      // Rounds drawn from consecutive substreams once never gave the last turn to the same node twice.
      expect(kept / R).toBeGreaterThan(0.9);
      expect(kept / R).toBeLessThan(1.1);
      expect((lastKept / R) * N).toBeGreaterThan(0.85);
      expect((lastKept / R) * N).toBeLessThan(1.15);
    }
  });
});
