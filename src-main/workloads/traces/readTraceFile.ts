import * as fs from 'node:fs';
import type { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { StringDecoder } from 'node:string_decoder';
import { DETECT_HEAD_CHARS, detectTraceFormat } from './detect';
import { ourCsvReader } from './ourCsv';
import { ourJsonReader } from './ourJson';
import { rumenReader } from './rumen';
import { slsReader } from './sls';
import { swimReader } from './swim';
import { synthReader } from './synth';
import type { TraceFormat, TraceImport, TraceReader } from './types';
import type { TraceReplay } from '@shared/workload/imports';
import { fileErrorWords } from '@shared/files/fileErrorWords';
import { encodingProblem, isGzip, utf16Problem, withoutBom } from '@shared/files/textEncoding';

/** Workload files above this are refused before a byte is read (the full SWIM trace is 200 KB). */
export const MAX_TRACE_BYTES = 512 * 1024 * 1024;

export class TraceFileError extends Error {}
export class ImportCancelled extends Error {
  constructor() {
    super('import cancelled');
  }
}

export interface ReadTraceOptions {
  /** Detected from the content when absent. */
  format?: TraceFormat;
  blockSizeMb?: number;
  maxBytes?: number;
  signal?: AbortSignal;
  onProgress?: (bytesRead: number, bytes: number, jobs: number) => void;
  /** Expand a generator description even beyond `LARGE_GENERATED` (the user said yes). */
  allowLarge?: boolean;
  /** A Rumen trace's tasks priced from their bytes (the default) or replaying their own times. */
  replay?: TraceReplay;
}

export function traceReader(format: TraceFormat, blockSizeMb: number, allowLarge = false, replay: TraceReplay = 'bytes'): TraceReader {
  switch (format) {
    case 'swim':
      return swimReader(blockSizeMb);
    case 'sls':
      return slsReader();
    case 'rumen':
      return rumenReader(Infinity, replay);
    case 'synth':
      return synthReader(Infinity, allowLarge);
    case 'json':
      return ourJsonReader();
    case 'csv':
      return ourCsvReader();
  }
}

/** Whether the file is gzip-compressed (its first two bytes), as Rumen's job traces often are (job-trace.json.gz). */
function isGzipFile(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const magic = Buffer.alloc(2);
    return isGzip(magic.subarray(0, fs.readSync(fd, magic, 0, 2, 0)));
  } finally {
    fs.closeSync(fd);
  }
}

/** The file's bytes as the reader sees them: the file itself, or what it unpacks to; `raw` counts the file's own bytes read. */
function openBytes(file: string, gzip: boolean): { bytes: Readable; raw: fs.ReadStream } {
  const raw = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
  if (!gzip) return { bytes: raw, raw };
  const unpacked = zlib.createGunzip({ chunkSize: 1024 * 1024 });
  raw.on('error', (err) => unpacked.destroy(err));
  return { bytes: raw.pipe(unpacked), raw };
}

/** A damaged archive said in words (zlib says "incorrect header check" or "unexpected end of file"). */
function unpackError(err: unknown): TraceFileError | undefined {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  return code.startsWith('Z_') ? new TraceFileError(`the gzip archive is damaged and cannot be unpacked (${(err as Error).message})`) : undefined;
}

/** The first DETECT_HEAD_CHARS bytes the reader would see, as text. */
async function readHead(file: string, gzip: boolean): Promise<string> {
  const { bytes, raw } = openBytes(file, gzip);
  const parts: Buffer[] = [];
  let n = 0;
  try {
    for await (const chunk of bytes as AsyncIterable<Buffer>) {
      parts.push(chunk);
      n += chunk.length;
      if (n >= DETECT_HEAD_CHARS) break;
    }
  } catch (err) {
    throw unpackError(err) ?? err;
  } finally {
    bytes.destroy();
    raw.destroy();
  }
  return Buffer.concat(parts).subarray(0, DETECT_HEAD_CHARS).toString('utf8');
}

/**
 * Import a workload file in chunks: size checked before reading, format detected from the first
 * 64 KB, then streamed through the format's reader with progress after each chunk and a cancel
 * checked between chunks. Nothing is stored here; the caller decides what to do with the result.
 */
export async function readTraceFile(file: string, options: ReadTraceOptions = {}): Promise<TraceImport> {
  let bytes: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new TraceFileError(`${file} is not a file`);
    bytes = stat.size;
  } catch (err) {
    if (err instanceof TraceFileError) throw err;
    throw new TraceFileError(`cannot read ${file}: ${fileErrorWords(err)}`);
  }
  const max = options.maxBytes ?? MAX_TRACE_BYTES;
  if (bytes > max) throw new TraceFileError(`the file is ${(bytes / 1e6).toFixed(1)} MB; workload files are at most ${(max / 1e6).toFixed(0)} MB`);
  if (bytes === 0) throw new TraceFileError('the file is empty');

  const gzip = isGzipFile(file);
  const head = await readHead(file, gzip);
  if (gzip && head.length === 0) throw new TraceFileError('the gzip archive unpacks to an empty file');
  // A binary file is named as such unless the user forced a format (then its lines are read, and refused one by one).
  const encoding = options.format ? utf16Problem(head) : encodingProblem(head);
  if (encoding) throw new TraceFileError(encoding);
  let format = options.format;
  if (!format) {
    const detected = detectTraceFormat(withoutBom(head));
    if (!detected.ok) throw new TraceFileError(detected.message);
    format = detected.format;
  }
  const reader = traceReader(format, options.blockSizeMb ?? 128, options.allowLarge, options.replay);
  const decoder = new StringDecoder('utf8');
  let read = 0;
  let first = true;
  const { bytes: stream, raw } = openBytes(file, gzip);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (options.signal?.aborted) throw new ImportCancelled();
      read += chunk.length;
      // The size from stat is what the file said when it was opened; a file that grows is cut off,
      // and an archive is held to the same limit unpacked.
      if (read > max)
        throw new TraceFileError(
          gzip
            ? `the gzip archive unpacks to more than ${Number((max / 1e6).toPrecision(3))} MB; workload files are at most that`
            : `the file grew past ${(max / 1e6).toFixed(0)} MB while it was read; workload files are at most that`,
        );
      const text = decoder.write(chunk);
      // A UTF-8 byte-order mark is not data: every format would read it as part of its first field.
      reader.push(first ? withoutBom(text) : text);
      if (text) first = false;
      // Progress is in the file's own bytes, which the total counts.
      options.onProgress?.(Math.min(raw.bytesRead, bytes), bytes, 0);
    }
  } catch (err) {
    throw unpackError(err) ?? err;
  } finally {
    stream.destroy();
    raw.destroy();
  }
  if (options.signal?.aborted) throw new ImportCancelled();
  reader.push(decoder.end());
  const result = reader.end();
  options.onProgress?.(bytes, bytes, result.jobs.length);
  return result;
}
