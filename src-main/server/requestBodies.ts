import type * as http from 'node:http';

/** Why a body was not read: its own size (413) or the total being received at once (503). */
export class BodyRefused extends Error {
  constructor(
    readonly status: 413 | 503,
    message: string,
  ) {
    super(message);
  }
}

/** What all request bodies being received at once may add up to, so many large ones cannot exhaust memory. */
export class BodyBudget {
  private used = 0;

  constructor(private readonly limit: number) {}

  /** Room for `bytes` more; false (nothing reserved) when the total would pass the limit. */
  reserve(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used -= bytes;
  }
}

/**
 * A JSON body, counted against the request's own limit and against the shared budget as it arrives.
 * A body that declares more than the limit is refused at once, before a byte of it is awaited.
 */
export function readBody(req: http.IncomingMessage, limit: number, budget: BodyBudget): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(new BodyRefused(413, `request body of ${declared} bytes declared, more than the ${limit} allowed`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      budget.release(size);
      if (err) {
        reject(err);
        req.resume();
      } else resolve(Buffer.concat(chunks).toString('utf8'));
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (size + chunk.length > limit) return finish(new BodyRefused(413, `request body larger than ${limit} bytes`));
      if (!budget.reserve(chunk.length)) return finish(new BodyRefused(503, 'too much at once'));
      size += chunk.length;
      chunks.push(chunk);
    });
    req.on('end', () => finish());
    req.on('error', (err) => finish(err));
    req.on('aborted', () => finish(new Error('the request was aborted')));
  });
}
