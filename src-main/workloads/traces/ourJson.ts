import { parseWorkloadFile } from '@shared/workload/workloadFile';
import { parseJsonText } from '@shared/files/jsonText';
import type { WorkloadSpec } from '@shared/workload/workload';
import { templateByName, unknownTemplateWords } from '../benchmarkTemplates';
import { MAX_KEPT_PROBLEMS } from './collector';
import type { TraceImport, TraceProblem, TraceReader } from './types';

/**
 * Our own workload JSON: one document, checked as a whole; problems name the field. A bare list of
 * jobs is read as a workload of those jobs (its problems then at "jobs.3.maps").
 */
export function ourJsonReader(): TraceReader {
  let text = '';
  return {
    format: 'json',
    push(chunk) {
      text += chunk;
    },
    end(): TraceImport {
      const parsed = parseWorkloadFile(/^\uFEFF?\s*\[/.test(text) ? listAsWorkload(text) : text);
      if (!parsed.ok) {
        const problems = parsed.problems.map((p) => ({ line: 0, field: p.field || 'file', message: p.message }));
        return { format: 'json', jobs: [], problems: problems.slice(0, MAX_KEPT_PROBLEMS), problemCount: problems.length };
      }
      const problems = templateProblems(parsed.spec, parsed.specPath);
      if (problems.length > 0) return { format: 'json', jobs: [], problems: problems.slice(0, MAX_KEPT_PROBLEMS), problemCount: problems.length };
      return { format: 'json', jobs: parsed.spec.jobs, problems: [], problemCount: 0, spec: parsed.spec };
    },
  };
}

/**
 * Each template the studio does not have, at its job or generator entry, before anything is
 * stored; one written in other capitals is set to the studio's spelling, as a CSV row's is.
 */
function templateProblems(spec: WorkloadSpec, at: string): TraceProblem[] {
  const problems: TraceProblem[] = [];
  const check = (entry: { template: string }, field: string) => {
    const known = templateByName(entry.template)?.name;
    if (known === undefined) problems.push({ line: 0, field, message: unknownTemplateWords(entry.template) });
    else entry.template = known;
  };
  spec.jobs.forEach((j, i) => check(j, `${at}jobs.${i}.template`));
  spec.generate?.mix.forEach((m, i) => check(m, `${at}generate.mix.${i}.template`));
  return problems;
}

/** A bare list of jobs as a workload file's text; a list that is not JSON stays as it is, so its error keeps its line and column. */
function listAsWorkload(text: string): string {
  const json = parseJsonText(text, 'the file');
  return json.ok ? JSON.stringify({ jobs: json.value }) : text;
}
