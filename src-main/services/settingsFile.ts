import * as fs from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { DEFAULT_SETTINGS, runThreadsFor, SettingsSchema, type Settings, type SettingsView } from '@shared/api/settings';
import { atomicWriteFile } from '../store/atomicWrite';
import { sessionPassword, type QueuePassword } from './queuePassword';

export const SETTINGS_FILE = 'settings.json';

/**
 * The settings file in the data folder (`settings.json`), written atomically. A missing or
 * unreadable file gives the defaults, an invalid setting its own default: settings are a
 * convenience, never a reason not to start.
 */
export class SettingsFile {
  readonly file: string;

  constructor(
    dataDir: string,
    /** The queue's password, kept apart from the file (queuePassword.ts). */
    readonly password: QueuePassword = sessionPassword(),
  ) {
    this.file = path.join(dataDir, SETTINGS_FILE);
  }

  read(): Settings {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
    const parsed = SettingsSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    // Each setting on its own: one a newer check refuses (a queue address an older build took)
    // falls back to its default without taking the others with it.
    const fields = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const threads = SettingsSchema.shape.runThreads.safeParse(fields.runThreads);
    const queue = SettingsSchema.shape.queue.safeParse(fields.queue);
    return { runThreads: threads.success ? threads.data : DEFAULT_SETTINGS.runThreads, queue: queue.success ? queue.data : DEFAULT_SETTINGS.queue };
  }

  write(settings: Settings): SettingsView {
    atomicWriteFile(this.file, new TextEncoder().encode(`${JSON.stringify(settings, null, 2)}\n`));
    return this.view();
  }

  view(): SettingsView {
    const cores = availableParallelism();
    return {
      settings: this.read(),
      cores,
      automaticThreads: runThreadsFor({ runThreads: null }, cores),
      queuePassword: { kept: this.password.read() !== undefined, where: this.password.where },
    };
  }

  /** Keep the queue's password (or forget it, null) where the password keeper keeps it. */
  writePassword(password: string | null): SettingsView {
    this.password.write(password);
    return this.view();
  }

  /** The queue the next batch goes to, if the user chose one. */
  queue(): string | undefined {
    return this.read().queue ?? undefined;
  }

  /** Runs at once for the next batch. */
  runThreads(): number {
    return runThreadsFor(this.read(), availableParallelism());
  }
}
