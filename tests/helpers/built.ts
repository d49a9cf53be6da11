import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

/** Worker threads load the built bundle: build it first if the sources are newer (scripts/ensure-built.mjs). */
export function ensureBuilt(): void {
  execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/ensure-built.mjs')], { stdio: 'inherit' });
}
