/** Where a command writes; tests pass buffers, the real CLI passes the process streams. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

export class CliUsageError extends Error {}

/** A number as toLocaleString('en-US') writes it. */
const GROUPED_NUMBER = /^-?\d{1,3}(,\d{3})*(\.\d+)?$/;

/** Plain fixed-width table for terminals; numbers right-aligned. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => cells.reduce((w, r) => Math.max(w, r[i].length), 0));
  // A column of numbers is right-aligned, also where a row has none ('—'), or none has (all '—'),
  // and where they are written with thousands separators ("5,894").
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number' || r[i] === '—' || GROUPED_NUMBER.test(String(r[i]))));
  return (
    cells
      .map((r) =>
        r
          .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}
