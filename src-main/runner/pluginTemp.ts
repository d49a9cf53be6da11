import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * Where this process keeps copies of the user's scheduler files (docs/plugins.md): TypeScript ones
 * compiled by esbuild, and those a queue worker received with a batch. One folder per process, named
 * by its id so its worker threads (which import the same files) find it; the main thread removes it
 * when the process exits, so nothing the user's code wrote as a copy outlives the process.
 */
let made: string | undefined;

export function pluginTempDir(): string {
  if (made) return made;
  made = path.join(os.tmpdir(), `workload-studio-plugins-${process.pid}`);
  fs.mkdirSync(made, { recursive: true });
  if (isMainThread) {
    const dir = made;
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return made;
}
