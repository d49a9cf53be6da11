import { createRequire } from 'node:module';
import type * as MlMatrix from 'ml-matrix';

export type LinearAlgebra = Pick<typeof MlMatrix, 'Matrix' | 'solve' | 'CholeskyDecomposition' | 'inverse'>;
let loaded: LinearAlgebra | undefined;

/**
 * ml-matrix, loaded at the first fit: only ILA's runs and the interference command fit, and loaded
 * with the rest it was part of about 0.06 s of every CLI command's start (docs/architecture.md
 * "Runs on other machines"; tests/integration/cli/startup.test.ts).
 */
export function linearAlgebra(): LinearAlgebra {
  loaded ??= createRequire(typeof __filename === 'string' ? __filename : import.meta.url)('ml-matrix') as typeof MlMatrix;
  return loaded;
}
