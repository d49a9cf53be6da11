/**
 * A number as people type it: an optional sign, digits with an optional point, an optional
 * exponent ("12", "-0.5", ".5", "2e6"). JavaScript's Number() also reads "0x10" (16), "0b11",
 * "Infinity" and a blank as numbers; a cell holding one of those is a typo, and the field's check
 * should name it instead of a silent 16 or 0.
 */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The number `text` spells in decimal, or NaN when it spells none. */
export function readDecimal(text: string): number {
  const t = text.trim();
  return DECIMAL.test(t) ? Number(t) : NaN;
}

/** A typed value as a design keeps it: its number when it reads as one, else the text, so the check names the field. */
export function numberOrText(text: string): number | string {
  const n = readDecimal(text);
  return Number.isNaN(n) ? text : n;
}
