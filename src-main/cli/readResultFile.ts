import type { ResultFile } from '@shared/experiment/experiment';
import { describeProblem } from '@shared/workload/imports';
import { readResultText } from '@shared/results/resultFile';
import type { CliIo } from './output';
import { MAX_RESULT_BYTES, readCliFile } from './readCliFile';

/** Read and validate a result file written by `run --out`; a bad file is a message naming the field and line. */
export function readResultFile(file: string): { ok: true; result: ResultFile } | { ok: false; message: string } {
  const text = readCliFile(file, 'result file', MAX_RESULT_BYTES);
  const read = readResultText(text, file);
  if (read.ok) return read;
  const [first] = read.problems;
  return { ok: false, message: first.field ? `${file} is not a result file: ${describeProblem(first)}` : first.message };
}

/** The result file for a command, or undefined after telling the user what is wrong with it (exit 1). */
export function resultFileOrSay(file: string, io: CliIo): ResultFile | undefined {
  const read = readResultFile(file);
  if (read.ok) return read.result;
  io.err(`error: ${read.message}\n`);
  return undefined;
}
