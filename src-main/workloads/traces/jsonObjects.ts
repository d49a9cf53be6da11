/**
 * Split text holding one JSON value, an array, or several objects back to back (SLS and Rumen
 * files) into objects with the line each starts on. `//` and `/* *\/` comments outside strings
 * are ignored, as SLS samples carry them.
 */
export function splitJsonObjects(text: string): { value: unknown; line: number }[] | { error: string; line: number } {
  const out: { value: unknown; line: number }[] = [];
  let depth = 0;
  let start = -1;
  let startLine = 1;
  let line = 1;
  let inString = false;
  let clean = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    if (inString) {
      clean += ch;
      if (ch === '\\') {
        clean += text[++i] ?? '';
      } else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      i--;
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return { error: 'unterminated comment', line };
      for (let k = i; k < end; k++) if (text[k] === '\n') line++;
      i = end + 1;
      continue;
    }
    if (ch === '"') inString = true;
    if (ch === '{') {
      if (depth === 0) {
        start = clean.length;
        startLine = line;
      }
      depth++;
    }
    clean += ch;
    if (ch === '}') {
      depth--;
      if (depth < 0) return { error: 'unexpected "}"', line };
      if (depth === 0) {
        const body = clean.slice(start);
        try {
          out.push({ value: JSON.parse(body), line: startLine });
        } catch (err) {
          return { error: `not valid JSON: ${(err as Error).message}`, line: startLine };
        }
      }
    }
  }
  if (inString) return { error: 'unterminated string', line };
  if (depth !== 0) return { error: 'the file ends inside an object (truncated?)', line };
  return out;
}
