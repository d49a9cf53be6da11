import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { QueueUrlError, queueTarget } from '../../../src-main/runner/remote/connection';
import { redactRedisUrls } from '@shared/api/redisUrl';
import { packInput, packOutcome, unpackCluster, unpackOutcome, PROTOCOL_VERSION } from '../../../src-main/runner/remote/protocol';
import { runTask } from '../../../src-main/runner/runTask';
import { resolveRun } from '../../../src-main/runner/matrix';
import { planBatch } from '@shared/experiment/batchPlan';
import * as fs from 'node:fs';
import * as path from 'node:path';

const cluster = ClusterSpecSchema.parse(JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../docs/examples/small.cluster.json'), 'utf8')).cluster);
const workload = WorkloadSpecSchema.parse({
  name: 'w',
  jobs: [
    { id: 'a', template: 'Sort', submit: 0, maps: 4 },
    { id: 'b', template: 'Grep', submit: 5, maps: 6 },
  ],
});
const inputs = {
  clusters: [{ name: 'c', spec: cluster }],
  workloads: [{ name: 'w', spec: workload }],
  schedulers: [SchedulerSpecSchema.parse({ kind: 'fifo' })],
  seeds: [1],
  simulation: SimulationOptionsSchema.parse({}),
};

describe('what travels to remote workers and back', () => {
  const outcome = runTask(resolveRun(inputs, planBatch(inputs)[0]), { withAttempts: true });

  it('brings an outcome back exactly: the same numbers and the same stored bytes', () => {
    const back = unpackOutcome(JSON.parse(JSON.stringify(packOutcome(outcome))));
    expect(back.summary).toEqual(outcome.summary);
    expect(back.jobs).toEqual(outcome.jobs);
    expect(Buffer.from(back.blob).equals(Buffer.from(outcome.blob))).toBe(true);
  });

  it('refuses a result of another version, and one that is not a valid outcome', () => {
    expect(() => unpackOutcome({ ...packOutcome(outcome), version: '9.9.9' })).toThrow(
      /the worker is Workload Studio 9\.9\.9, this studio \S+: its result cannot be taken/,
    );
    const tampered = { ...outcome, summary: { ...outcome.summary, meanJct: 'fast' }, blob: '' };
    expect(() => unpackOutcome({ version: PROTOCOL_VERSION, outcome: gzipSync(JSON.stringify(tampered)).toString('base64') })).toThrow(
      /the worker's result is not valid: summary\.meanJct/,
    );
    expect(() => unpackOutcome({ version: PROTOCOL_VERSION, outcome: 'bm90IGd6aXA=' })).toThrow(/could not be decompressed/);
  });

  it('names an input by its content, so a trace goes once however many runs use it', () => {
    const a = packInput(cluster);
    expect(packInput(ClusterSpecSchema.parse(JSON.parse(JSON.stringify(cluster)))).hash).toBe(a.hash);
    expect(unpackCluster(a.bytes)).toEqual(cluster);
    expect(a.bytes.length).toBeLessThan(JSON.stringify(cluster).length);
  });
});

describe('queue addresses', () => {
  it('reads host, port, database, TLS and the queue name, and never shows the password', () => {
    const t = queueTarget('rediss://worker:s3cret@redis.example:6380/2?queue=sweeps', {});
    expect(t.connection).toMatchObject({ host: 'redis.example', port: 6380, db: 2, username: 'worker', password: 's3cret', tls: {} });
    expect(t.name).toBe('sweeps');
    expect(t.display).toBe('rediss://worker:***@redis.example:6380/2 (queue sweeps)');
    expect(queueTarget('redis://127.0.0.1', { REDIS_PASSWORD: 'env-secret' }).display).not.toContain('env-secret');
    expect(queueTarget('redis://127.0.0.1', { REDIS_PASSWORD: 'env-secret' }).connection).toMatchObject({ password: 'env-secret', port: 6379 });
  });

  it('says what is wrong with an address, without repeating its password', () => {
    expect(() => queueTarget('http://x:1')).toThrow(/starts with redis:\/\/ or rediss:\/\//);
    expect(() => queueTarget('redis://x:1/abc')).toThrow(/the database in a Redis URL is a number/);
    expect(() => queueTarget('redis://x:1?queue=a b')).toThrow(/the queue name "a b"/);
    expect(() => queueTarget('nonsense with:pass@')).toThrow(/is not a Redis URL/);
  });

  it('refuses a password holding "/" or a malformed %-escape in words, and no message holds the password', () => {
    const said = (url: string) => {
      try {
        queueTarget(url, {});
      } catch (err) {
        expect(err).toBeInstanceOf(QueueUrlError);
        return (err as Error).message;
      }
      throw new Error(`${url} was accepted`);
    };
    const slash = said('redis://:secret/pass@redis.example:6379');
    expect(slash).toBe(
      'the user name or password in the queue URL holds "/", "?" or "#": write them as %2F, %3F and %23, or give the password in the REDIS_PASSWORD environment variable instead',
    );
    expect(said('redis://u:se?cret#x@h')).toMatch(/holds "\/", "\?" or "#"/);
    const escape = said('redis://:sec%zzret@redis.example');
    expect(escape).toBe('the password in the queue URL has a malformed %-escape: a "%" is followed by two hex digits (write "%" itself as %25)');
    expect(said('redis://:secret@')).toMatch(/^"redis:\/\/\*\*\*@" (is not a Redis URL|names no host)/);
    for (const m of [slash, escape, said('redis://:secret@')]) expect(m).not.toMatch(/secret|pass\b/);
    // Written escaped, the same password works.
    expect(queueTarget('redis://:secret%2Fpass@redis.example', {}).connection).toMatchObject({ password: 'secret/pass', host: 'redis.example' });
  });

  it('one redaction for every Redis address in any text, whatever its password holds', () => {
    expect(redactRedisUrls('cannot reach redis://:secret/pass@host:6379/0 (queue q); also rediss://u:p@@w@h')).toBe(
      'cannot reach redis://***@host:6379/0 (queue q); also rediss://***@h',
    );
    expect(redactRedisUrls('redis://host:6379 has none')).toBe('redis://host:6379 has none');
  });
});
