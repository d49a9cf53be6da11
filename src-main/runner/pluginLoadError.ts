/**
 * Why a scheduler file did not load, said as its author would look for it. Node's message for a
 * syntax error in an imported module has no line (V8 keeps it out of the message and the stack), so
 * esbuild reads the text again to find where; a file that parses but threw is told as thrown by its
 * top level, at the line of the file the stack names.
 */
export async function pluginLoadProblem(file: string, full: string, text: string, err: unknown): Promise<string> {
  const message = err instanceof Error ? err.message : String(err);
  const language = /\.m?ts$/.test(full) ? 'TypeScript' : 'JavaScript';
  // esbuild compiling the file (TypeScript, or a file importing the studio's module) stopped: its first error, where it is.
  const built = firstBuildError(err);
  if (built) {
    const line = built.location?.line;
    const where = built.location ? ` at line ${built.location.line}, column ${built.location.column + 1}` : '';
    // The studio's own refusal (an import it does not allow) is not a syntax error.
    if (built.text.startsWith('imports "')) return `${file}${line === undefined ? '' : ` (line ${line})`}: ${built.text}`;
    return `${file}: not valid ${language}${where}: ${built.text}`;
  }
  // Whatever the loader made of a syntax error (Node: a SyntaxError without a line), esbuild reading the text again says where.
  const at = await syntaxLocation(language === 'TypeScript' ? 'ts' : 'js', text);
  if (at) return `${file}: not valid ${language} at line ${at.line}, column ${at.column}: ${at.text}`;
  if (err instanceof SyntaxError) return `${file}: not valid ${language}: ${message}`;
  // The file's own frame ("file:///…/x.scheduler.js?sha256=…:2:7"); a compiled file's lines are not the user's, so none is given.
  const stack = err instanceof Error ? (err.stack ?? '') : '';
  const frame = new RegExp(`${escapeRegExp(encodeURI(full))}(?:\\?[^:]*)?:(\\d+):\\d+`).exec(stack);
  return `${file}: its top level threw while loading${frame ? ` (line ${frame[1]})` : ''}: ${message}`;
}

type EsbuildMessage = { text: string; location?: { line: number; column: number } | null };

function firstBuildError(err: unknown): EsbuildMessage | undefined {
  const errors = (err as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 && typeof (errors[0] as EsbuildMessage).text === 'string' ? (errors[0] as EsbuildMessage) : undefined;
}

async function syntaxLocation(loader: 'ts' | 'js', text: string): Promise<{ line: number; column: number; text: string } | undefined> {
  const { transform } = await import('esbuild');
  try {
    await transform(text, { loader, format: 'esm', logLevel: 'silent' });
  } catch (e) {
    const first = firstBuildError(e);
    // esbuild counts columns from 0.
    if (first?.location) return { line: first.location.line, column: first.location.column + 1, text: first.text };
  }
  return undefined;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
