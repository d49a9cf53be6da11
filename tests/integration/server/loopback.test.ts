import * as net from 'node:net';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../../src-main/server/loopbackServer';
import { smallCluster } from '../../helpers/clusterFixtures';
import { useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const startServices = useServices();
const tempDir = useTempDirs();
const servers: LoopbackServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function start() {
  const services = await startServices();
  const rendererDir = tempDir();
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>studio</title>');
  fs.mkdirSync(path.join(rendererDir, 'assets'));
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  const server = await startLoopbackServer({ dispatch: services.dispatch, events: services.events, imports: services.imports, rendererDir });
  servers.push(server);
  return { services, server };
}

/** Raw request, so the Host header and path can be anything a hostile page might send. */
function raw(server: LoopbackServer, options: { path: string; method?: string; headers?: Record<string, string>; body?: string }) {
  const { port } = new URL(server.origin);
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: options.path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('loopback HTTP transport', () => {
  it('takes a workload file as an upload, refuses one over the cap by its declared size, and needs the token', async () => {
    const { server, services } = await start();
    const upload = (body: string, headers: Record<string, string>) =>
      fetch(`${server.origin}/api/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.token}`, 'X-File-Name': encodeURIComponent('my trace.tsv'), ...headers },
        body,
      });
    const ok = await upload('a\t0\t0\t100\t0\t0\nb\t5\t5\t100\t0\t0\n', {});
    const file = ((await ok.json()) as { data: { file: string; fileName: string; bytes: number } }).data;
    expect(file).toMatchObject({ fileName: 'my trace.tsv', bytes: 28 });
    const preview = await services.dispatch('workloads:importPreview', { file: file.file });
    expect(preview).toMatchObject({ ok: true, data: { format: 'swim', jobs: 2, spanS: 5 } });

    const tooBig = await raw(server, {
      path: '/api/upload',
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'Content-Length': String(services.imports.maxBytes + 1) },
    });
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body)).toMatchObject({ ok: false, error: { field: 'file', message: expect.stringMatching(/at most/) } });
    const anonymous = await fetch(`${server.origin}/api/upload`, { method: 'POST', body: 'x' });
    expect(anonymous.status).toBe(401);
  });

  it('binds to 127.0.0.1 and puts the token in the fragment of the URL it prints', async () => {
    const { server } = await start();
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).toBe(`${server.origin}/#token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(32);
  });

  it('answers API calls with the token and refuses them without it', async () => {
    const { server } = await start();
    const call = (token: string, body: unknown) =>
      fetch(`${server.origin}/api/clusters:create`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const denied = await call('wrong', { spec: smallCluster() });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const made = await call(server.token, { spec: smallCluster({ name: 'over http' }) });
    expect(await made.json()).toMatchObject({ ok: true, data: { name: 'over http' } });
    const invalid = await call(server.token, { spec: { ...smallCluster(), racks: [] } });
    expect(await invalid.json()).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'spec.racks' } });
  });

  it('refuses a foreign Host header (DNS rebinding) and a cross-site Origin', async () => {
    const { server } = await start();
    const auth = { Authorization: `Bearer ${server.token}` };
    expect((await raw(server, { path: '/api/clusters:list', method: 'POST', headers: { ...auth, Host: 'evil.example:80' } })).status).toBe(421);
    const cross = await raw(server, { path: '/api/clusters:list', method: 'POST', headers: { ...auth, Origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    // Two Host headers, the studio's first: Node would read the first, a proxy might read the other.
    const { host, port } = new URL(server.origin);
    const twice = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write(
          `POST /api/clusters:list HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\nAuthorization: Bearer ${server.token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        ),
      );
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('end', () => resolve(got));
      socket.on('error', reject);
    });
    expect(twice).toMatch(/^HTTP\/1\.1 400/);
  });

  it('serves the renderer with the CSP and never a file outside it', async () => {
    const { server } = await start();
    const index = await raw(server, { path: '/' });
    expect(index.status).toBe(200);
    expect(index.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    expect((await raw(server, { path: '/assets/app.js' })).headers['content-type']).toMatch(/javascript/);
    for (const escape of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
      const r = await raw(server, { path: escape });
      expect(r.body).not.toMatch(/root:/);
    }
  });

  it('streams push events to an authorised listener', async () => {
    const { server, services } = await start();
    const res = await fetch(`${server.origin}/api/events`, { headers: { Authorization: `Bearer ${server.token}` } });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toContain(': connected');
    await services.dispatch('clusters:create', { spec: smallCluster({ name: 'pushed' }) });
    let text = '';
    while (!text.includes('\n\n')) text += (await reader.read()).value;
    const event = JSON.parse(text.replace(/^data: /, '').trim());
    expect(event).toMatchObject({ event: 'store:changed', payload: { domain: 'clusters' } });
    await reader.cancel();
  });
});
