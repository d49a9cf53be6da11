import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { completionBounds } from '@shared/aria/bounds';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';
import { TABLE1 } from '../../unit/aria/fixtures';
import { traceFixture } from '../../helpers/traceFixtures';

const tempDir = useTempDirs();
const root = path.resolve(__dirname, '../../..');
const rumen = traceFixture('rumen/wordcount.json');

function write(dir: string, name: string, value: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

/** A one-job experiment: `maps` Sort maps of one block and 8 reduces on 8 nodes of 2 + 1 slots. */
function stagingExperiment(maps: number) {
  return {
    name: `staging ${maps}`,
    cluster: {
      name: 'staging',
      hostTypes: [{ id: 'h', name: 'h', cores: 4, coreSpeed: 1, memoryGb: 16, disks: [{ readMBps: 200, writeMBps: 200 }], nicMBps: 125 }],
      network: { rackUplinkMBps: 1250, oversubscription: 1 },
      hdfs: { blockSizeMb: 128, replication: 3 },
      racks: [{ name: 'r0', hosts: Array.from({ length: 8 }, (_, i) => ({ name: `h${i}`, type: 'h' })) }],
    },
    workload: { name: 'sort', jobs: [{ id: 'sort', template: 'Sort', submit: 0, maps, reduces: 8, inputMb: maps * 128 }] },
    schedulers: [{ kind: 'fifo', mapSlots: 2, reduceSlots: 1 }],
    seeds: [1],
  };
}

describe('workload-studio plan', () => {
  it('prints the bounds of eq. 5-6 and, with a deadline, the allocation curves and the fewest slots', async () => {
    const dir = tempDir();
    const profile = write(dir, 'wc.json', TABLE1.WordCount);
    const r = await cli([
      'plan',
      '--profile',
      profile,
      '--maps',
      '425',
      '--reduces',
      '64',
      '--map-slots',
      '64',
      '--reduce-slots',
      '64',
      '--deadline',
      '480',
      '--json',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    const b = completionBounds(TABLE1.WordCount, { maps: 425, reduces: 64, mapSlots: 64, reduceSlots: 64 });
    expect(out.bounds).toEqual({ low: Number(b.low.toFixed(3)), up: Number(b.up.toFixed(3)), avg: Number(b.avg.toFixed(3)) });
    for (const k of ['low', 'up', 'avg']) expect(out.allocations[k].length).toBeGreaterThan(0);
    expect(out.minimal).toEqual(out.minimalBy.avg);
    expect(Object.keys(out.minimal)).toEqual(['mapSlots', 'reduceSlots']);
  });

  it('reads a profile from `profile` output and models a worker failure in the reduce stage', async () => {
    const dir = tempDir();
    const profile = write(dir, 'p.json', { template: 'WikiTrends', aria: TABLE1.WikiTrends });
    const r = await cli([
      'plan',
      '--profile',
      profile,
      '--maps',
      '720',
      '--reduces',
      '120',
      '--map-slots',
      '60',
      '--reduce-slots',
      '60',
      '--fail-at',
      '30',
      '--stage',
      'reduce',
      '--replenish',
      '--detect-after',
      '20',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.allocations).toBeUndefined();
    expect(out.failure.stage).toBe('reduce');
    expect(out.failure.remainingMaps).toBe(12);
    expect(out.failure.low).toBeGreaterThan(out.bounds.low);
  });

  it('names the flag or the profile field at fault', async () => {
    const dir = tempDir();
    const good = write(dir, 'good.json', TABLE1.Sort);
    const base = ['plan', '--profile', good, '--maps', '10', '--reduces', '4', '--map-slots', '4', '--reduce-slots', '2'];
    const zero = await cli([...base.slice(0, 7), '--map-slots', '0', '--reduce-slots', '2']);
    expect(zero.code).toBe(2);
    expect(zero.err).toMatch(/--map-slots: must be at least 1/);
    const text = await cli([...base, '--deadline', 'soon']);
    expect(text.err).toMatch(/--deadline: "soon" is not a number/);
    // JavaScript would read "0x10" as 16 seconds: a typo is named, not run.
    expect((await cli([...base, '--deadline', '0x10'])).err).toMatch(/--deadline: "0x10" is not a number/);
    const missing = await cli(['plan', '--profile', good, '--maps', '10', '--map-slots', '4', '--reduce-slots', '2']);
    expect(missing.err).toMatch(/^error: --reduces is required\n/);
    // Every missing flag is named at once.
    const several = await cli(['plan', '--profile', good, '--maps', '10']);
    expect(several.err).toMatch(/^error: --reduces, --map-slots and --reduce-slots are required\n/);
    const negative = write(dir, 'neg.json', { ...TABLE1.Sort, rAvg: -3 });
    expect((await cli(['plan', '--profile', negative, ...base.slice(3)])).err).toMatch(/--profile: .*neg\.json: reduce avg \(s\): must be at least 0 s/);
    const { mMax: _, ...partial } = TABLE1.Sort;
    const lacking = write(dir, 'lack.json', partial);
    expect((await cli(['plan', '--profile', lacking, ...base.slice(3)])).err).toMatch(/lack\.json: map max \(s\):/);
    // Several numbers missing: all are named at once, not one per try.
    const { mMax: _max, rMax: _rMax, ...twoShort } = TABLE1.Sort;
    const twoLacking = write(dir, 'two.json', twoShort);
    expect((await cli(['plan', '--profile', twoLacking, ...base.slice(3)])).err).toMatch(/two\.json: map max \(s\): [^;]+; reduce max \(s\): /);
    // A run's result is not a profile: said so, with the command that makes one.
    const result = write(dir, 'run.result.json', { format: 'workload-studio.result', version: 1, runs: [] });
    expect((await cli(['plan', '--profile', result, ...base.slice(3)])).err).toMatch(
      /--profile: .*run\.result\.json is a run result, not a job profile: `workload-studio profile .*run\.result\.json` makes the profiles of its jobs/,
    );
    const late = await cli([...base, '--fail-at', '100000', '--stage', 'map']);
    expect(late.err).toMatch(/--fail-at: must be at most .* for a failure in the map stage/);
    // A failure after the job's end is said so, not as an "after stage".
    const afterEnd = await cli([...base, '--fail-at', '100000']);
    expect(afterEnd.out).toMatch(/with a worker failure at 100000 s \(after the job's end on the lower bound's timeline: nothing left to redo there\)/);
    // One of a kind is said in the singular.
    const single = await cli(['plan', '--profile', good, '--maps', '1', '--reduces', '1', '--map-slots', '4', '--reduce-slots', '2', '--fail-at', '1']);
    expect(single.out).toMatch(/^1 map, 1 reduce\n/);
    expect(single.out).toMatch(/\(map stage; 1 map and 1 reduce to run on/);
  });

  it('scales a profile from runs at three input sizes (eq. 9-10) and reads result files through `profile`', async () => {
    const dir = tempDir();
    const results = [];
    for (const maps of [16, 32, 48]) {
      const e = write(dir, `e${maps}.json`, stagingExperiment(maps));
      const out = path.join(dir, `r${maps}.json`);
      expect((await cli(['run', e, '--out', out])).code).toBe(0);
      results.push(out);
    }
    const profiled = await cli(['profile', results[2]]);
    expect(profiled.code).toBe(0);
    const sort = JSON.parse(profiled.out).profiles.find((p: { template: string }) => p.template === 'Sort');
    expect(Object.keys(sort.aria)).toEqual([
      'mMin',
      'mAvg',
      'mMax',
      'avgInputMB',
      'selectivityM',
      'selectivityR',
      'sh1Avg',
      'sh1Max',
      'shTypAvg',
      'shTypMax',
      'rAvg',
      'rMax',
    ]);
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validate(JSON.parse(fs.readFileSync(path.join(root, 'docs/aria-profile.schema.json'), 'utf8')), sort.aria)).toBe(true);
    const profile = write(dir, 'sort.json', sort);
    const r = await cli([
      'plan',
      '--profile',
      profile,
      '--reduces',
      '8',
      '--map-slots',
      '16',
      '--reduce-slots',
      '8',
      '--input-mb',
      String(96 * 128),
      '--scale-from',
      ...results,
      // The template as a workload file may spell it: the staging runs name it "Sort".
      '--template',
      'sort',
      '--json',
    ]);
    expect(r.err).toBe('');
    const out = JSON.parse(r.out);
    expect(out.job.maps).toBe(Math.ceil((96 * 128) / sort.aria.avgInputMB));
    expect(out.scaled.mbPerReduce).toBeGreaterThan(sort.mbPerReduce);
    // More data per reduce: longer reduces than the largest staging run measured.
    expect(out.scaled.profile.rAvg).toBeGreaterThan(sort.aria.rAvg);

    // `profile` output as it was written, whole: the one template it profiles is the job's.
    const whole = write(dir, 'profiles.json', profiled.out);
    const slots = ['--maps', '96', '--reduces', '8', '--map-slots', '16', '--reduce-slots', '8', '--json'];
    const fromWhole = await cli(['plan', '--profile', whole, ...slots]);
    expect(fromWhole.err).toBe('');
    const fromOne = await cli(['plan', '--profile', profile, ...slots]);
    expect(JSON.parse(fromWhole.out)).toEqual(JSON.parse(fromOne.out));
    // With several templates, --template picks one, and a wrong name is told with the ones there are.
    const two = write(dir, 'two.json', { ...JSON.parse(profiled.out), profiles: [sort, { ...sort, template: 'Grep' }] });
    expect(await cli(['plan', '--profile', two, ...slots])).toMatchObject({
      code: 2,
      err: expect.stringContaining('profiles several templates (Sort, Grep); pick one with --template'),
    });
    expect(JSON.parse((await cli(['plan', '--profile', two, '--template', 'Sort', ...slots])).out)).toEqual(JSON.parse(fromOne.out));
    // Named in other capitals, as a workload file may name it.
    expect(JSON.parse((await cli(['plan', '--profile', two, '--template', 'sort', ...slots])).out)).toEqual(JSON.parse(fromOne.out));
    expect(await cli(['plan', '--profile', two, '--template', 'Pi', ...slots])).toMatchObject({
      code: 2,
      err: expect.stringContaining('has no profile of template "Pi" (it has Sort, Grep)'),
    });
  });

  it('profiles a Rumen trace from its attempts shuffle and sort times', async () => {
    const r = await cli(['profile', rumen]);
    expect(r.code).toBe(0);
    const [wc] = JSON.parse(r.out).profiles;
    expect(wc.template).toBe('WordCount');
    // 3 maps: 6.896 s, 6.528 s and 4.058 s in the trace.
    expect(wc.aria.mMin).toBeCloseTo(4.058, 3);
    expect(wc.aria.mMax).toBeCloseTo(6.896, 3);
    expect(wc.aria.rAvg).toBeGreaterThan(0);
    // The same trace gzip-compressed (job-trace.json.gz, as Rumen often leaves it) gives the same profiles; a cut one is said to be damaged.
    const dir = tempDir();
    const packed = zlib.gzipSync(fs.readFileSync(rumen));
    const gz = write(dir, 'job-trace.json.gz', '');
    fs.writeFileSync(gz, packed);
    const fromGz = await cli(['profile', gz]);
    expect(JSON.parse(fromGz.out).profiles).toEqual(JSON.parse(r.out).profiles);
    const cut = path.join(dir, 'cut.json.gz');
    fs.writeFileSync(cut, packed.subarray(0, packed.length - 20));
    expect((await cli(['profile', cut])).err).toMatch(/is a damaged gzip archive and cannot be unpacked/);
  });
});
