import { describe, expect, it } from 'vitest';
import { shortLabelParts, shortLabels } from '@shared/results/shortLabels';

describe('short column names of a comparison across history', () => {
  it('keeps the configuration, and of its source only the words that tell it from the same configuration elsewhere', () => {
    expect(shortLabels(['fair (delay) — March — 2026-11-28 09:10', 'fair (delay) — April — 2026-11-28 09:10', 'fifo — March — 2026-11-28 09:10'])).toEqual([
      'fair (delay) · March',
      'fair (delay) · April',
      'fifo',
    ]);
    // One design run twice: the date is what differs; a scheduler of another entry needs nothing more.
    expect(
      shortLabels([
        'prism — PUMA batch — 2026-11-27 10:00',
        'prism — PUMA batch — 2026-11-28 10:00',
        'fifo — PUMA batch — 2026-11-27 10:00',
        'fifo — PUMA batch — 2026-11-28 10:00',
        'drf — Quick look — 2026-11-28 11:00',
      ]),
    ).toEqual(['prism · 2026-11-27', 'prism · 2026-11-28', 'fifo · 2026-11-27', 'fifo · 2026-11-28', 'drf']);
  });

  it('gives every entry its source when one name would otherwise stand alone beside a name with one', () => {
    // A batch run again gets "(2)" after its name: "ILA" beside "ILA · (2)" would not say where the first came from.
    expect(shortLabels(['ILA — Sample — 2026-12-03 14:35', 'ILA — Sample — 2026-12-03 14:35 (2)', 'PRISM — Sample — 2026-12-03 14:35'])).toEqual([
      'ILA · 14:35',
      'ILA · 14:35 (2)',
      'PRISM',
    ]);
    expect(shortLabels(['fifo — March run', 'fifo — March extra run'])).toEqual(['fifo · March', 'fifo · March extra']);
  });

  it('leaves names alone when there is no source, or when short names would read alike', () => {
    expect(shortLabels(['fifo', 'fair (delay)'])).toEqual(['fifo', 'fair (delay)']);
    expect(shortLabels(['fifo — March', 'fifo — March'])).toEqual(['fifo — March', 'fifo — March']);
    expect(shortLabels(['fifo — March', 'fair (delay) — March'])).toEqual(['fifo', 'fair (delay)']);
  });

  it('gives each short name in its two parts, where a header may break, and a whole name as its own part', () => {
    // A sweep's own name holds " · " itself: the parts keep it whole, where splitting the text would not.
    expect(
      shortLabelParts([
        'FIFO · Map slots / node = 2 — Weekly — 2026-11-25 09:10',
        'FIFO · Map slots / node = 2 — Weekly — 2026-12-02 09:10',
        'drf — Quick look',
      ]),
    ).toEqual([{ own: 'FIFO · Map slots / node = 2', source: '2026-11-25' }, { own: 'FIFO · Map slots / node = 2', source: '2026-12-02' }, { own: 'drf' }]);
    expect(shortLabelParts(['fifo — March', 'fifo — March'])).toEqual([{ own: 'fifo — March' }, { own: 'fifo — March' }]);
  });
});
