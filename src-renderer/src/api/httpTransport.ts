import type { ApiResult } from '@shared/results/result';
import type { Transport } from './transport';

const TOKEN_KEY = 'workload-studio.token';

/**
 * The token arrives in the URL fragment (never sent to the server in a request line); it is kept
 * for this tab only and removed from the address bar so it is not bookmarked or shared by accident.
 */
export function takeTokenFromLocation(): string | undefined {
  const match = /(?:^#|&)token=([\w-]+)/.exec(window.location.hash);
  if (match) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return match[1];
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
}

/** Loopback HTTP: POST /api/<channel>, and server-sent events read from a streaming fetch. */
export function httpTransport(token: string | undefined): Transport {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let streaming = false;

  async function stream() {
    streaming = true;
    for (let delay = 500; ; delay = Math.min(delay * 2, 10000)) {
      try {
        const res = await fetch('/api/events', { headers: { Authorization: `Bearer ${token ?? ''}` } });
        if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
        delay = 500;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = frame
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (!data) continue;
            const { event, payload } = JSON.parse(data) as { event: string; payload: unknown };
            listeners.get(event)?.forEach((l) => l(payload));
          }
        }
      } catch {
        // The server restarted or the network blinked: reconnect with back-off.
      }
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  return {
    kind: 'http',
    async invoke(channel, request) {
      try {
        const res = await fetch(`/api/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token ?? ''}` },
          body: JSON.stringify(request ?? {}),
        });
        return (await res.json()) as ApiResult<unknown>;
      } catch (err) {
        return { ok: false, error: { code: 'internal', message: `the studio's server did not answer (${(err as Error).message})` } };
      }
    },
    async upload(file) {
      try {
        const res = await fetch('/api/upload', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token ?? ''}`, 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(file.name) },
          body: file,
        });
        return (await res.json()) as ApiResult<unknown>;
      } catch (err) {
        return { ok: false, error: { code: 'internal', message: `the upload failed (${(err as Error).message})` } };
      }
    },
    listen(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      if (!streaming) void stream();
      return () => listeners.get(event)?.delete(listener);
    },
  };
}
