import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';
import { smallCluster } from '../../helpers/clusterFixtures';

const tempDir = useTempDirs();

describe('workload-studio clusters', () => {
  it('prints help and exits 0; an unknown command exits 2 with the help', async () => {
    expect(await cli(['--help'])).toMatchObject({ code: 0, out: expect.stringContaining('clusters list|export|import') });
    expect(await cli(['clusters', '--help'])).toMatchObject({ code: 0, out: expect.stringContaining('clusters import <FILE>') });
    expect(await cli(['frobnicate'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown command "frobnicate"') });
    expect(await cli(['clusters', 'list', '--bogus'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('error: --bogus is not an option of "clusters list" (it takes --data-dir, --json)'),
    });
    // A word every object answers to is no command (it once called Object's own `constructor`).
    for (const word of ['constructor', 'toString', '__proto__'])
      expect(await cli([word])).toMatchObject({ code: 2, err: expect.stringContaining(`unknown command "${word}"`) });
    // A mistake in a command's flags shows that command's usage.
    const unknown = await cli(['plan', '--mapz', '3']);
    expect(unknown).toMatchObject({ code: 2, err: expect.stringContaining('error: --mapz is not an option of "plan" (it takes') });
    expect(unknown.err).toContain('workload-studio plan --profile <profile.json>');
    expect(unknown.err).not.toContain('Commands:');
    // Before a command, and a flag without its value or with one it does not take: said in the same words.
    expect(await cli(['--bogus'])).toMatchObject({ code: 2, err: expect.stringContaining('error: --bogus is not an option of workload-studio') });
    expect(await cli(['clusters', 'export', '--out'])).toMatchObject({ code: 2, err: expect.stringContaining('error: --out needs a value') });
    expect(await cli(['clusters', 'list', '--json=yes'])).toMatchObject({ code: 2, err: expect.stringContaining('error: --json takes no value') });
    // A negative number after a flag is its value (Node's parser calls it ambiguous): the command's own check answers it.
    const negative = await cli(['plan', '--profile', 'p.json', '--maps', '-3']);
    expect(negative.err).toMatch(/^error: --reduces, --map-slots and --reduce-slots are required/);
  });

  it('imports, lists and exports against one data folder', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'in.json');
    fs.writeFileSync(file, JSON.stringify({ format: 'workload-studio.cluster', version: 1, cluster: smallCluster({ name: 'from file' }) }));

    expect(await cli(['clusters', 'import', file, '--data-dir', dir])).toMatchObject({ code: 0, out: expect.stringMatching(/imported cluster "from file"/) });
    expect(await cli(['clusters', 'import', file, '--data-dir', dir])).toMatchObject({ code: 0, out: expect.stringMatching(/"from file \(2\)"/) });

    const listed = await cli(['clusters', 'list', '--data-dir', dir]);
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')[0]).toMatch(/^NAME\s+RACKS\s+HOSTS\s+NODES\s+CORES\s+MEMORY GB\s+ID$/);
    expect(listed.out).toMatch(/from file\s+2\s+4\s+6\s+32\s+64/);

    const json = JSON.parse((await cli(['clusters', 'list', '--json', '--data-dir', dir])).out);
    expect(json.map((c: { name: string }) => c.name)).toEqual(['from file', 'from file (2)']);

    const out = path.join(dir, 'out.json');
    expect(await cli(['clusters', 'export', 'FROM FILE', '--out', out, '--data-dir', dir])).toMatchObject({ code: 0 });
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).cluster.racks).toEqual(
      JSON.parse(fs.readFileSync(file, 'utf8')).cluster.racks.map((r: { hosts: object[] }) => ({ ...r, hosts: r.hosts.map((h) => ({ vms: [], ...h })) })),
    );
  });

  it('reports a bad file with its field and exits 1, leaving the store as it was', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'bad.json');
    const spec = smallCluster({ name: 'bad' });
    spec.network.rackUplinkMBps = 0;
    fs.writeFileSync(file, JSON.stringify(spec));
    const r = await cli(['clusters', 'import', file, '--data-dir', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: network › rack uplink (MB/s): must be greater than 0\n');
    expect((await cli(['clusters', 'list', '--data-dir', dir])).out).toBe('no clusters yet\n');

    fs.writeFileSync(file, '{"format": "workload-studio.cluster", "version": 1, "cluster": ');
    expect((await cli(['clusters', 'import', file, '--data-dir', dir])).err).toMatch(/^error: the file is not valid JSON at line 1, column \d+/);
    expect((await cli(['clusters', 'import', path.join(dir, 'missing.json'), '--data-dir', dir])).err).toMatch(/cannot read .*missing\.json: no such file$/m);
  });

  it('names a missing cluster on export', async () => {
    const r = await cli(['clusters', 'export', 'nope', '--data-dir', tempDir()]);
    expect(r).toMatchObject({ code: 2, err: 'error: no cluster with id or name "nope" (see `clusters list`)\n' });
  });
});
