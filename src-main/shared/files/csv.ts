import { withoutControlCharacters } from './controlCharacters';

/**
 * A cell as RFC 4180 wants it: quoted when it holds a comma, quote or line break; empty for null.
 * Text that a spreadsheet would run as a formula — starting with = + - @, a tab or a carriage
 * return (OWASP "CSV injection") — gets a leading apostrophe: job ids, names and labels come from
 * files people share. Numbers stay numbers (a negative value is data, not a formula).
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  // NUL and bidirectional overrides never reach a spreadsheet: they hide or reorder what it shows.
  const text = withoutControlCharacters(Array.isArray(value) ? value.join(' ') : String(value));
  const safe = typeof value !== 'number' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** A number written as text ("-3", "+1.5e3"): kept as it is. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Rows of records as CSV with a header line, CRLF line ends (RFC 4180). */
export function toCsv<T extends Record<string, unknown>>(columns: readonly (keyof T & string)[], rows: readonly T[]): string {
  return `${[columns.map(csvCell).join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\r\n')}\r\n`;
}
