import type { JobSpec } from '@shared/workload/workload';
import { TraceCollector } from './collector';
import { BYTES_PER_MB, mapsFromBytes, readAll, reducesFromBytes, type TraceImport, type TraceReader } from './types';
import { quote } from '@shared/files/quote';
import { readDecimal } from '@shared/decimal';

/** Control characters or undecodable bytes: a garbled or binary line, never a SWIM row. */
const BINARY_BYTES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/;
const COLUMNS = ['job id', 'submit time', 'gap', 'map input bytes', 'shuffle bytes', 'reduce output bytes'] as const;

/**
 * SWIM workload files (tab-separated, no header): job id, submit time (s), gap to the previous job
 * (s), map input bytes, shuffle bytes, reduce output bytes. Tasks come from bytes as SWIM's replay
 * makes them (types.ts).
 * Lines starting with `#` are comments.
 */
export function swimReader(blockSizeMb: number, limit = Infinity): TraceReader {
  const out = new TraceCollector('swim', limit);
  let partial = '';
  let lineNo = 0;

  const line = (raw: string) => {
    lineNo++;
    const text = raw.trim();
    if (!text || text.startsWith('#') || out.full) return;
    if (BINARY_BYTES.test(text)) {
      out.problem(lineNo, 'line', 'holds bytes no text has (a binary file?)');
      return;
    }
    const cells = text.split('\t');
    if (cells.length < 6) {
      out.problem(lineNo, COLUMNS[cells.length] ?? 'columns', `expected 6 tab-separated columns, found ${cells.length}`);
      return;
    }
    const values: number[] = [];
    for (let c = 1; c < 6; c++) {
      const v = readDecimal(cells[c]);
      if (cells[c].trim() === '' || !Number.isFinite(v) || v < 0) {
        out.problem(lineNo, COLUMNS[c], `${quote(cells[c])} is not a non-negative number`);
        return;
      }
      values.push(v);
    }
    const [submit, , input, shuffle, output] = values;
    const job: JobSpec = {
      id: cells[0].trim() || `swim-${lineNo}`,
      template: 'Generic',
      submit,
      inputMb: input / BYTES_PER_MB,
      maps: mapsFromBytes(input, blockSizeMb),
      reduces: reducesFromBytes(shuffle, output),
      queue: 'default',
      dependsOn: [],
      shuffleMb: shuffle / BYTES_PER_MB,
      outputMb: output / BYTES_PER_MB,
    };
    out.accept(job, lineNo);
  };

  return {
    format: 'swim',
    push(chunk) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) line(l);
    },
    end(): TraceImport {
      if (partial) line(partial);
      partial = '';
      // Replay starts at the first job: times become relative to it.
      const t0 = out.jobs.reduce((m, j) => Math.min(m, j.submit), Infinity);
      for (const j of out.jobs) j.submit -= Number.isFinite(t0) ? t0 : 0;
      return out.result();
    },
  };
}

export function parseSwim(text: string, blockSizeMb: number, limit = Infinity): TraceImport {
  return readAll(swimReader(blockSizeMb, limit), text);
}
