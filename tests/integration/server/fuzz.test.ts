import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '@shared/api/channels';
import { startLoopbackServer, type LoopbackOptions, type LoopbackServer } from '../../../src-main/server/loopbackServer';
import { useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const startServices = useServices();
const tempDir = useTempDirs();
const servers: LoopbackServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function start(options: Partial<LoopbackOptions> = {}) {
  const services = await startServices();
  const rendererDir = tempDir();
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>studio</title>');
  const server = await startLoopbackServer({ dispatch: services.dispatch, events: services.events, imports: services.imports, rendererDir, ...options });
  servers.push(server);
  return { services, server };
}

/**
 * A request written byte for byte on a socket, so that the request line can be anything (an
 * HTTP client would refuse or normalise most of what is sent here). Resolves to the status code,
 * or 0 when the server closed the connection without an answer.
 */
function rawRequest(
  server: LoopbackServer,
  head: string,
  body: string | Buffer = '',
  options: { keepOpenMs?: number } = {},
): Promise<{ status: number; text: string }> {
  const { port } = new URL(server.origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    const done = () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    socket.on('close', done);
    socket.on('error', () => undefined);
    // The requests ask for Connection: close; one the server keeps open is read for 3 s at most.
    setTimeout(() => socket.destroy(), options.keepOpenMs ?? 3000).unref();
    socket.write(head);
    if (body.length) socket.write(body);
  });
}

const hostLine = (server: LoopbackServer) => `Host: ${new URL(server.origin).host}`;
const authLine = (server: LoopbackServer) => `Authorization: Bearer ${server.token}`;

/** The server still answers a plain API call: what every probe below ends with. */
async function stillUp(server: LoopbackServer) {
  const res = await fetch(`${server.origin}/api/store:status`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ ok: true });
}

describe('the loopback server stays up whatever a request holds', () => {
  it('answers malformed paths with 400 or a page, never by crashing (GET // from any web page)', async () => {
    const { server } = await start();
    const paths = [
      '//',
      '///x',
      '//evil.example/',
      'http://127.0.0.1/',
      '*',
      '/%',
      '/%ZZ',
      '/a%E0%A4%A',
      '/api/%ZZ',
      '/api/%',
      '/api//',
      '/api/clusters:list/../../x',
      '/..%2f..%2fetc/passwd',
      `/${'a'.repeat(8000)}`,
    ];
    for (const p of paths) {
      for (const auth of [false, true]) {
        const head = `${p.startsWith('/api/') ? 'POST' : 'GET'} ${p} HTTP/1.1\r\n${hostLine(server)}\r\n${auth ? `${authLine(server)}\r\n` : ''}Content-Length: 2\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n`;
        const { status } = await rawRequest(server, head, '{}');
        expect([200, 400, 401, 403, 404, 405, 414, 431], `${p} (${auth ? 'with' : 'without'} token)`).toContain(status);
      }
      await stillUp(server);
    }
    const doubleSlash = await rawRequest(server, `GET // HTTP/1.1\r\n${hostLine(server)}\r\nConnection: close\r\n\r\n`);
    expect(doubleSlash.status).toBe(400);
    const badEscape = await rawRequest(
      server,
      `POST /api/%ZZ HTTP/1.1\r\n${hostLine(server)}\r\n${authLine(server)}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n`,
      '{}',
    );
    expect(badEscape.status).toBe(400);
    expect(badEscape.text).toMatch(/malformed %-escape/);
  });

  it('refuses an upload whose file name has a malformed escape, naming the header', async () => {
    const { server } = await start();
    const res = await fetch(`${server.origin}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'X-File-Name': '%E0%A4%A', 'Content-Type': 'application/octet-stream' },
      body: 'a\t0\t0\t1\t0\t0\n',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: { field: 'X-File-Name' } });
    await stillUp(server);
  });

  it('answers garbage that is not HTTP at all with 400 and keeps serving', async () => {
    const { server } = await start();
    for (const junk of [
      '\x00\x01\x02\r\n\r\n',
      'GET\r\n\r\n',
      `POST /api/x HTTP/1.1\r\nContent-Length: -5\r\n\r\n`,
      `POST /api/x HTTP/1.1\r\n${hostLine(server)}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
    ]) {
      const { status } = await rawRequest(server, junk);
      expect([0, 400, 401, 421]).toContain(status);
      await stillUp(server);
    }
  });

  it('refuses bodies of the wrong content type, over the limit, and beyond the total in flight', async () => {
    const { server } = await start({ maxBodyBytes: 1000, maxBodiesInFlightBytes: 1500 });
    const call = (body: string, contentType = 'application/json') =>
      fetch(`${server.origin}/api/clusters:list`, { method: 'POST', headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': contentType }, body });
    expect((await call('{}', 'multipart/form-data; boundary=x')).status).toBe(415);
    expect((await call('{}', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await call('x'.repeat(5000))).status).toBe(413);
    expect(await (await call('{not json')).json()).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(/not JSON/) } });

    // Two slow bodies of 900 bytes each: the second passes the 1,500-byte total and is refused.
    const head = `POST /api/clusters:list HTTP/1.1\r\n${hostLine(server)}\r\n${authLine(server)}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const first = rawRequest(server, head, ' '.repeat(900), { keepOpenMs: 2000 });
    await new Promise((r) => setTimeout(r, 100));
    const second = await rawRequest(server, head, ' '.repeat(900), { keepOpenMs: 1000 });
    expect(second.status).toBe(503);
    void first;
    await stillUp(server);
  });

  it('refuses a body that declares more than the limit at once (413), without waiting for it', async () => {
    const { server } = await start();
    // Nothing of the declared body is ever sent: an answer can only come from the declaration.
    const head = `POST /api/clusters:list HTTP/1.1\r\n${hostLine(server)}\r\n${authLine(server)}\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n`;
    const refused = await rawRequest(server, head, '', { keepOpenMs: 90_000 });
    expect(refused.status).toBe(413);
    expect(refused.text).toMatch(/99999999999 bytes declared, more than the \d+ allowed/);
    await stillUp(server);
  });

  it('times out a body that never finishes arriving', async () => {
    const { server } = await start({ requestTimeoutMs: 1000 });
    const started = Date.now();
    const head = `POST /api/clusters:list HTTP/1.1\r\n${hostLine(server)}\r\n${authLine(server)}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const slow = await rawRequest(server, head, '{', { keepOpenMs: 8000 });
    expect(slow.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(10_000);
    await stillUp(server);
  });

  it('answers every channel with wrong-typed payloads as a request error, and keeps serving', async () => {
    const { server } = await start();
    const payloads = ['null', '7', '"text"', '[]', '{"id":5,"spec":"x","name":3,"file":[],"token":{},"batchId":null,"index":"zero"}'];
    for (const channel of CHANNEL_NAMES) {
      for (const body of payloads) {
        const res = await fetch(`${server.origin}/api/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
          body,
        });
        expect(res.status, `${channel} ${body}`).toBe(200);
        const answer = (await res.json()) as { ok: boolean; error?: { code: string } };
        if (!answer.ok) expect(answer.error?.code, `${channel} ${body}`).not.toBe('internal');
      }
    }
    await stillUp(server);
  });
});
