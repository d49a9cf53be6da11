import { findNodeAtLocation, parse, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { TraceProblem } from '../workload/imports';
import type { FieldProblem } from '../api/validation';
import { encodingProblem, withoutBom } from './textEncoding';
import { jsonSyntaxInWords } from './jsonSyntaxWords';

/** Where a JSON text first goes wrong, when the engine's message does not say (Node 20 often does not). */
function firstSyntaxError(text: string): { offset: number; what: string } | undefined {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors[0] ? { offset: errors[0].offset, what: printParseErrorCode(errors[0].error) } : undefined;
}

export const MAX_NESTING = 200;

/** How deeply brackets nest outside strings, counted until it passes `limit` (a linear scan). */
export function nestingDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

/** JSON.parse with an error that says where: line and column instead of a byte offset. */
export function parseJsonText(raw: string, what: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const encoding = encodingProblem(raw);
  if (encoding) return { ok: false, message: `${what}: ${encoding}` };
  const text = withoutBom(raw);
  // Nothing the studio writes nests past a few dozen levels; the readers that locate problems by
  // line walk the tree recursively, so a deeper file is refused before any of them sees it.
  const depth = nestingDepth(text, MAX_NESTING);
  if (depth > MAX_NESTING) return { ok: false, message: `${what} nests lists and objects more than ${MAX_NESTING} levels deep; no studio file does` };
  if (text.trim() === '') return { ok: false, message: `${what} is empty` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    // V8 quotes the first bytes of the text ("root:*:190"... is not valid JSON): a file the user
    // named by mistake (a key, a password file) is never echoed back, only where it went wrong.
    const message = (err as Error).message.replace(/,? "[^]*?"(\.\.\.)? is not valid JSON$/, '').replace(/ is not valid JSON$/, '');
    const at = /position (\d+)/.exec(message);
    // A truncated file fails at its end, which the engine does not say as a position.
    const located = at ? undefined : firstSyntaxError(text);
    const offset = at ? Number(at[1]) : /end of JSON/i.test(message) ? text.length : (located?.offset ?? -1);
    const engineWords = message.replace(/ (in JSON )?at position \d+.*$/, '');
    if (offset < 0) return { ok: false, message: `${what} is not valid JSON: ${jsonSyntaxInWords(engineWords, false)}` };
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    const atEnd = offset >= text.trimEnd().length;
    return { ok: false, message: `${what} is not valid JSON at line ${line}, column ${column}: ${jsonSyntaxInWords(engineWords, atEnd)}` };
  }
}

/** A syntax error from parseJsonText as a problem at its line. */
export function syntaxProblem(message: string): TraceProblem {
  const line = /at line (\d+)/.exec(message);
  return { line: line ? Number(line[1]) : 0, field: '', message };
}

/** Offsets where each line after the first starts: found once, so a file with many problems is not rescanned per problem. */
function lineStarts(text: string): number[] {
  const starts: number[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line of a dotted field in the JSON text (its nearest parent that exists when the field is missing); 0 when unknown. */
function lineOf(starts: number[], root: Node | undefined, field: string): number {
  if (!root) return 0;
  const path = field === '' ? [] : field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  for (let n = path.length; n >= 0; n--) {
    // A property's value node: its key sits on the same line in any sane layout.
    const node = findNodeAtLocation(root, path.slice(0, n));
    if (!node) continue;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= node.offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  }
  return 0;
}

/** Field problems of a JSON text, each with the line its field is on. */
export function withLines(text: string, problems: FieldProblem[]): TraceProblem[] {
  const root = parseTree(text);
  const starts = lineStarts(text);
  return problems.map((p) => ({ ...p, line: lineOf(starts, root, p.field) }));
}
