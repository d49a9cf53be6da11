import { describe, expect, it } from 'vitest';
import {
  addSchedulerCard,
  findDescription,
  knowRecordedCards,
  optionLabel,
  readsAsRecorded,
  RecordedSchedulerSpecSchema,
  schedulerConcurrency,
  schedulerLabel,
  SchedulerSpecSchema,
  type AddedCard,
  type SchedulerSpec,
} from '@shared/schedulers';
import { schedulerSettingsText } from '@shared/experiment/settingsText';
import { PluginRefSchema } from '@shared/experiment/experiment';

/** The card a result recorded of a scheduler file that this process never loaded (runner/pluginRefs.ts writes it). */
const card = (title: string): AddedCard => ({
  kind: 'gone-file',
  title,
  options: {
    type: 'object',
    properties: {
      kind: { type: 'string', const: 'gone-file' },
      label: { type: 'string' },
      mapSlots: { type: 'integer', minimum: 0 },
      reduceSlots: { type: 'integer', minimum: 0 },
      slotMemoryMb: { type: 'number', default: 200 },
      depth: { type: 'integer', minimum: 1, default: 3 },
    },
    required: ['kind'],
    additionalProperties: false,
  },
  labels: { mapSlots: 'Map slots per node', reduceSlots: 'Reduce slots per node', slotMemoryMb: 'Slot memory (MB)', depth: 'Look-ahead depth' },
  capacity: 'slots',
  labelOptions: ['depth'],
});

describe('the card a result recorded of a scheduler file not loaded here', () => {
  const spec = RecordedSchedulerSpecSchema.parse({ kind: 'gone-file', mapSlots: 2, reduceSlots: 1, depth: 5 }) as SchedulerSpec;

  it('goes by its kind and option keys until a result brings its card', () => {
    expect(schedulerLabel(spec)).toBe('gone-file');
    expect(schedulerSettingsText(spec)).toBe('gone-file: mapSlots 2 · reduceSlots 1 · depth 5');
    expect(readsAsRecorded(spec)).toBe(false);
  });

  it("names its runs, settings and what it could run at once in the card's words, and never makes the kind runnable", () => {
    knowRecordedCards([{ card: card('Gone, but named') }]);
    expect(schedulerLabel(spec)).toBe('Gone, but named (look-ahead depth: 5)');
    expect(optionLabel('gone-file', 'depth')).toBe('Look-ahead depth');
    expect(schedulerSettingsText(spec)).toBe('Gone, but named: Map slots per node 2 · Reduce slots per node 1 · Look-ahead depth 5');
    expect(readsAsRecorded(spec)).toBe(true);
    expect(
      schedulerConcurrency(spec, [
        { cores: 8, memoryMb: 32768 },
        { cores: 8, memoryMb: 32768 },
      ]).text,
    ).toBe('4 map + 2 reduce slots');
    // A card that only names: a design cannot run it, nor does the designer offer it.
    expect(SchedulerSpecSchema.safeParse({ kind: 'gone-file' }).success).toBe(false);
    expect(findDescription('gone-file')).toBeUndefined();
    // A card the recorded one does not describe is not read by it.
    expect(readsAsRecorded({ kind: 'gone-file', depth: 0 } as { kind: string })).toBe(false);
    // The latest result read names it; a built-in's kind is never renamed by a card.
    knowRecordedCards([{ card: card('Renamed since') }, { card: { ...card('Not FIFO'), kind: 'fifo' } }]);
    expect(schedulerLabel(spec)).toBe('Renamed since (look-ahead depth: 5)');
    expect(schedulerLabel(SchedulerSpecSchema.parse({ kind: 'fifo' }))).toBe('FIFO');
  });

  it('gives way to the file once it is loaded, and is part of what a result lists of its files', () => {
    addSchedulerCard({ ...card('Loaded now'), labelOptions: [] });
    expect(schedulerLabel(spec)).toBe('Loaded now');
    expect(readsAsRecorded(spec)).toBe(false);
    expect(PluginRefSchema.parse({ file: 'gone.scheduler.js', card: card('x') }).card?.title).toBe('x');
    expect(PluginRefSchema.safeParse({ file: 'gone.scheduler.js', card: { ...card('x'), kind: 'Not A Kind' } }).success).toBe(false);
  });
});
