import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BackupInfo } from '@shared/api/records';
import { atomicWriteFile } from './atomicWrite';

export const BACKUP_FOLDER = 'backups';
/** How many backups are kept; the oldest go first. */
export const BACKUPS_KEPT = 5;

const BACKUP_NAME = /^studio-(\d{8}T\d{6}\d{3}Z)-v(\d+)(?:-(\w+))?\.sqlite$/;

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

function parseStamp(s: string): string {
  // 20261121T212256123Z → 2026-11-21T21:22:56.123Z
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.slice(15, 18)}Z`;
}

export function backupDir(dataDir: string): string {
  return path.join(dataDir, BACKUP_FOLDER);
}

/** Copy the database bytes into `backups/` (crash-safely) and drop the oldest beyond the limit. */
export function writeBackup(dataDir: string, bytes: Uint8Array, schemaVersion: number, reason: string, now: Date): BackupInfo {
  const dir = backupDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const name = `studio-${stamp(now)}-v${schemaVersion}-${reason}.sqlite`;
  atomicWriteFile(path.join(dir, name), bytes);
  rotateBackups(dataDir);
  return { name, createdAt: now.toISOString(), bytes: bytes.length, schemaVersion };
}

/** Newest first. */
export function listBackups(dataDir: string): BackupInfo[] {
  const dir = backupDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const found: BackupInfo[] = [];
  for (const name of fs.readdirSync(dir)) {
    const m = BACKUP_NAME.exec(name);
    if (!m) continue;
    const size = fs.statSync(path.join(dir, name)).size;
    found.push({ name, createdAt: parseStamp(m[1]), bytes: size, schemaVersion: Number(m[2]) });
  }
  return found.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

export function rotateBackups(dataDir: string, keep = BACKUPS_KEPT): void {
  for (const old of listBackups(dataDir).slice(keep)) {
    fs.rmSync(path.join(backupDir(dataDir), old.name), { force: true });
  }
}

export function readBackup(dataDir: string, name: string): Uint8Array {
  if (!BACKUP_NAME.test(name)) throw new Error(`"${name}" is not a backup file name`);
  return fs.readFileSync(path.join(backupDir(dataDir), name));
}
