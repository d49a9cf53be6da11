import type { TraceFormat } from './types';
import { csvDelimiter } from './ourCsv';
import { otherStudioFileWords, yarnXmlWords } from '@shared/files/studioFiles';

export type Detection = { ok: true; format: TraceFormat } | { ok: false; message: string };

/** How much of a file the detector looks at: enough for the first record of every format. */
export const DETECT_HEAD_CHARS = 64 * 1024;

/**
 * The format of a workload file from its first characters, never from its name: JSON formats by
 * the keys they use, SWIM by its six tab-separated columns. Files that belong elsewhere (a cluster
 * or SLS node file) are named as such so the user knows where to import them.
 */
export function detectTraceFormat(head: string): Detection {
  const text = head.replace(/^\uFEFF/, '');
  if (looksBinary(text)) return { ok: false, message: 'this is a binary file (it holds bytes no text has), not a workload trace' };
  const firstCode = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(\S)/.exec(text)?.[1];
  if (firstCode === undefined) return { ok: false, message: 'the file is empty' };
  const yarn = yarnXmlWords(text);
  if (yarn) return { ok: false, message: yarn };
  if (firstCode === '{' || firstCode === '[') {
    if (/"format"\s*:\s*"workload-studio\.workload"/.test(text)) return { ok: true, format: 'json' };
    const other = otherStudioFileWords(/"format"\s*:\s*"(workload-studio\.[a-z]+)"/.exec(text)?.[1], 'workload-studio.workload');
    if (other) return { ok: false, message: other };
    if (/"job\.tasks"|"job\.start\.ms"/.test(text)) return { ok: true, format: 'sls' };
    if (/"mapTasks"|"jobID"|"submitTime"/.test(text)) return { ok: true, format: 'rumen' };
    if (/"job_classes"|"num_jobs"/.test(text)) return { ok: true, format: 'synth' };
    if (/"nodes"\s*:/.test(text) && /"node"\s*:/.test(text))
      return { ok: false, message: 'this is an SLS node file (a cluster, not a workload): import it on the Clusters page' };
    if (/"jobs"\s*:|"generate"\s*:/.test(text)) return { ok: true, format: 'json' };
    // A bare list of our jobs (a script's output, or the "jobs" of a workload file cut out).
    if (firstCode === '[' && /"template"\s*:/.test(text)) return { ok: true, format: 'json' };
    return { ok: false, message: 'JSON, but not a format the studio knows (SLS, SLS SYNTH, Rumen or a Workload Studio workload)' };
  }
  const firstLine = text.split(/\r?\n/).find((l) => l.trim() && !l.trim().startsWith('#')) ?? '';
  if (firstLine.split('\t').length >= 6) return { ok: true, format: 'swim' };
  // Our CSV's header names its columns; template and submit are the ones every job has.
  const header = firstLine.split(csvDelimiter(firstLine)).map((c) =>
    c
      .trim()
      .replace(/^\uFEFF/, '')
      .replace(/^"|"$/g, ''),
  );
  if (header.includes('template') && header.includes('submit')) return { ok: true, format: 'csv' };
  return {
    ok: false,
    message: 'not a format the studio knows: expected SWIM (six tab-separated columns), SLS, SLS SYNTH, Rumen, or a Workload Studio JSON or CSV file',
  };
}

/** Control characters no text file has (tab, newline and carriage return excepted), and bytes that are not UTF-8. */
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/g;

/** Whether decoded text came from a binary file: a NUL, or more than 1 % of characters no text holds. */
export function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true;
  const odd = text.match(NOT_TEXT)?.length ?? 0;
  return odd > Math.max(2, text.length * 0.01);
}
