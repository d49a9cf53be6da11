import { describe, expect, it } from 'vitest';
import { nearestScoredBeat, scoredBeatLabel, scoredBeats, scoresText, scoreText } from '@shared/results/whyNotScores';
import { whyNotText, type WhyNotAnswer } from '@shared/results/whyNot';

const table = (first: string) => ({
  criteria: ['submitted at (s)', 'waiting (of its kind)'],
  rows: [
    { candidate: 'its next map', job: first, values: [127.25, 106] },
    { candidate: 'its next map', job: 'g12', task: 'm4', values: [147.2, Number.NaN] },
  ],
});
const answer: WhyNotAnswer = {
  job: 'g12',
  run: 'FIFO',
  seed: 1,
  at: 200,
  window: [197, 203],
  stoppedAt: 203,
  jobSpan: { submitAt: 147.2, finishedAt: null },
  nodes: [
    { node: 'old-1', beats: [{ time: 198.5, reasons: [{ kind: 'notChosen' }], scores: table('g7') }] },
    { node: 'new-4', beats: [{ time: 199.98, reasons: [{ kind: 'notChosen' }], scores: table('g8') }] },
  ],
};

describe("the why panel's scores", () => {
  it('read as numbers, and a value that is none (a limit not set, null over JSON) as a dash', () => {
    expect(scoreText(123392)).toBe('123,392');
    expect(scoreText(0.2561)).toBe('0.256');
    expect(scoreText(2345.678)).toBe('2345.7');
    expect(scoreText(null)).toBe('—');
    expect(scoreText(Number.NaN)).toBe('—');
    expect(scoreText(JSON.parse(JSON.stringify([Number.POSITIVE_INFINITY]))[0] as null)).toBe('—');
  });

  it('show first, in the app and on the command line, the heartbeat nearest the moment asked about', () => {
    expect(nearestScoredBeat(answer)?.key).toBe('new-4@199.98');
    // The menu counts each heartbeat's candidates in words.
    const [first] = scoredBeats(answer);
    expect(scoredBeatLabel(first)).toBe('old-1 at 198.50 s (2 candidates)');
    expect(scoredBeatLabel({ ...first, scores: { ...first.scores, rows: first.scores.rows.slice(0, 1) } })).toBe('old-1 at 198.50 s (1 candidate)');
    expect(scoresText(answer)).toBe(
      [
        'What the scheduler weighed at new-4, 199.98 s (the heartbeat nearest 200 s; 1 more in --json):',
        '  (1) submitted at (s) · (2) waiting (of its kind)',
        '                           (1)  (2)',
        '  its next map — g8      127.3  106',
        '  its next map — g12 m4  147.2    —',
      ].join('\n'),
    );
    // `workload-studio why` prints it below the heartbeats; an answer without a table prints none.
    expect(whyNotText(answer).endsWith(`${scoresText(answer)}\n`)).toBe(true);
    const plain: WhyNotAnswer = { ...answer, nodes: answer.nodes.map((n) => ({ ...n, beats: n.beats.map(({ scores: _, ...b }) => b) })) };
    expect(scoresText(plain)).toBe('');
    expect(whyNotText(plain)).not.toContain('weighed');
  });
});
