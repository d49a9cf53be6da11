/**
 * Node's warning for an ES module file whose package.json above it does not say `"type": "module"`.
 * It tells the file's author to edit that package.json: advice for package authors, in code's
 * words, printed to the terminal of someone who only ran a scheduler file (a `.js` file in ES
 * module syntax, as docs/plugins.md has it). The studio loads such a file as the module it is.
 */
export const TYPELESS_PACKAGE_WARNING = 'MODULE_TYPELESS_PACKAGE_JSON';

let importing = 0;
let emit: typeof process.emitWarning | undefined;

/** Import a scheduler file with that one warning left out; every other warning is shown as usual. */
export async function importQuietly(url: string): Promise<unknown> {
  if (importing++ === 0) {
    const original = process.emitWarning;
    emit = original;
    process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
      const options = rest[0];
      const code = typeof options === 'object' && options !== null ? (options as { code?: unknown }).code : rest[1];
      if (code === TYPELESS_PACKAGE_WARNING) return;
      return (original as (...a: unknown[]) => void).call(process, warning, ...rest);
    } as typeof process.emitWarning;
  }
  try {
    return await import(url);
  } finally {
    // Imports may overlap: the last one to end puts Node's own function back.
    if (--importing === 0 && emit) {
      process.emitWarning = emit;
      emit = undefined;
    }
  }
}
