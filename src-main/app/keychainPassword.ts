import * as fs from 'node:fs';
import * as path from 'node:path';
import { safeStorage } from 'electron';
import type { QueuePassword } from '../services/queuePassword';

/**
 * The queue's password in the system keychain (Electron's safeStorage: Keychain on macOS, DPAPI on
 * Windows, the Secret Service or kwallet on Linux): what lands on disk, beside the store, is only
 * the ciphertext the keychain's key opens. Where the system has no such store the password is
 * refused with the reason, never written in clear.
 */
export function keychainPassword(dataDir: string): QueuePassword {
  const file = path.join(dataDir, 'queue-password.bin');
  return {
    where: 'keychain',
    read() {
      if (!fs.existsSync(file) || !safeStorage.isEncryptionAvailable()) return undefined;
      try {
        return safeStorage.decryptString(fs.readFileSync(file));
      } catch {
        return undefined; // another user's or machine's keychain: as if none were kept
      }
    },
    write(password) {
      if (password === null) {
        fs.rmSync(file, { force: true });
        return;
      }
      if (!safeStorage.isEncryptionAvailable())
        throw new Error('this system offers no keychain the studio can use: start the studio with REDIS_PASSWORD set instead');
      // Written beside and renamed over: a crash leaves the old password or the new, never half.
      const temp = `${file}.tmp`;
      fs.writeFileSync(temp, safeStorage.encryptString(password), { mode: 0o600 });
      fs.renameSync(temp, file);
    },
  };
}
