/**
 * When a batch started, as the end of its name reads ("Sort against Fair — 2026-12-03 11:30"): the
 * clock of the studio that started it, as the history shows its times, so the two never disagree.
 */
export function batchStamp(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** Whether a batch's name ends with when it started (and the " (2)" the store adds to a second name alike): a line showing it need not say it again. */
export function endsWithStamp(name: string, at: Date): boolean {
  const stamp = batchStamp(at);
  return name.endsWith(stamp) || new RegExp(` — ${stamp} \\(\\d+\\)$`).test(name);
}
