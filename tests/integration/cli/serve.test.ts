import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();

describe('workload-studio serve, given a port it cannot have', () => {
  it('names a port that is not one before opening the data folder', async () => {
    const dir = path.join(tempDir(), 'data');
    expect(await cli(['serve', '--port', 'abc', '--data-dir', dir])).toEqual({
      code: 2,
      out: '',
      err: 'error: --port: "abc" is not a port number (0-65535)\n',
    });
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('says a port in use in words, not as a stack trace', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const r = await cli(['serve', '--port', String(port), '--data-dir', tempDir()]);
      expect(r).toMatchObject({ code: 1, out: '' });
      expect(r.err).toBe(`error: port ${port} is in use (another studio, or another program): give another with --port, or leave --port out for a free one\n`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
