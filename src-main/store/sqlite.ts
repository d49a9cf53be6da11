import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import initSqlJs, { type SqlJsStatic } from 'sql.js';

let loading: Promise<SqlJsStatic> | undefined;

/**
 * sql.js compiled to wasm, loaded once per process. The wasm is read from the installed package
 * (bundlers would otherwise lose it) and handed over as bytes, so no fetch or file URL is involved.
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  if (!loading) {
    const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
    const wasmBinary = readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'));
    loading = initSqlJs({ wasmBinary: wasmBinary as unknown as ArrayBuffer });
  }
  return loading;
}
