import { afterEach, describe, expect, it } from 'vitest';
import { batchStamp, endsWithStamp } from '@shared/experiment/batchStamp';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("a batch name's time", () => {
  it("reads the studio's own clock, to the minute, as the history shows times, not UTC", () => {
    // A studio in India: 09:05 UTC is 14:35 there, which is what its history and its user read.
    process.env.TZ = 'Asia/Kolkata';
    expect(batchStamp(new Date(Date.UTC(2026, 11, 3, 9, 5, 59)))).toBe('2026-12-03 14:35');
    process.env.TZ = 'UTC';
    expect(batchStamp(new Date(Date.UTC(2026, 11, 3, 9, 5, 59)))).toBe('2026-12-03 09:05');
  });

  it('is found at the end of a name, also with the "(2)" the store adds to a second name alike', () => {
    process.env.TZ = 'UTC';
    const at = new Date(Date.UTC(2026, 11, 3, 14, 35));
    expect(endsWithStamp('PUMA — reduced — 2026-12-03 14:35', at)).toBe(true);
    expect(endsWithStamp('PUMA — reduced — 2026-12-03 14:35 (2)', at)).toBe(true);
    expect(endsWithStamp('PUMA — reduced — 2026-12-03 14:36', at)).toBe(false);
    expect(endsWithStamp('renamed by hand', at)).toBe(false);
  });
});
