import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const preset = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../resources/presets/liu-balanced.experiment.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** An experiment file like a small preset, with one part changed; returns its path. */
function experiment(change: (e: Record<string, unknown>) => void): string {
  const e = structuredClone(preset);
  change(e);
  const file = path.join(tempDir(), 'experiment.json');
  fs.writeFileSync(file, JSON.stringify(e));
  return file;
}

async function refused(file: string) {
  const r = await cli(['run', file, '--out', path.join(path.dirname(file), 'out.json')]);
  expect(r.code).not.toBe(0);
  expect(fs.existsSync(path.join(path.dirname(file), 'out.json'))).toBe(false);
  return r.err;
}

/**
 * Files shared between people can be hostile (issue 32): every one below used to run for ever,
 * eat gigabytes or crash with an engine error. Each is refused before any work starts, with a
 * message that names the field.
 */
describe('hostile experiment files', () => {
  it('refuse values that would make a run endless: heartbeats, failures and replacements too frequent', async () => {
    expect(await refused(experiment((e) => (e.simulation = { heartbeatS: 1e-9 })))).toMatch(/simulation › heartbeat \(s\): must be at least 0\.001 s/);
    expect(await refused(experiment((e) => (e.simulation = { mtbfS: 1e-6 })))).toMatch(/simulation › mean time between failures \(s\): must be at least 60 s/);
    expect(await refused(experiment((e) => (e.simulation = { mtbfS: 3600, replenishAfterS: 1e-6 })))).toMatch(
      /simulation › replace a lost node after \(s\): must be at least 1 s/,
    );
    expect(await refused(experiment((e) => (e.simulation = { sampleIntervalS: 1e-6 })))).toMatch(/simulation › sample every \(s\): must be at least 0\.1 s/);
  });

  it('refuse sizes that would exhaust memory: a million seeds, an input of 1e300 MB, too many maps from an input', async () => {
    expect(await refused(experiment((e) => (e.seeds = Array.from({ length: 1_000_000 }, (_, i) => i + 1))))).toMatch(/seeds: at most 100 seeds/);
    expect(
      await refused(experiment((e) => ((e.workload as { jobs: unknown[] }).jobs = [{ id: 'huge', template: 'Sort', submit: 0, inputMb: 1e300 }]))),
    ).toMatch(/workload › job 1 › input \(MB\): must be at most 1,000,000,000 MB/);
    // Legal input, but with 1 MB blocks it makes more maps than a job may have.
    expect(
      await refused(
        experiment((e) => {
          (e.cluster as { hdfs: { blockSizeMb: number } }).hdfs.blockSizeMb = 1;
          (e.workload as { jobs: unknown[] }).jobs = [{ id: 'wide', template: 'Sort', submit: 0, inputMb: 5_000_000 }];
        }),
      ),
    ).toMatch(/job "wide": 5,000,000 MB of input in 1 MB blocks makes 5,000,000 maps, more than the 1,000,000 a job may have/);
  });

  it.skipIf(process.platform !== 'linux')('read only regular files, never trusting stat: /dev/zero as a trace, a FIFO as the cluster, a folder', async () => {
    expect(await refused(experiment((e) => (e.workload = { trace: { file: '/dev/zero', format: 'swim' } })))).toMatch(
      /workload\.trace\.file: \/dev\/zero is not a regular file \(a device\)/,
    );
    const dir = tempDir();
    const fifo = path.join(dir, 'cluster.fifo');
    execFileSync('mkfifo', [fifo]);
    // Opening a FIFO with no writer used to block the process for ever.
    expect(await refused(experiment((e) => (e.cluster = { file: fifo })))).toMatch(/cluster\.file: .*cluster\.fifo is not a regular file \(a FIFO\)/);
    expect(await refused(experiment((e) => (e.cluster = { file: dir })))).toMatch(/is not a regular file \(a folder\)/);
    // The same for the other commands that read files.
    const r = await cli(['clusters', 'import', '/dev/zero']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cluster file: \/dev\/zero is not a regular file \(a device\)/);
  });
});
