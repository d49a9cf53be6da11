import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SWIM_DAY, TRACES_DIR } from '../../helpers/traceFixtures';

const ROOT = path.resolve(__dirname, '../../..');

/** Every text file the tests, the bench and the app are made of. */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|mts|mjs|cjs|js|vue|json)$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/**
 * A clone with no sibling folders must pass `npm test`: the developers' shared folder beside the
 * project (papers, design notes, traces) is theirs, not the project's.
 */
describe('the project needs nothing outside its own folder', () => {
  it('no test, script or source reads the shared folder beside the repository', () => {
    const outside = /\.\.\/(?:\.\.\/)*shared\/(?:traces|papers|design|hooks)/;
    const offenders = ['tests', 'scripts', 'src-main', 'src-renderer', '.ci'].flatMap(sources).filter((file) => outside.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the traces the tests read are in the repository, each folder with its source and licence', () => {
    expect(fs.statSync(SWIM_DAY).size).toBeGreaterThan(100_000);
    for (const folder of ['swim', 'sls', 'rumen']) {
      const names = fs.readdirSync(path.join(TRACES_DIR, folder));
      expect(names.some((n) => n === 'LICENSE' || n === 'SOURCE.txt'), folder).toBe(true);
    }
  });
});
