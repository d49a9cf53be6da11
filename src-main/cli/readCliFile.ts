import { readUserFile, UserFileError } from '../files/readUserFile';
import { CliUsageError } from './output';

/** Profiles, plans and other small JSON files the CLI reads. */
export const MAX_JSON_BYTES = 64 * 1024 * 1024;
/** Result files carry every job of every run: as large as experiments may be. */
export const MAX_RESULT_BYTES = 512 * 1024 * 1024;

/** A file named on the command line, read as files/readUserFile.ts reads it; a refusal is a usage error (exit 2). */
export function readCliFile(file: string, what: string, maxBytes: number): string {
  try {
    return readUserFile(file, what, maxBytes);
  } catch (err) {
    if (err instanceof UserFileError) throw new CliUsageError(err.message);
    throw err;
  }
}
