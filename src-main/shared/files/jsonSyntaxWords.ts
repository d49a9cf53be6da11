/**
 * The JavaScript engine's JSON syntax messages, put in words a person who edited a file by hand
 * reads. The engine's own wording ("Expected ',' or '}' after property value") names parser states;
 * a message this table does not know is passed on as the engine gave it.
 */
const WORDS: readonly { engine: RegExp; words: (atEnd: boolean, token: string) => string }[] = [
  { engine: /^Unexpected end of JSON input$/, words: () => 'the file ends before its last value is closed' },
  {
    engine: /^Expected ',' or '}' after property value$/,
    words: (atEnd) =>
      atEnd ? 'the file ends before its last object is closed (a } is missing)' : 'a comma or a } is missing after the value before this point',
  },
  {
    engine: /^Expected ',' or ']' after array element$/,
    words: (atEnd) => (atEnd ? 'the file ends before its last list is closed (a ] is missing)' : 'a comma or a ] is missing after the entry before this point'),
  },
  { engine: /^Expected double-quoted property name$/, words: () => 'a name in double quotes is expected here (JSON allows no comma before a closing })' },
  { engine: /^Expected property name or '}'$/, words: () => 'a name in double quotes, or a }, is expected here (JSON names take double quotes)' },
  { engine: /^Expected ':' after property name$/, words: () => 'a : is missing after the name before this point' },
  { engine: /^Unterminated string$/, words: () => 'a text value is not closed by a double quote' },
  { engine: /^Unexpected non-whitespace character after JSON$/, words: () => 'more follows after the file’s value is complete (an extra } or ]?)' },
  { engine: /^Unexpected number$/, words: () => 'a number is not expected here (JSON numbers have no leading zeros)' },
  { engine: /^Bad control character in string literal$/, words: () => 'a text value holds a line break or tab, which JSON writes as \\n or \\t' },
  { engine: /^Bad escaped character$/, words: () => 'a text value holds a backslash JSON does not know (write \\\\ for one backslash)' },
  { engine: /^Unexpected token '(.+)'$/, words: (_, token) => `“${token}” is not expected here` },
];

/**
 * `message` is the engine's, with its position already cut off; `atEnd` says the problem is at
 * the text's last character (a cut file), where "a } is missing" is the whole story.
 */
export function jsonSyntaxInWords(message: string, atEnd: boolean): string {
  for (const w of WORDS) {
    const m = w.engine.exec(message);
    if (m) return w.words(atEnd, m.at(1) ?? '');
  }
  return message;
}
