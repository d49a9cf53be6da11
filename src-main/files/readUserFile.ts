import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { fileErrorWords } from '@shared/files/fileErrorWords';
import { isGzip } from '@shared/files/textEncoding';

/** Why a file a user named could not be read, in words that name the file. */
export class UserFileError extends Error {}

/**
 * Read a file the user named (an experiment, the cluster or trace it refers to, a file to import)
 * as text (a gzip file unpacked), whatever it claims to be: only a regular file (a device such as /dev/zero, a FIFO or a
 * folder is refused before a byte is read, and opening never waits on a FIFO), and never more than
 * `maxBytes`, counted while reading rather than trusted from `stat` (a file that grows, or
 * a /proc file that says 0, is cut off). `what` names the file in messages ("workload.trace.file").
 */
export function readUserFile(file: string, what: string, maxBytes: number): string {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no writer returns at once instead of blocking the process.
    // Windows has no such flag (Node leaves it undefined there, whatever the typings say).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (err) {
    throw new UserFileError(`${what}: cannot read ${file}: ${fileErrorWords(err)}`);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new UserFileError(`${what}: ${file} is not a regular file (${kindOf(stat)}); name a file`);
    if (stat.size > maxBytes)
      throw new UserFileError(`${what}: ${file} is ${stat.size.toLocaleString('en-US')} bytes, more than the ${maxBytes.toLocaleString('en-US')} allowed`);
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.allocUnsafe(Math.min(1 << 20, maxBytes + 1));
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new UserFileError(`${what}: ${file} holds more than the ${maxBytes.toLocaleString('en-US')} bytes allowed`);
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    const bytes = Buffer.concat(chunks, total);
    return (isGzip(bytes) ? gunzip(bytes, file, what, maxBytes) : bytes).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** A gzip file unpacked, held to the same limit unpacked as a plain file is. */
function gunzip(bytes: Buffer, file: string, what: string, maxBytes: number): Buffer {
  try {
    return zlib.gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_BUFFER_TOO_LARGE')
      throw new UserFileError(`${what}: ${file} unpacks to more than the ${maxBytes.toLocaleString('en-US')} bytes allowed`);
    throw new UserFileError(`${what}: ${file} is a damaged gzip archive and cannot be unpacked (${e.message})`);
  }
}

function kindOf(stat: fs.Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}
