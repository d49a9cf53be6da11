import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileErrorWords } from '@shared/files/fileErrorWords';
import { MAX_PREVIEW_PROBLEMS, PREVIEW_ROWS, type ImportFile, type ImportPreview, type TraceFormat, type TraceReplay } from '@shared/workload/imports';
import { flaggedJobs, sizeHistogram } from '../workloads/traces/jobShape';
import { ImportCancelled, MAX_TRACE_BYTES, readTraceFile, TraceFileError } from '../workloads/traces/readTraceFile';
import type { TraceImport } from '../workloads/traces/types';
import { ServiceError } from './serviceError';
import { unmeetableJobs } from '@shared/workload/deadlineReach';

interface Session extends ImportFile {
  path: string;
  /** Uploaded copies are ours to delete; files picked in the dialog are the user's. */
  temporary: boolean;
  reading?: AbortController;
  result?: TraceImport;
}

/** Open import files kept at once; the oldest is dropped beyond this (someone abandoned a preview). */
const MAX_SESSIONS = 16;

/**
 * Files opened for a workload import, known to the renderer by a random token only — it never
 * names a path, so it cannot make main read arbitrary files. A file arrives from main's own
 * dialog (Electron), an upload to the loopback server (browser), or a path (CLI).
 */
export class ImportSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly uploadDir: string;

  constructor(
    private readonly onProgress: (file: string, bytesRead: number, bytes: number) => void,
    readonly maxBytes = MAX_TRACE_BYTES,
  ) {
    this.uploadDir = path.join(os.tmpdir(), `workload-studio-uploads-${process.pid}-${randomBytes(4).toString('hex')}`);
  }

  /** A file the user chose in a dialog or named on the command line. */
  openPath(file: string): ImportFile {
    let bytes: number;
    try {
      const stat = fs.statSync(file);
      if (!stat.isFile()) throw new ServiceError('invalid_request', `${file} is not a regular file (a folder, device or FIFO); name a file`, 'file');
      bytes = stat.size;
    } catch (err) {
      if (err instanceof ServiceError) throw err;
      throw new ServiceError('not_found', `cannot read ${file}: ${fileErrorWords(err)}`, 'file');
    }
    this.checkSize(bytes);
    return this.add({ path: file, fileName: path.basename(file), bytes, temporary: false });
  }

  /** An upload from the browser: refused by its declared size before a byte is read, and cut off if it lies. */
  async openUpload(body: Readable, fileName: string, declaredBytes: number): Promise<ImportFile> {
    this.checkSize(declaredBytes);
    fs.mkdirSync(this.uploadDir, { recursive: true, mode: 0o700 });
    const target = path.join(this.uploadDir, randomBytes(12).toString('hex'));
    let received = 0;
    const max = this.maxBytes;
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            received += chunk.length;
            if (received > max || received > declaredBytes) throw new ServiceError('invalid_request', 'the upload is larger than it said', 'file');
            yield chunk;
          }
        },
        fs.createWriteStream(target, { mode: 0o600 }),
      );
    } catch (err) {
      fs.rmSync(target, { force: true });
      throw err;
    }
    return this.add({ path: target, fileName: path.basename(fileName) || 'upload', bytes: received, temporary: true });
  }

  async preview(token: string, format?: TraceFormat, allowLarge = false, replay?: TraceReplay): Promise<ImportPreview> {
    const session = this.require(token);
    session.reading?.abort();
    const reading = new AbortController();
    session.reading = reading;
    session.result = undefined;
    try {
      session.result = await readTraceFile(session.path, {
        format,
        allowLarge,
        replay,
        maxBytes: this.maxBytes,
        signal: reading.signal,
        onProgress: (read, bytes) => this.onProgress(token, read, bytes),
      });
    } catch (err) {
      if (err instanceof ImportCancelled) throw new ServiceError('conflict', 'the import was cancelled', 'file');
      if (err instanceof TraceFileError) throw new ServiceError('invalid_request', err.message, 'file');
      throw err;
    } finally {
      if (session.reading === reading) session.reading = undefined;
    }
    return this.describe(token, session, session.result);
  }

  cancel(token: string): boolean {
    const session = this.sessions.get(token);
    if (!session) return false;
    const wasReading = Boolean(session.reading);
    session.reading?.abort();
    this.drop(token);
    return wasReading;
  }

  /** The parsed file (reading it if no preview was made), for the caller to store; the session ends. */
  async take(token: string): Promise<{ file: ImportFile; result: TraceImport; suggestedName: string }> {
    const session = this.require(token);
    if (!session.result) await this.preview(token);
    const result = session.result!;
    return { file: { file: token, fileName: session.fileName, bytes: session.bytes }, result, suggestedName: nameOf(result, session.fileName) };
  }

  /** Ends a session after its import was stored (or given up). */
  drop(token: string): void {
    const session = this.sessions.get(token);
    if (!session) return;
    this.sessions.delete(token);
    if (session.temporary) fs.rmSync(session.path, { force: true });
  }

  closeAll(): void {
    for (const token of [...this.sessions.keys()]) this.cancel(token);
    fs.rmSync(this.uploadDir, { recursive: true, force: true });
  }

  private checkSize(bytes: number): void {
    if (!Number.isFinite(bytes) || bytes < 0) throw new ServiceError('invalid_request', 'the file size is unknown', 'file');
    if (bytes === 0) throw new ServiceError('invalid_request', 'the file is empty', 'file');
    if (bytes > this.maxBytes)
      throw new ServiceError(
        'invalid_request',
        `the file is ${(bytes / 1e6).toFixed(1)} MB; workload files are at most ${(this.maxBytes / 1e6).toFixed(0)} MB`,
        'file',
      );
  }

  private add(session: Omit<Session, 'file'>): ImportFile {
    const token = randomBytes(18).toString('base64url');
    this.sessions.set(token, { ...session, file: token });
    while (this.sessions.size > MAX_SESSIONS) this.cancel(this.sessions.keys().next().value!);
    return { file: token, fileName: session.fileName, bytes: session.bytes };
  }

  private require(token: string): Session {
    const session = this.sessions.get(token);
    if (!session) throw new ServiceError('not_found', 'this import is no longer open (cancelled, finished or expired); choose the file again', 'file');
    return session;
  }

  private describe(token: string, session: Session, r: TraceImport): ImportPreview {
    let first = Infinity;
    let last = -Infinity;
    for (const j of r.jobs) {
      first = Math.min(first, j.submit);
      last = Math.max(last, j.submit);
    }
    return {
      file: token,
      fileName: session.fileName,
      bytes: session.bytes,
      format: r.format,
      jobs: r.jobs.length,
      tasks: r.jobs.reduce((s, j) => s + (j.maps ?? 0) + (j.reduces ?? 0), 0),
      mapsFromInput: r.jobs.filter((j) => j.maps === undefined).length,
      spanS: r.jobs.length ? last - first : 0,
      hasGenerator: Boolean(r.spec?.generate),
      withDeadlines: r.jobs.filter((j) => j.deadline !== undefined || j.deadlineFactor !== undefined).length,
      unmeetableDeadlines: unmeetableJobs(r.jobs).length,
      firstRows: r.jobs.slice(0, PREVIEW_ROWS),
      problems: r.problems.slice(0, MAX_PREVIEW_PROBLEMS),
      problemCount: r.problemCount,
      suggestedName: nameOf(r, session.fileName),
      sizes: sizeHistogram(r.jobs),
      ...flaggedJobs(r.jobs),
      ...(r.large ? { large: r.large } : {}),
    };
  }
}

/** The workload's own name, or the file's when it gives none (a trace, a bare list of jobs: the schema's default). */
function nameOf(r: TraceImport, fileName: string): string {
  return r.spec?.name && r.spec.name !== 'workload' ? r.spec.name : suggestedName(fileName);
}

/** "FB-2009_samples_24_times_1hr_0.tsv" → "FB-2009_samples_24_times_1hr_0"; "job-trace.json.gz" → "job-trace". */
function suggestedName(fileName: string): string {
  const base = fileName
    .replace(/\.gz$/i, '')
    .replace(/\.(tsv|txt|json|csv)$/i, '')
    .replace(/\.workload$/i, '')
    .trim();
  return (base || 'imported workload').slice(0, 80);
}
