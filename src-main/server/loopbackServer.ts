import * as http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { CONTENT_SECURITY_POLICY_HEADER } from '@shared/api/csp';
import { internalError } from '@shared/api/validation';
import type { PushEvent } from '@shared/api/contract';
import type { Dispatch } from '../services/dispatch';
import type { EventBus } from '../services/eventBus';
import type { ImportSessions } from '../services/importSessions';
import { ServiceError } from '../services/serviceError';
import { BodyBudget, BodyRefused, readBody } from './requestBodies';
import { decodeOrUndefined, parseRequestPath } from './requestPath';
import { serveStatic } from './staticFiles';

export interface LoopbackOptions {
  dispatch: Dispatch;
  events: EventBus;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
  /** Fixed token for tests; otherwise a fresh one per launch. */
  token?: string;
  maxBodyBytes?: number;
  /** What all request bodies being received at once may add up to; more is refused with 503. */
  maxBodiesInFlightBytes?: number;
  /** A request whose headers and body have not all arrived by then is answered 408 and closed. */
  requestTimeoutMs?: number;
  /** Where `POST /api/upload` puts workload files (the browser's stand-in for main's file dialog). */
  imports?: ImportSessions;
}

export interface LoopbackServer {
  /** Open this in a browser; the token travels in the fragment, never in a request line. */
  url: string;
  origin: string;
  token: string;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/**
 * The API and the built renderer over HTTP on 127.0.0.1 only. Every API call needs the per-launch
 * bearer token; the Host header must name the loopback address (defeats DNS rebinding) and a
 * cross-site Origin is refused. Push events stream as server-sent events over a fetch response.
 */
export async function startLoopbackServer(options: LoopbackOptions): Promise<LoopbackServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const rendererDir = path.resolve(options.rendererDir);
  const maxBody = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const streams = new Set<http.ServerResponse>();
  let origin = '';

