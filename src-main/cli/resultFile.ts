import * as fs from 'node:fs';
import { ResultFileSchema, type ResultFile } from '@shared/experiment';
import { parseJsonText } from '@shared/jsonText';
import { problemsOf } from '@shared/validation';
import { CliUsageError, type CliIo } from './output';

/** Read and validate a result file written by `run --out`; a bad file is a message naming the field. */
export function readResultFile(file: string): { ok: true; result: ResultFile } | { ok: false; message: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliUsageError(`cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const json = parseJsonText(text, file);
  if (!json.ok) return { ok: false, message: json.message };
  const parsed = ResultFileSchema.safeParse(json.value);
  if (!parsed.success) {
    const p = problemsOf(parsed.error)[0];
    return { ok: false, message: `${file} is not a result file: ${p.field}: ${p.message}` };
  }
  return { ok: true, result: parsed.data };
}

/** The result file for a command, or undefined after telling the user what is wrong with it (exit 1). */
export function resultFileOrSay(file: string, io: CliIo): ResultFile | undefined {
  const read = readResultFile(file);
  if (read.ok) return read.result;
  io.err(`error: ${read.message}\n`);
  return undefined;
}
