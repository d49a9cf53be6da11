/**
 * When a batch started, as the end of its name reads ("Sort against Fair — 2026-12-03 11:30"): the
 * clock of the studio that started it, as the history shows its times, so the two never disagree.
 */
export function batchStamp(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
}
