import { redactRedisUrls, redisUrlCredentials } from './redisUrl';

/** A queue URL that cannot be used, said in words (the URL in it with its password hidden). */
export class QueueUrlError extends Error {}

/** What a queue URL names: a Redis server, a database there and a queue's name. */
export interface QueueUrlParts {
  protocol: 'redis:' | 'rediss:';
  host: string;
  port: number;
  db?: number;
  /** The queue's name (several studios may share one Redis under different names). */
  name: string;
  username?: string;
  /** The password written in the URL, if any (settings refuse one; the CLI's --queue may hold one). */
  password?: string;
}

const HOW = 'redis://host:port or rediss://host:port for TLS';

/**
 * `redis://[user[:password]@]host[:port][/db][?queue=NAME]`, or `rediss://` for TLS, read the same
 * way where the settings take it and where a batch connects to it, so an address the settings
 * accept is one a batch can use. Throws QueueUrlError naming the part that is wrong.
 */
export function parseQueueUrl(url: string): QueueUrlParts {
  // Said before any parser reads it: a "/" in a password ends the host for a URL parser, which
  // would then report (or connect to) a "host" that is half the password.
  const credentials = redisUrlCredentials(url);
  if (credentials !== undefined && /[/?#]/.test(credentials)) {
    throw new QueueUrlError(
      'the user name or password in the queue URL holds "/", "?" or "#": write them as %2F, %3F and %23, or give the password in the REDIS_PASSWORD environment variable instead',
    );
  }
  // Said before the parser too, which refuses both as a whole ("not a URL") without saying which part.
  // After the last "@": whatever stands before it is credentials, a space in a password included.
  const authority = (/^rediss?:\/\/([^/?#]*)/i.exec(url.trim())?.[1] ?? '').split('@').pop()!;
  const port = /:(\d+)$/.exec(authority)?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
    throw new QueueUrlError(`the port ${port} is not one: a port is 1 to 65,535 (Redis's own is 6379)`);
  const host = authority.replace(/:\d*$/, '');
  if (/\s/.test(host)) throw new QueueUrlError(`the host "${host}" holds a space: a host name has none (${HOW})`);
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    throw new QueueUrlError(`"${redactRedisUrls(url)}" is not a Redis URL (${HOW})`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new QueueUrlError(`a queue URL starts with redis:// or rediss:// (TLS), not ${u.protocol}//`);
  if (u.hostname === '') throw new QueueUrlError(`"${redactRedisUrls(url)}" names no host (${HOW})`);
  const db = u.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new QueueUrlError(`the database in a Redis URL is a number (redis://host:6379/0), not "${db}"`);
  const name = u.searchParams.get('queue') ?? 'workload-studio';
  if (!/^[\w.-]{1,80}$/.test(name)) {
    throw new QueueUrlError(
      name === ''
        ? 'the queue name after "?queue=" is empty: write one, or leave "?queue=" out for the default, workload-studio'
        : `the queue name "${name}" may use letters, digits, "_", "." and "-" (at most 80)`,
    );
  }
  const username = u.username ? decoded(u.username, 'user name') : undefined;
  const password = u.password ? decoded(u.password, 'password') : undefined;
  return {
    protocol: u.protocol,
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    ...(db ? { db: Number(db) } : {}),
    name,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
  };
}

/** What is wrong with a queue URL, in words; undefined when a batch could use it. */
export function queueUrlProblem(url: string): string | undefined {
  try {
    parseQueueUrl(url);
    return undefined;
  } catch (err) {
    if (err instanceof QueueUrlError) return err.message;
    throw err;
  }
}

/** A %-escaped part of the URL as text; a malformed escape is said in words, never as a URIError. */
function decoded(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new QueueUrlError(`the ${what} in the queue URL has a malformed %-escape: a "%" is followed by two hex digits (write "%" itself as %25)`);
  }
}
