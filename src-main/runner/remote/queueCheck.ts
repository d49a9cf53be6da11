import type { QueueCheck } from '@shared/api/settings';
import type { QueueTarget } from './connection';

/** How long the check waits for Redis to answer before it says it cannot reach it. */
export const QUEUE_CHECK_MS = 4000;

/**
 * One look at a queue before a batch is sent to it (Settings → "Check the queue"): whether its Redis
 * answers with the credentials the studio would use, and how many `workload-studio worker`
 * processes listen on it now. A batch sent to a wrong address fails only after Redis has stayed
 * away for a while, and one sent to a queue with no worker waits there: this says either at once.
 * The connection is its own and closed at the end; it never retries.
 */
export async function checkQueue(target: QueueTarget, timeoutMs = QUEUE_CHECK_MS): Promise<QueueCheck> {
  const [{ Queue }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  const redis = new Redis({
    ...target.connection,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  // A refused or silent server is said in the answer, not as ioredis's unhandled error event. With
  // no retries, connect() then rejects only with "Connection is closed": the cause is this error.
  let cause: Error | undefined;
  redis.on('error', (err: Error) => (cause ??= err));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    await Promise.race([redis.connect().then(() => redis.ping()), late]);
  } catch (err) {
    clearTimeout(timer);
    redis.disconnect();
    return { reached: false, display: target.display, workers: null, problem: reason(cause ?? (err as Error)) };
  }
  clearTimeout(timer);
  const queue = new Queue(target.name, { connection: redis });
  try {
    // BullMQ counts the queue's workers from CLIENT LIST, which some managed services refuse.
    const workers = await queue.getWorkersCount().catch(() => null);
    return { reached: true, display: target.display, workers };
  } finally {
    await queue.close().catch(() => undefined);
    redis.disconnect();
  }
}

/** What went wrong, in words: a refused password by name, else the client's own message. */
function reason(err: Error): string {
  const text = err.message;
  if (/WRONGPASS|invalid username-password|NOAUTH|AUTH failed/i.test(text))
    return 'Redis refused the password (enter it as the queue password, or set REDIS_PASSWORD)';
  if (/ECONNREFUSED/.test(text)) return 'nothing listens there (connection refused)';
  if (/ENOTFOUND|EAI_AGAIN/.test(text)) return 'no such host';
  return text;
}
