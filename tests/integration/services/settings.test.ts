import * as fs from 'node:fs';
import * as path from 'node:path';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runThreadsFor } from '@shared/api/settings';
import { SETTINGS_FILE, SettingsFile } from '../../../src-main/services/settingsFile';
import { useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

describe('settings: how many runs simulate at once', () => {
  const services = useServices();
  const tempDir = useTempDirs();

  it('lets the studio choose by default (one core left free), and keeps a chosen number across restarts', async () => {
    const dir = tempDir();
    const s = await services(dir);
    const cores = availableParallelism();
    expect(await s.dispatch('settings:get', {})).toEqual({
      ok: true,
      data: { settings: { runThreads: null, queue: null }, cores, automaticThreads: Math.max(1, cores - 1), queuePassword: { kept: false, where: 'session' } },
    });
    expect(await s.dispatch('settings:update', { runThreads: 3 })).toMatchObject({ ok: true, data: { settings: { runThreads: 3 } } });
    await s.close();
    const again = await services(dir);
    expect(await again.dispatch('settings:get', {})).toMatchObject({ ok: true, data: { settings: { runThreads: 3 } } });
    expect(new SettingsFile(dir).runThreads()).toBe(3);
  });

  it('refuses a number that is not a whole number from 1 to 256, naming the field, and keeps what was saved', async () => {
    const dir = tempDir();
    const s = await services(dir);
    await s.dispatch('settings:update', { runThreads: 2 });
    for (const [bad, message] of [
      [0, 'must be at least 1'],
      [1.5, 'must be a whole number'],
      [1000, 'must be at most 256'],
    ] as const) {
      const r = await s.dispatch('settings:update', { runThreads: bad });
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'runThreads' } });
      expect(!r.ok && r.error.message).toContain(message);
    }
    expect(await s.dispatch('settings:get', {})).toMatchObject({ ok: true, data: { settings: { runThreads: 2 } } });
  });

  it('starts with the defaults when the file is unreadable or invalid, and never fails to open', async () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, SETTINGS_FILE), '{"runThreads": "many"');
    const s = await services(dir);
    expect(await s.dispatch('settings:get', {})).toMatchObject({ ok: true, data: { settings: { runThreads: null } } });
    expect(new SettingsFile(dir).runThreads()).toBe(runThreadsFor({ runThreads: null }, availableParallelism()));
    // One setting an older build took and this one refuses falls back alone: the others stay.
    fs.writeFileSync(path.join(dir, SETTINGS_FILE), JSON.stringify({ runThreads: 2, queue: 'redis://queue.lab:99999' }));
    expect(new SettingsFile(dir).read()).toEqual({ runThreads: 2, queue: null });
  });

  it('automatic means one per core but one, and never none', () => {
    expect(runThreadsFor({ runThreads: null }, 8)).toBe(7);
    expect(runThreadsFor({ runThreads: null }, 1)).toBe(1);
    expect(runThreadsFor({ runThreads: 5 }, 2)).toBe(5);
  });

  it('keeps a queue for remote workers, never with a password, and says why', async () => {
    const s = await services(tempDir());
    const saved = await s.dispatch('settings:update', { runThreads: null, queue: 'rediss://redis.lab:6380/1?queue=sweeps' });
    expect(saved).toMatchObject({ ok: true, data: { settings: { queue: 'rediss://redis.lab:6380/1?queue=sweeps' } } });
    const secret = await s.dispatch('settings:update', { runThreads: null, queue: 'redis://:hunter2@redis.lab:6379' });
    expect(secret).toMatchObject({
      ok: false,
      error: { field: 'queue', message: expect.stringMatching(/must not hold a password .* enter it in the password field instead/) },
    });
    expect(JSON.stringify(secret)).not.toContain('hunter2');
    expect(await s.dispatch('settings:update', { runThreads: null, queue: 'http://x' })).toMatchObject({ ok: false, error: { field: 'queue' } });
    // What a batch could not connect with is refused when it is typed, by the part that is wrong,
    // and the queue saved before stays.
    const refused = async (queue: string) => {
      const r = await s.dispatch('settings:update', { runThreads: null, queue });
      expect(r).toMatchObject({ ok: false, error: { field: 'queue' } });
      return r.ok ? '' : r.error.message;
    };
    expect(await refused('redis://redis.lab:99999')).toBe("queue: the port 99999 is not one: a port is 1 to 65,535 (Redis's own is 6379)");
    expect(await refused('redis://redis.lab:0')).toMatch(/the port 0 is not one/);
    expect(await refused('redis://redis lab:6379')).toMatch(/the host "redis lab" holds a space: a host name has none/);
    // A password with a space is a password too: refused, and never shown in a message.
    expect(await refused('redis://worker:hunter two@redis.lab:6379')).toMatch(/^queue: must not hold a password[^]*instead$/);
    expect(await refused('redis://redis.lab?queue=')).toMatch(/the queue name after "\?queue=" is empty: write one, or leave "\?queue=" out/);
    expect(await refused('redis://redis.lab?queue=a/b')).toMatch(/the queue name "a\/b" may use letters, digits/);
    expect(await refused('redis://redis.lab/zero')).toMatch(/the database in a Redis URL is a number/);
    expect(await refused('redis://us%zzer@redis.lab')).toMatch(/the user name in the queue URL has a malformed %-escape/);
    expect(await s.dispatch('settings:get', undefined)).toMatchObject({ ok: true, data: { settings: { queue: 'rediss://redis.lab:6380/1?queue=sweeps' } } });
    // Back to this machine.
    expect(await s.dispatch('settings:update', { runThreads: 2, queue: null })).toMatchObject({ ok: true, data: { settings: { runThreads: 2, queue: null } } });
  });
});
