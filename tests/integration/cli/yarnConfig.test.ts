import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExperimentSchema } from '@shared/experiment/experiment';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const fixture = (name: string) => path.resolve(__dirname, '../../fixtures/yarn', name);

describe('workload-studio yarn-config', () => {
  it('imports capacity-scheduler.xml as a card an experiment takes, listing what the card does not hold, and exports it back', async () => {
    const dir = tempDir();
    const imported = await cli(['yarn-config', 'import', fixture('capacity-scheduler.xml')]);
    expect(imported.code).toBe(0);
    const card = JSON.parse(imported.out) as Record<string, unknown>;
    expect(card).toMatchObject({ kind: 'capacity', queues: [{ name: 'default', capacity: 100 }], localityDelay: 40 });
    expect(imported.err).toMatch(/10 settings of .*capacity-scheduler\.xml the card does not hold:/);
    expect(imported.err).toMatch(/yarn\.scheduler\.capacity\.root\.default\.user-limit-factor = 1: user limits/);
    // The printed card goes into an experiment as it is.
    expect(ExperimentSchema.safeParse({ name: 'x', cluster: { file: 'c.json' }, workload: { file: 'w.json' }, schedulers: [card] }).success).toBe(true);

    const cardFile = path.join(dir, 'card.json');
    fs.writeFileSync(cardFile, imported.out);
    const xml = path.join(dir, 'capacity-scheduler.xml');
    expect(await cli(['yarn-config', 'export', cardFile, '--format', 'capacity', '--out', xml])).toMatchObject({ code: 0, err: `wrote ${xml}\n` });
    const again = await cli(['yarn-config', 'import', xml, '--json']);
    expect(JSON.parse(again.out)).toMatchObject({ card, notModelled: [] });
  });

  it('imports a Fair Scheduler allocation file and exports a Fair card as one', async () => {
    const dir = tempDir();
    const imported = await cli(['yarn-config', 'import', fixture('fair-scheduler.xml'), '--json']);
    expect(imported.code).toBe(0);
    const read = JSON.parse(imported.out) as { card: { pools: { name: string }[] }; notModelled: unknown[]; readings: string[] };
    expect(read.card.pools.map((p) => p.name)).toEqual(['sample_sub_queue', 'sample_reservable_queue']);
    expect(read.notModelled).toHaveLength(15);
    const cardFile = path.join(dir, 'fair.json');
    fs.writeFileSync(cardFile, JSON.stringify(read.card));
    const written = await cli(['yarn-config', 'export', cardFile, '--format', 'fair']);
    expect(written.code).toBe(0);
    expect(written.out).toMatch(/<pool name="sample_sub_queue">\s*<minMaps>13<\/minMaps>\s*<minReduces>12<\/minReduces>/);
  });

  it('says in words what is wrong: a file that is not XML, a card of another kind, a missing format', async () => {
    const dir = tempDir();
    const bad = path.join(dir, 'bad.xml');
    fs.writeFileSync(bad, '<configuration><property><name>x</name></configuration>');
    expect(await cli(['yarn-config', 'import', bad])).toMatchObject({
      code: 1,
      err: expect.stringMatching(
        /could not be read as a YARN scheduler file:\n {2}not well-formed XML at line 1: <\/configuration> comes before the <\/property> of the <property> opened at line 1\n/,
      ),
    });
    const fifo = path.join(dir, 'fifo.json');
    fs.writeFileSync(fifo, '{"kind": "fifo"}');
    expect(await cli(['yarn-config', 'export', fifo, '--format', 'fair'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(
        /a FIFO \(Hadoop 1\) card cannot be written as a Fair Scheduler allocation file: only YARN Capacity and Fair Scheduler cards have a YARN file/,
      ),
    });
    expect(await cli(['yarn-config', 'export', fifo])).toMatchObject({ code: 2, err: expect.stringMatching(/needs --format capacity or --format fair/) });
    expect(await cli(['yarn-config', 'import', bad, '--format', 'fair'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--format is not an option of "yarn-config import"/),
    });
  });
});
