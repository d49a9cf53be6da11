import type { JobSpec } from '@shared/workload';
import { MB, mapsFromBytes, reducesFromBytes, type TraceImport, type TraceProblem } from './types';

const COLUMNS = ['job id', 'submit time', 'gap', 'map input bytes', 'shuffle bytes', 'reduce output bytes'] as const;

/**
 * SWIM workload files (tab-separated, no header): job id, submit time (s), gap to the previous job
 * (s), map input bytes, shuffle bytes, reduce output bytes. Tasks come from bytes (types.ts).
 */
export function parseSwim(text: string, blockSizeMb: number, limit = Infinity): TraceImport {
  const jobs: JobSpec[] = [];
  const problems: TraceProblem[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length && jobs.length < limit; i++) {
    const raw = lines[i].trim();
    if (!raw || raw.startsWith('#')) continue;
    const cells = raw.split('\t');
    if (cells.length < 6) {
      problems.push({ line: i + 1, field: COLUMNS[cells.length] ?? 'columns', message: `expected 6 tab-separated columns, found ${cells.length}` });
      continue;
    }
    const values: number[] = [];
    let bad = false;
    for (let c = 1; c < 6; c++) {
      const v = Number(cells[c]);
      if (cells[c].trim() === '' || !Number.isFinite(v) || v < 0) {
        problems.push({ line: i + 1, field: COLUMNS[c], message: `"${cells[c]}" is not a non-negative number` });
        bad = true;
        break;
      }
      values.push(v);
    }
    if (bad) continue;
    const [submit, , input, shuffle, output] = values;
    jobs.push({
      id: cells[0].trim() || `swim-${i + 1}`,
      template: 'Generic',
      submit,
      inputMb: input / MB,
      maps: mapsFromBytes(input, blockSizeMb),
      reduces: reducesFromBytes(shuffle),
      queue: 'default',
      dependsOn: [],
      shuffleMb: shuffle / MB,
      outputMb: output / MB,
    });
  }
  // Replay starts at the first job: times become relative to it.
  const t0 = jobs.reduce((m, j) => Math.min(m, j.submit), Infinity);
  for (const j of jobs) j.submit -= Number.isFinite(t0) ? t0 : 0;
  return { format: 'swim', jobs, problems };
}
