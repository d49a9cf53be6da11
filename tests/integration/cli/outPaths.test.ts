import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const root = path.resolve(__dirname, '../../..');
const example = path.join(root, 'docs/examples/baselines.experiment.json');

/** Where --out writes is checked before the work, and what the file system refuses is said in words. */
describe('--out', () => {
  it('of run: a missing folder or a folder is refused before any run, not after them', async () => {
    const dir = tempDir();
    const missing = path.join(dir, 'nowhere', 'r.json');
    const r = await cli(['run', example, '--out', missing]);
    expect(r).toEqual({ code: 2, out: '', err: `error: --out: the folder ${path.dirname(missing)} does not exist\n` });
    expect(await cli(['run', example, '--out', dir])).toEqual({
      code: 2,
      out: '',
      err: `error: --out: ${dir} is a folder: name a file in it, such as ${path.join(dir, 'result.json')}\n`,
    });
  });

  it('of report: a file where the folder should be is named, and missing folders are made', async () => {
    const dir = tempDir();
    const result = path.join(dir, 'r.json');
    expect((await cli(['run', example, '--out', result])).code).toBe(0);
    const file = path.join(dir, 'taken');
    fs.writeFileSync(file, '');
    expect(await cli(['report', result, '--format', 'json', '--out', file])).toMatchObject({ code: 2, err: `error: --out: ${file} is a file, not a folder\n` });
    const deep = path.join(dir, 'a', 'b', 'c');
    expect((await cli(['report', result, '--format', 'json', '--out', deep])).code).toBe(0);
    expect(fs.readdirSync(deep)).toEqual(['r.report.json']);
  });

  it('of an export: a missing folder is said in words', async () => {
    const data = tempDir();
    expect((await cli(['clusters', 'import', path.join(root, 'docs/examples/small.cluster.json'), '--data-dir', data])).code).toBe(0);
    const missing = path.join(tempDir(), 'gone', 'small.json');
    expect(await cli(['clusters', 'export', 'small', '--out', missing, '--data-dir', data])).toMatchObject({
      code: 2,
      err: `error: --out: the folder ${path.dirname(missing)} does not exist\n`,
    });
  });

  it('is not the only place: a folder named as an input file is said, whichever command reads it', async () => {
    const dir = tempDir();
    for (const command of ['profile', 'locality', 'report'])
      expect(await cli([command, dir, ...(command === 'report' ? ['--out', tempDir()] : [])]), command).toMatchObject({
        code: 2,
        err: expect.stringContaining(`${dir} is not a regular file (a folder); name a file`),
      });
    expect(await cli(['run', example, '--scheduler', dir])).toMatchObject({ err: `error: ${dir} is not a regular file (a folder); name a scheduler file\n` });
  });

  it('--data-dir: a file in its path is named, missing folders are made, and a folder that cannot be made is said, not waited on for ever', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'taken');
    fs.writeFileSync(file, '');
    expect(await cli(['runs', 'list', '--data-dir', path.join(file, 'data')])).toMatchObject({
      code: 1,
      err: `error: the data folder: ${file} is a file, not a folder\n`,
    });
    const deep = path.join(dir, 'a', 'b', 'data');
    expect((await cli(['runs', 'list', '--data-dir', deep])).code).toBe(0);
    expect(fs.readdirSync(deep)).toContain('studio.sqlite');
    // Node's recursive mkdir loops for ever under /proc; made one level at a time, the refusal is immediate.
    if (process.platform === 'linux')
      expect(await cli(['runs', 'list', '--data-dir', '/proc/no-such-studio/data'])).toMatchObject({
        code: 1,
        err: 'error: the data folder: cannot make /proc/no-such-studio: its parent cannot hold folders\n',
      });
  });
});
