/**
 * Splits JSON text holding one object, an array of objects, or objects back to back (SLS and Rumen
 * files) into top-level objects with the line each starts on, fed in chunks so large files are
 * never held whole. `//` and `/* *\/` comments outside strings are skipped, as SLS samples carry
 * them. A state machine over characters, so a chunk may end anywhere (inside a string, a comment
 * or between the two characters of `//`).
 */
export class JsonObjectStream {
  private line = 1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private comment: 'none' | 'line' | 'block' = 'none';
  private slash = false;
  private star = false;
  private body = '';
  private bodyLine = 1;
  private failed?: { error: string; line: number };

  constructor(private readonly onObject: (value: unknown, line: number) => void) {}

  /** The first structural error, after which the rest of the input is ignored. */
  get error(): { error: string; line: number } | undefined {
    return this.failed;
  }

  push(chunk: string): void {
    // `from` starts the run of object text not yet copied into `body`; comments are cut out of it.
    let from = 0;
    for (let i = 0; i < chunk.length && !this.failed; i++) {
      const ch = chunk[i];
      if (this.comment !== 'none') {
        if (ch === '\n') this.line++;
        const closes = this.comment === 'line' ? ch === '\n' : this.star && ch === '/';
        this.star = ch === '*';
        if (closes) {
          this.comment = 'none';
          from = i + 1;
        }
        continue;
      }
      if (ch === '\n') this.line++;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (ch === '\\') this.escaped = true;
        else if (ch === '"') this.inString = false;
        continue;
      }
      if (this.slash) {
        this.slash = false;
        if (ch === '/' || ch === '*') {
          this.comment = ch === '/' ? 'line' : 'block';
          this.star = false;
          continue;
        }
        if (this.depth === 0) {
          this.fail('unexpected "/" outside an object');
          continue;
        }
        this.body += '/';
        from = i;
      }
      if (ch === '/') {
        if (this.depth > 0) this.body += chunk.slice(from, i);
        this.slash = true;
        from = i + 1;
        continue;
      }
      if (ch === '"') {
        if (this.depth === 0) this.fail('unexpected text outside an object');
        this.inString = true;
      } else if (ch === '{') {
        if (this.depth === 0) {
          from = i;
          this.body = '';
          this.bodyLine = this.line;
        }
        this.depth++;
      } else if (ch === '}') {
        if (this.depth === 0) {
          this.fail('unexpected "}"');
          continue;
        }
        this.depth--;
        if (this.depth === 0) {
          this.body += chunk.slice(from, i + 1);
          from = i + 1;
          this.emit();
        }
      } else if (this.depth === 0 && ch !== '[' && ch !== ']' && ch !== ',' && ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t') {
        this.fail(`unexpected ${JSON.stringify(ch)} outside an object`);
      }
    }
    if (this.depth > 0 && this.comment === 'none' && !this.slash && !this.failed) this.body += chunk.slice(from);
  }

  end(): void {
    if (this.failed) return;
    if (this.comment === 'block') this.fail('unterminated comment');
    else if (this.inString) this.fail('the file ends inside a string (truncated?)');
    else if (this.depth !== 0) this.fail('the file ends inside an object (truncated?)');
  }

  private emit(): void {
    let value: unknown;
    try {
      value = JSON.parse(this.body);
    } catch (err) {
      this.failAt(`not valid JSON: ${(err as Error).message}`, this.bodyLine);
      return;
    }
    this.body = '';
    this.onObject(value, this.bodyLine);
  }

  private fail(error: string): void {
    this.failAt(error, this.line);
  }

  private failAt(error: string, line: number): void {
    if (!this.failed) this.failed = { error, line };
  }
}
