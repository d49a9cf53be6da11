/**
 * When a batch started, as the end of its name reads ("Sort against Fair — 2026-12-03 11:30"): the
 * clock of the studio that started it, as the history shows its times, so the two never disagree.
 */
export function batchStamp(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

/**
 * The start a batch's name ends with ("… — 2026-03-02 14:05"), with the " (2)" the store adds to a
 * second entry started the same minute under the same name: the time and any number, as group 1.
 */
export const STAMP_AT_END = / — (\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?: \(\d+\))?)$/;

/** Whether a batch's name ends with when it started (STAMP_AT_END): a line showing it need not say it again. */
export function endsWithStamp(name: string, at: Date): boolean {
  const found = STAMP_AT_END.exec(name)?.[1];
  return found !== undefined && found.startsWith(batchStamp(at));
}
