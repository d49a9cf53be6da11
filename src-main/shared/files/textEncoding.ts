/** The byte-order mark some editors (Notepad, Excel) put before UTF-8 text. */
const BOM = '\uFEFF';

/** Text without a leading UTF-8 byte-order mark: a valid file, whose first character is not data. */
export function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** gzip's magic number: Rumen traces and large files often come compressed (job-trace.json.gz), and are unpacked, not refused. */
export const isGzip = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Magic numbers of binary files people pick by mistake, for a message that says what the file is. */
const KINDS: [RegExp, string][] = [
  [/^\uFFFDPNG/, 'a PNG image'],
  [/^\u007FELF/, 'a program (ELF)'],
  [/^PK\u0003\u0004/, 'a zip archive (or an Office document)'],
  [/^\u001F\uFFFD/, 'a gzip archive'],
  [/^%PDF-/, 'a PDF'],
  [/^\uFFFD\uFFFD\uFFFD\uFFFD/, 'an image or other binary file'],
  [/^GIF8/, 'a GIF image'],
  [/^SQLite format 3\u0000/, 'an SQLite database'],
];

/**
 * Whether text decoded as UTF-8 was really UTF-16 (as Windows tools often save it): its byte-order
 * mark decodes to two replacement characters, and its ASCII letters come with a NUL each, on every
 * other character — which a binary file's NULs are not. Says what to do, since the file is fine.
 */
export function utf16Problem(text: string): string | undefined {
  const head = text.slice(0, 256);
  if (head.startsWith('\uFFFD\uFFFD') && !/^\uFFFD{3}/.test(head) && alternatingNuls(head.slice(2))) return UTF16;
  if (head.startsWith('\u00FF\u00FE') || head.startsWith('\u00FE\u00FF')) return UTF16;
  if (head.length >= 8 && alternatingNuls(head)) return UTF16;
  return undefined;
}

/** Whether text decoded as UTF-8 came from a binary file (an image, a program, an archive), said with what it is when its first bytes tell. */
export function binaryProblem(text: string): string | undefined {
  const head = text.slice(0, 256);
  const kind = KINDS.find(([magic]) => magic.test(head))?.[1];
  const controls = [...head].filter((c) => c === '\u0000' || (c < ' ' && c !== '\t' && c !== '\n' && c !== '\r')).length;
  if (!kind && controls === 0) return undefined;
  return `the file is a binary file, not text: ${kind ? `it is ${kind}` : 'it holds bytes no text has (an image, a program or an archive?)'}; pick a file saved as text (UTF-8)`;
}

/** What keeps decoded text from being read at all: UTF-16, or a binary file. */
export const encodingProblem = (text: string): string | undefined => utf16Problem(text) ?? binaryProblem(text);

const UTF16 = 'the file is encoded as UTF-16; save it as UTF-8 (Save As → Encoding: UTF-8 in most editors) and open it again';

/** ASCII in UTF-16: a NUL on (nearly) every even or every odd character, and (nearly) none on the others. */
function alternatingNuls(s: string): boolean {
  if (s.length < 4) return false;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < s.length; i++) if (s[i] === '\u0000') i % 2 ? odd++ : even++;
  const half = s.length / 2;
  return (odd >= 0.8 * Math.floor(half) && even <= 0.1 * half) || (even >= 0.8 * Math.floor(half) && odd <= 0.1 * half);
}
