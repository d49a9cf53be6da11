/** The byte-order mark some editors (Notepad, Excel) put before UTF-8 text. */
const BOM = '\uFEFF';

/** Text without a leading UTF-8 byte-order mark: a valid file, whose first character is not data. */
export function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/**
 * Whether text decoded as UTF-8 was really UTF-16 (as Windows tools often save it): its byte-order
 * mark decodes to two replacement characters, and its ASCII letters come with a NUL each.
 * Says what to do, since the file itself is fine.
 */
export function utf16Problem(text: string): string | undefined {
  const head = text.slice(0, 256);
  const nuls = head.split('\u0000').length - 1;
  const utf16 = head.startsWith('\uFFFD\uFFFD') || head.startsWith('\u00FF\u00FE') || head.startsWith('\u00FE\u00FF') || (head.length >= 8 && nuls >= head.length / 4);
  return utf16 ? 'the file is encoded as UTF-16; save it as UTF-8 (Save As → Encoding: UTF-8 in most editors) and open it again' : undefined;
}