  const authorized = (req: http.IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const inFlight = new BodyBudget(options.maxBodiesInFlightBytes ?? 2 * maxBody);
  const busy = (res: http.ServerResponse) =>
    json(res, 503, { ok: false, error: { code: 'invalid_request', message: 'the studio is receiving too much at once; try again in a moment' } });

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    // Node keeps the first of several Host headers; a proxy in between may read another: exactly one.
    const hostHeaders = req.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'host').length;
    if (hostHeaders !== 1) {
      res.writeHead(400, SECURITY_HEADERS).end('exactly one Host header');
      return;
    }
    const host = req.headers.host ?? '';
    if (host !== new URL(origin).host && host !== `localhost:${new URL(origin).port}`) {
      res.writeHead(421, SECURITY_HEADERS).end('wrong host');
      return;
    }
    const url = parseRequestPath(req.url);
    if (!url) {
      res.writeHead(400, SECURITY_HEADERS).end('bad request path');
      return;
    }
    if (!url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, SECURITY_HEADERS).end();
        return;
      }
      serveStatic(rendererDir, url.pathname, res, SECURITY_HEADERS);
      return;
    }
    const requestOrigin = req.headers.origin;
    if (requestOrigin && requestOrigin !== origin && requestOrigin !== origin.replace('127.0.0.1', 'localhost')) {
      json(res, 403, { ok: false, error: { code: 'forbidden', message: 'cross-origin requests are refused' } });
      return;
    }
    if (!authorized(req)) {
      json(res, 401, { ok: false, error: { code: 'unauthorized', message: 'missing or wrong token: open the URL printed at start-up' } });
      return;
    }
    if (url.pathname === '/api/events' && req.method === 'GET') {
      openEventStream(res);
      return;
    }
    if (req.method !== 'POST') {
      json(res, 405, { ok: false, error: { code: 'invalid_request', message: 'API calls are POST' } });
      return;
    }
    if (url.pathname === '/api/upload') {
      receiveUpload(req, res);
      return;
    }
    const channel = decodeOrUndefined(url.pathname.slice('/api/'.length));
    if (channel === undefined) {
      json(res, 400, { ok: false, error: { code: 'invalid_request', message: 'the channel name in the path has a malformed %-escape' } });
      return;
    }
    const contentType = String(req.headers['content-type'] ?? 'application/json');
    if (!/^application\/json\b/i.test(contentType) && !/^text\/plain\b/i.test(contentType)) {
      req.resume();
      json(res, 415, { ok: false, error: { code: 'invalid_request', message: `API calls send JSON, not ${contentType.slice(0, 60)}` } });
      return;
    }
    readBody(req, maxBody, inFlight)
      .then(async (text) => {
        let payload: unknown;
        try {
          payload = text.length ? JSON.parse(text) : {};
        } catch (err) {
          json(res, 400, { ok: false, error: { code: 'invalid_request', message: `body is not JSON: ${(err as Error).message}` } });
          return;
        }
        const result = await options.dispatch(channel, payload);
        json(res, 200, result);
      })
      .catch((err: Error) => {
        if (res.headersSent || res.destroyed) return;
        // A refused body is not read to its end: the connection closes rather than wait for it.
        if (err instanceof BodyRefused && err.status === 413) res.setHeader('Connection', 'close');
        if (err instanceof BodyRefused)
          err.status === 503 ? busy(res) : json(res, err.status, { ok: false, error: { code: 'invalid_request', message: err.message } });
        else json(res, 500, { ok: false, error: internalError(err.message) });
      });
  };

  const server = http.createServer(
    {
      requestTimeout: options.requestTimeoutMs ?? 120_000,
      headersTimeout: Math.min(options.requestTimeoutMs ?? 60_000, 60_000),
      connectionsCheckingInterval: Math.min(options.requestTimeoutMs ?? 30_000, 30_000) / 4,
    },
    (req, res) => {
      // One request must never end the server: whatever a handler throws becomes this request's 500.
      try {
        handle(req, res);
      } catch (err) {
        if (!res.headersSent) json(res, 500, { ok: false, error: { code: 'internal', message: (err as Error).message } });
        else res.destroy();
      }
    },
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const status =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    else socket.destroy();
  });

  /** Raw file body; its size must be declared up front and is checked before anything is read. */
  function receiveUpload(req: http.IncomingMessage, res: http.ServerResponse) {
    const imports = options.imports;
    if (!imports) {
      json(res, 404, { ok: false, error: { code: 'unsupported', message: 'uploads are not enabled' } });
      return;
    }
    const declared = Number(req.headers['content-length']);
    const fileName = decodeOrUndefined(String(req.headers['x-file-name'] ?? 'upload'));
    if (fileName === undefined) {
      req.resume();
      json(res, 400, { ok: false, error: { code: 'invalid_request', message: 'the X-File-Name header has a malformed %-escape', field: 'X-File-Name' } });
      return;
    }
    if (!Number.isFinite(declared) || declared > imports.maxBytes) {
      req.resume();
      const message = Number.isFinite(declared)
        ? `the file is ${(declared / 1e6).toFixed(1)} MB; workload files are at most ${(imports.maxBytes / 1e6).toFixed(0)} MB`
        : 'the upload must state its length';
      json(res, 413, { ok: false, error: { code: 'invalid_request', message, field: 'file' } });
      return;
    }
    if (!inFlight.reserve(declared)) {
      req.resume();
      busy(res);
      return;
    }
    imports
      .openUpload(req, fileName, declared)
      .then((file) => json(res, 200, { ok: true, data: file }))
      .finally(() => inFlight.release(declared))
      .catch((err: Error) => {
        if (res.headersSent || res.destroyed) return;
        const known = err instanceof ServiceError;
        json(res, known ? 400 : 500, {
          ok: false,
          error: { code: known ? err.code : 'internal', message: known ? err.message : `upload failed: ${err.message}`, field: 'file' },
        });
      });
  }

  function openEventStream(res: http.ServerResponse) {
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    res.on('close', () => streams.delete(res));
  }

  const unsubscribe = options.events.subscribe((event: PushEvent) => {
    const frame = `data: ${JSON.stringify(event)}\n\n`;
    for (const res of streams) res.write(frame);
  });
  // Keeps idle proxies and the browser from dropping the event stream.
  const keepAlive = setInterval(() => {
    for (const res of streams) res.write(': keep-alive\n\n');
  }, 15000);
  keepAlive.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        clearInterval(keepAlive);
        for (const res of streams) res.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
