import { parseWorkloadFile } from '@shared/workload/workloadFile';
import { MAX_KEPT_PROBLEMS } from './collector';
import type { TraceImport, TraceReader } from './types';

/** Our own workload JSON: one document, checked as a whole; problems name the field. */
export function ourJsonReader(): TraceReader {
  let text = '';
  return {
    format: 'json',
    push(chunk) {
      text += chunk;
    },
    end(): TraceImport {
      const parsed = parseWorkloadFile(text);
      if (!parsed.ok) {
        const problems = parsed.problems.map((p) => ({ line: 0, field: p.field || 'file', message: p.message }));
        return { format: 'json', jobs: [], problems: problems.slice(0, MAX_KEPT_PROBLEMS), problemCount: problems.length };
      }
      return { format: 'json', jobs: parsed.spec.jobs, problems: [], problemCount: 0, spec: parsed.spec };
    },
  };
}
