/**
 * A count typed in a number box, checked where the design cannot hold anything else (servers, VMs,
 * disks, seeds, points). `v-model.number` leaves '' in an emptied box and the text of one it cannot
 * read; the browser lets "-1" and "1.5" through: each is named, never rounded or clamped.
 */
export function isWholeIn(value: unknown, lo: number, hi: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= lo && value <= hi;
}

/** "must be a whole number from 0 to 2,147,483,647". */
export function mustBeWhole(lo: number, hi: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `must be a whole number from ${n(lo)} to ${n(hi)}`;
}

/** What is wrong with `value` as a whole number from `lo` to `hi`, or nothing when it is one. */
export function wholeNumberProblem(value: unknown, lo: number, hi: number): string | undefined {
  return isWholeIn(value, lo, hi) ? undefined : mustBeWhole(lo, hi);
}
