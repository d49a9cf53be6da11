import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** Where a JSON text first goes wrong, when the engine's message does not say (Node 20 often does not). */
function firstSyntaxError(text: string): { offset: number; what: string } | undefined {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors[0] ? { offset: errors[0].offset, what: printParseErrorCode(errors[0].error) } : undefined;
}

/** JSON.parse with an error that says where: line and column instead of a byte offset. */
export function parseJsonText(text: string, what: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    // A truncated file fails at its end, which the engine does not say as a position.
    const located = at ? undefined : firstSyntaxError(text);
    const offset = at ? Number(at[1]) : /end of JSON/i.test(message) ? text.length : (located?.offset ?? -1);
    if (offset < 0) return { ok: false, message: `${what} is not valid JSON: ${message}` };
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return { ok: false, message: `${what} is not valid JSON at line ${line}, column ${column}: ${message.replace(/ in JSON at position \d+.*$/, '').replace(/ JSON input$/, ' of the file')}` };
  }
}
