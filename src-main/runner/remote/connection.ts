import type { ConnectionOptions } from 'bullmq';
import { redactRedisUrls, redisUrlCredentials } from '@shared/api/redisUrl';

/** Where a studio's runs queue: a Redis server and the queue's name there. */
export interface QueueTarget {
  connection: ConnectionOptions & { host: string; port: number };
  /** The queue's name (several studios may share one Redis under different names). */
  name: string;
  /** The address with any password hidden: what logs and messages may show. */
  display: string;
}

export class QueueUrlError extends Error {}

/**
 * `redis://[user[:password]@]host[:port][/db][?queue=NAME]`, or `rediss://` for TLS. A password
 * not in the URL comes from the REDIS_PASSWORD environment variable, so it need not appear on a
 * command line. The password is never part of `display`.
 */
export function queueTarget(url: string, env: NodeJS.ProcessEnv = process.env): QueueTarget {
  // Said before any parser reads it: a "/" in a password ends the host for a URL parser, which
  // would then report (or connect to) a "host" that is half the password.
  const credentials = redisUrlCredentials(url);
  if (credentials !== undefined && /[/?#]/.test(credentials)) {
    throw new QueueUrlError(
      'the user name or password in the queue URL holds "/", "?" or "#": write them as %2F, %3F and %23, or give the password in the REDIS_PASSWORD environment variable instead',
    );
  }
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new QueueUrlError(`"${redactRedisUrls(url)}" is not a Redis URL (redis://host:port or rediss://host:port for TLS)`);
  }
  if (u.hostname === '') throw new QueueUrlError(`"${redactRedisUrls(url)}" names no host (redis://host:port or rediss://host:port for TLS)`);
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new QueueUrlError(`a queue URL starts with redis:// or rediss:// (TLS), not ${u.protocol}//`);
  const db = u.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new QueueUrlError(`the database in a Redis URL is a number (redis://host:6379/0), not "${db}"`);
  const name = u.searchParams.get('queue') ?? 'workload-studio';
  if (!/^[\w.-]{1,80}$/.test(name)) throw new QueueUrlError(`the queue name "${name}" may use letters, digits, "_", "." and "-" (at most 80)`);
  const username = u.username ? decoded(u.username, 'user name') : undefined;
  const password = u.password ? decoded(u.password, 'password') : env.REDIS_PASSWORD;
  const port = u.port ? Number(u.port) : 6379;
  return {
    connection: {
      host: u.hostname,
      port,
      ...(username ? { username } : {}),
      ...(password ? { password } : {}),
      ...(db ? { db: Number(db) } : {}),
      ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
      // BullMQ's workers block on Redis: they must not give up a command after a few retries.
      maxRetriesPerRequest: null,
    },
    name,
    display: `${u.protocol}//${u.username ? `${u.username}:***@` : password ? '***@' : ''}${u.hostname}:${port}${db ? `/${db}` : ''} (queue ${name})`,
  };
}

/** A %-escaped part of the URL as text; a malformed escape is said in words, never as a URIError. */
function decoded(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new QueueUrlError(`the ${what} in the queue URL has a malformed %-escape: a "%" is followed by two hex digits (write "%" itself as %25)`);
  }
}
