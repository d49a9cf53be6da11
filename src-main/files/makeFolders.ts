import * as fs from 'node:fs';
import * as path from 'node:path';

/** Why a folder a user named could not be made, naming the folder. */
export class FolderError extends Error {}

/**
 * Make `dir` with its missing parents, one level at a time: Node's recursive mkdir never returns
 * under some special file systems (it loops on /proc/nope), which would hang the studio on a
 * mistyped --data-dir or --out. The nearest existing ancestor must be a folder; `what` names the
 * folder in messages ("--data-dir").
 */
export function makeFolders(dir: string, what: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  while (!fs.existsSync(at)) {
    missing.unshift(at);
    const up = path.dirname(at);
    if (up === at) break;
    at = up;
  }
  if (!fs.statSync(at, { throwIfNoEntry: false })?.isDirectory()) throw new FolderError(`${what}: ${at} is a file, not a folder`);
  for (const folder of missing) {
    try {
      fs.mkdirSync(folder);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const reason =
        e.code === 'EACCES' || e.code === 'EPERM' ? 'this user may not write there' : e.code === 'ENOENT' ? 'its parent cannot hold folders' : e.message;
      throw new FolderError(`${what}: cannot make ${folder}: ${reason}`);
    }
  }
}
