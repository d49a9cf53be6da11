/**
 * `JSON.stringify(value, null, 2)` as a sequence of chunks of about `chunkChars` characters, for
 * documents larger than one JavaScript string may be (about 512 MB in V8: a result file of a
 * million jobs over six runs). The text, joined, is byte for byte the one JSON.stringify gives for
 * plain data (objects, arrays, strings, numbers, booleans, null; undefined properties left out).
 */
export function* prettyJsonChunks(value: unknown, chunkChars = 1 << 20): Generator<string> {
  let buffer = '';
  function* flushIfFull(): Generator<string> {
    if (buffer.length >= chunkChars) {
      yield buffer;
      buffer = '';
    }
  }
  function* write(v: unknown, indent: string): Generator<string> {
    if (Array.isArray(v)) {
      if (v.length === 0) {
        buffer += '[]';
        return;
      }
      const inner = `${indent}  `;
      buffer += '[';
      for (let i = 0; i < v.length; i++) {
        buffer += `${i ? ',' : ''}\n${inner}`;
        const item: unknown = v[i];
        // In arrays, what JSON cannot hold becomes null (as JSON.stringify does).
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') buffer += 'null';
        else yield* write(item, inner);
        yield* flushIfFull();
      }
      buffer += `\n${indent}]`;
      return;
    }
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function') {
      const entries = Object.entries(v).filter(([, x]) => x !== undefined && typeof x !== 'function' && typeof x !== 'symbol');
      if (entries.length === 0) {
        buffer += '{}';
        return;
      }
      const inner = `${indent}  `;
      buffer += '{';
      for (let i = 0; i < entries.length; i++) {
        const [k, x] = entries[i];
        buffer += `${i ? ',' : ''}\n${inner}${JSON.stringify(k)}: `;
        yield* write(x, inner);
        yield* flushIfFull();
      }
      buffer += `\n${indent}}`;
      return;
    }
    // Leaves (and objects with toJSON) as JSON.stringify writes them, nested lines indented.
    const text = JSON.stringify(v, null, 2);
    buffer += indent && text.includes('\n') ? text.replace(/\n/g, `\n${indent}`) : text;
  }
  yield* write(value, '');
  if (buffer) yield buffer;
}
