/**
 * Where the password of the Redis queue (settings `queue`) is kept: never in the settings file,
 * the store, logs or reports. The desktop app keeps it in the system keychain
 * (app/keychainPassword.ts, Electron's safeStorage); `serve` has no keychain and keeps it in memory
 * for as long as it runs. REDIS_PASSWORD in the environment is used when none was entered.
 */
export interface QueuePassword {
  readonly where: 'keychain' | 'session';
  read(): string | undefined;
  /** Keep a password, or forget it (null). Throws when it cannot be kept safely. */
  write(password: string | null): void;
}

/** A password kept in this process's memory only. */
export function sessionPassword(): QueuePassword {
  let value: string | undefined;
  return {
    where: 'session',
    read: () => value,
    write: (password) => {
      value = password ?? undefined;
    },
  };
}

/** The environment a queue connection reads its password from: the entered one first. */
export function queueEnvironment(password: QueuePassword, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const entered = password.read();
  return entered ? { ...env, REDIS_PASSWORD: entered } : env;
}
