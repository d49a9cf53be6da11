import type { ConnectionOptions } from 'bullmq';
import { parseQueueUrl, QueueUrlError } from '@shared/api/queueUrl';

/** Where a studio's runs queue: a Redis server and the queue's name there. */
export interface QueueTarget {
  connection: ConnectionOptions & { host: string; port: number };
  /** The queue's name (several studios may share one Redis under different names). */
  name: string;
  /** The address with any password hidden: what logs and messages may show. */
  display: string;
}

export { QueueUrlError };

/**
 * The queue a URL names (shared/api/queueUrl.ts reads it; its errors are QueueUrlError). A password
 * not in the URL comes from the REDIS_PASSWORD environment variable, so it need not appear on a
 * command line. The password is never part of `display`.
 */
export function queueTarget(url: string, env: NodeJS.ProcessEnv = process.env): QueueTarget {
  const u = parseQueueUrl(url);
  const password = u.password ?? env.REDIS_PASSWORD;
  return {
    connection: {
      host: u.host,
      port: u.port,
      ...(u.username ? { username: u.username } : {}),
      ...(password ? { password } : {}),
      ...(u.db !== undefined ? { db: u.db } : {}),
      ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
      // BullMQ's workers block on Redis: they must not give up a command after a few retries.
      maxRetriesPerRequest: null,
    },
    name: u.name,
    display: `${u.protocol}//${u.username ? `${u.username}:***@` : password ? '***@' : ''}${u.host}:${u.port}${u.db !== undefined ? `/${u.db}` : ''} (queue ${u.name})`,
  };
}
