import { ResultFileSchema, type ResultFile } from '../experiment/experiment';
import { planBatch, recordedBatch } from '../experiment/batchPlan';
import { planNameOf } from '../experiment/runNames';
import type { TraceProblem } from '../workload/imports';
import { parseJsonText, syntaxProblem, withLines } from '../files/jsonText';
import { formatOf } from '../files/fileEnvelope';
import { otherStudioFileWords } from '../files/studioFiles';
import { problemsOf } from '../api/validation';
import { prettyJsonChunks } from '../files/jsonChunks';

/**
 * Result files (docs/result.schema.json): what `run --out` writes and the run history exports, and
 * what the studio opens into a comparison without running anything again.
 */

/** The tag a batch opened from a result file carries, so the history (and its page) tells it from the studio's own runs. */
export const FROM_FILE_TAG = 'from a result file';

/** The file's text, as `run --out` writes it: the same result is the same bytes. */
export function resultFileText(result: ResultFile): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/** The same text in chunks, for results larger than one string may hold (a million jobs, several runs). */
export function* resultFileChunks(result: ResultFile): Generator<string> {
  yield* prettyJsonChunks(result);
  yield '\n';
}

export type ResultFileRead = { ok: true; result: ResultFile } | { ok: false; problems: TraceProblem[] };

/** Read a result file's text: JSON errors by line and column, schema problems by field and line. */
export function readResultText(text: string, fileName: string): ResultFileRead {
  const json = parseJsonText(text, fileName);
  if (!json.ok) return { ok: false, problems: [syntaxProblem(json.message)] };
  const other = otherStudioFileWords(formatOf(json.value), 'workload-studio.result', 'result');
  if (other) return { ok: false, problems: withLines(text, [{ field: 'format', message: other }]) };
  const parsed = ResultFileSchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, problems: withLines(text, problemsOf(parsed.error)) };
  return { ok: true, result: withTodaysNames(parsed.data) };
}

/**
 * The file's runs under the names this build gives them, where an earlier build named them
 * otherwise (runNames.ts formerRunNames: "fifo" is now "FIFO"), so a report, a replay and the
 * Reproduce area find each run as a fresh result names it. A file without its experiment keeps its
 * names; so does a run whose name no configuration of the experiment gives.
 */
function withTodaysNames(result: ResultFile): ResultFile {
  const inputs = recordedBatch(result.inputs);
  if (!inputs) return result;
  const nameOf = planNameOf(inputs, planBatch(inputs));
  return { ...result, runs: result.runs.map((r) => ({ ...r, scheduler: nameOf(r.scheduler) ?? r.scheduler })) };
}

export const REPORT_FORMATS = ['html', 'pdf', 'csv', 'json', 'zip'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A file the studio hands the user to save (a report, a result). */
export interface ExportedFile {
  name: string;
  type: string;
  /** Text as is; a PDF's bytes in base64 (the transports carry JSON). */
  content: string;
  encoding: 'utf8' | 'base64';
}
