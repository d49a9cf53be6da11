import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';

/** The file-system steps of a crash-safe write; tests swap single steps to simulate a crash. */
export interface WriteIo {
  open(file: string, flags: string): number;
  write(fd: number, data: Uint8Array): void;
  fsync(fd: number): void;
  close(fd: number): void;
  rename(from: string, to: string): void;
  unlink(file: string): void;
}

export const nodeIo: WriteIo = {
  open: (file, flags) => fs.openSync(file, flags, 0o600),
  write: (fd, data) => {
    let offset = 0;
    while (offset < data.length) offset += fs.writeSync(fd, data, offset, data.length - offset);
  },
  fsync: (fd) => fs.fsyncSync(fd),
  close: (fd) => fs.closeSync(fd),
  rename: (from, to) => fs.renameSync(from, to),
  unlink: (file) => fs.rmSync(file, { force: true }),
};

export const TEMP_MARKER = '.tmp-';

/**
 * Replace `target` with `data` so that a crash at any instant leaves either the old file or the new
 * one, never a mix: write a temp file in the same folder (same file system, so rename is atomic),
 * fsync it, rename it over the target, then fsync the folder so the rename itself is durable.
 * `beforeRename` runs last before the rename and may throw to abandon the write (the temp file is
 * removed and the target left as it is).
 */
export function atomicWriteFile(target: string, data: Uint8Array, io: WriteIo = nodeIo, beforeRename?: () => void): void {
  const dir = path.dirname(target);
  const temp = path.join(dir, `${path.basename(target)}${TEMP_MARKER}${process.pid}-${randomBytes(4).toString('hex')}`);
  let fd: number | undefined;
  try {
    fd = io.open(temp, 'wx');
    io.write(fd, data);
    io.fsync(fd);
    io.close(fd);
    fd = undefined;
    beforeRename?.();
    io.rename(temp, target);
  } catch (err) {
    if (fd !== undefined) {
      try {
        io.close(fd);
      } catch {
        /* already failing; the original error matters more */
      }
    }
    try {
      io.unlink(temp);
    } catch {
      /* a stale temp file is removed at the next start */
    }
    throw err;
  }
  syncFolder(dir);
}

/** Make a rename durable. Windows cannot open folders for fsync; there NTFS journals the rename. */
function syncFolder(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

const TEMP_NAME = /\.sqlite\.tmp-\d+-[0-9a-f]{8}$/;

/**
 * Temp files of saves that never finished (the process died between writing and renaming). Only
 * the lock holder saves, so the holder may remove every one it finds; only names of ours go.
 */
export function removeTempFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const removed: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!TEMP_NAME.test(name)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}
