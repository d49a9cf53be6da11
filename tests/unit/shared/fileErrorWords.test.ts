import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileErrorWords } from '@shared/files/fileErrorWords';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();

function errorOf(action: () => unknown): unknown {
  try {
    action();
  } catch (err) {
    return err;
  }
  throw new Error('the action did not fail');
}

describe('why a file could not be read, in words', () => {
  it("says the system's reasons without their codes", () => {
    const dir = tempDir();
    const missing = path.join(dir, 'no-such', 'file.json');
    expect(fileErrorWords(errorOf(() => fs.statSync(missing)))).toBe('no such file');
    const file = path.join(dir, 'a.json');
    fs.writeFileSync(file, '{}');
    expect(fileErrorWords(errorOf(() => fs.statSync(path.join(file, 'inside.json'))))).toBe('a part of the path is not a folder');
  });

  it("keeps the system's own message for a reason it has no words for", () => {
    expect(fileErrorWords(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }))).toBe('EIO: i/o error, read');
    expect(fileErrorWords('odd')).toBe('odd');
  });
});
