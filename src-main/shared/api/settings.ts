import { z } from 'zod';
import { queueUrlProblem } from './queueUrl';
import { redisUrlCredentials } from './redisUrl';

/**
 * A Redis queue the studio sends its batches to (`redis://host:6379[/db][?queue=NAME]`, or
 * rediss:// for TLS), where `workload-studio worker` processes run them. Never with a password:
 * settings are a plain file, so the password is entered apart (`settings:queuePassword`, kept in
 * the system keychain) or comes from the REDIS_PASSWORD environment variable.
 */
const queueUrl = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine((u) => /^rediss?:\/\/[^\s/?#]+/.test(u), 'must be a Redis address: redis://host:6379, or rediss://host:6380 for TLS')
  .refine((u) => !redisUrlCredentials(u)?.includes(':'), 'must not hold a password (settings are a plain file): enter it in the password field instead')
  // Whatever a batch could not connect with is refused here, not when the next batch fails on it.
  .superRefine((u, ctx) => {
    const problem = /^rediss?:\/\/[^\s/?#]+/.test(u) ? queueUrlProblem(u) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The studio's settings on this machine (a file beside the store, not in it: they describe the
 * machine, not the experiments). `runThreads` is how many runs of a batch simulate at once, one
 * per worker thread; null lets the studio choose (one per core but one, so the window stays
 * responsive). The result of a run never depends on it.
 */
export const SettingsSchema = z.strictObject({
  runThreads: z.number().int('must be a whole number').min(1, 'must be at least 1').max(256, 'must be at most 256').nullable(),
  /** Null: batches run on this machine. */
  queue: queueUrl.nullable().default(null),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = { runThreads: null, queue: null };

/** The settings with what the machine has, for the settings dialog. */
export interface SettingsView {
  settings: Settings;
  /** Cores this machine has. */
  cores: number;
  /** Runs at once when the studio chooses. */
  automaticThreads: number;
  /**
   * The queue's password: whether one is kept, and where (the system keychain in the app; this
   * session's memory in `serve`, which has none). The password itself never leaves the main process.
   */
  queuePassword: { kept: boolean; where: 'keychain' | 'session' };
}

/**
 * A queue to look at before saving it (Settings → "Check the queue"): the address as typed, and a
 * password typed but not yet kept, used for this look only (else the kept one, or REDIS_PASSWORD).
 */
export const QueueCheckSchema = z.strictObject({
  queue: queueUrl,
  password: z.string().min(1, 'must not be empty').max(512, 'must be at most 512 characters').optional(),
});

/** How runs waiting on a queue get a worker: said wherever a queue has none (a batch's notice, Settings' check). */
export const START_A_WORKER = '"workload-studio worker --queue" with that address, on any machine';

/** What one look at a queue found: whether its Redis answered, and how many workers listen on it (null: Redis would not say). */
export interface QueueCheck {
  reached: boolean;
  /** The address with any password hidden, and the queue's name. */
  display: string;
  workers: number | null;
  /** Why it could not be reached, in words. */
  problem?: string;
}

/** A password for the queue, to keep (or null: forget the one kept). */
export const QueuePasswordSchema = z.strictObject({
  password: z.string().min(1, 'must not be empty').max(512, 'must be at most 512 characters').nullable(),
});

/** Runs at once under `settings` on a machine with `cores` cores. */
export function runThreadsFor(settings: Pick<Settings, 'runThreads'>, cores: number): number {
  return settings.runThreads ?? Math.max(1, cores - 1);
}
