import { JobSpecSchema, MAX_SUBMIT_S, MAX_SUBMIT_WORDS, type JobSpec } from '@shared/workload/workload';
import { problemsOf } from '@shared/api/validation';
import type { TraceFormat, TraceImport, TraceProblem } from './types';
import { capMessage, quote } from '@shared/files/quote';
import { templateByName, unknownTemplateWords } from '../benchmarkTemplates';

/** Enough to show and fix a broken file; a garbage file of a million lines does not fill memory. */
export const MAX_KEPT_PROBLEMS = 1000;

/**
 * Where every importer's jobs end up: each job is checked against the workload schema (so an
 * import can never store what a run would later reject, e.g. a trace job with 10^12 maps), must
 * name one of the studio's templates, and job ids must be unique; a rejected job becomes a problem
 * at its line and the rest go on.
 */
export class TraceCollector {
  readonly jobs: JobSpec[] = [];
  private readonly problems: TraceProblem[] = [];
  private problemCount = 0;
  private readonly idLines = new Map<string, number>();

  constructor(
    readonly format: TraceFormat,
    private readonly limit = Infinity,
  ) {}

  get full(): boolean {
    return this.jobs.length >= this.limit;
  }

  problem(line: number, field: string, message: string): void {
    this.problemCount++;
    if (this.problems.length < MAX_KEPT_PROBLEMS) this.problems.push({ line, field, message: capMessage(message) });
  }

  accept(job: JobSpec, line: number): void {
    if (this.full) return;
    const parsed = JobSpecSchema.safeParse(job);
    if (!parsed.success) {
      const first = problemsOf(parsed.error)[0];
      this.problem(line, first.field, first.message);
      return;
    }
    // A template the studio does not have is the row's fault too; one written in other capitals is read as the studio's.
    const template = templateByName(parsed.data.template)?.name;
    if (template === undefined) {
      this.problem(line, 'template', unknownTemplateWords(parsed.data.template));
      return;
    }
    parsed.data.template = template;
    // A row, not the workload, is at fault: refused here so that --skip-bad can leave it out.
    if (parsed.data.submit > MAX_SUBMIT_S) {
      this.problem(line, 'submit', MAX_SUBMIT_WORDS);
      return;
    }
    const id = parsed.data.id;
    if (id !== undefined) {
      const seen = this.idLines.get(id);
      if (seen !== undefined) {
        this.problem(line, 'id', `duplicate job id ${quote(id)} (first on line ${seen})`);
        return;
      }
      this.idLines.set(id, line);
    }
    this.jobs.push(parsed.data);
  }

  /**
   * Take back accepted jobs that turn out wrong once the whole file is read (a Rumen job whose
   * arrival is only known relative to the first job's): each becomes a problem at its line.
   */
  withdraw(problemOf: (job: JobSpec, index: number) => TraceProblem | undefined): void {
    const kept: JobSpec[] = [];
    this.jobs.forEach((job, i) => {
      const p = problemOf(job, i);
      if (!p) kept.push(job);
      else {
        this.problem(p.line, p.field, p.message);
        if (job.id !== undefined) this.idLines.delete(job.id);
      }
    });
    this.jobs.splice(0, this.jobs.length, ...kept);
  }

  result(): TraceImport {
    return { format: this.format, jobs: this.jobs, problems: this.problems, problemCount: this.problemCount };
  }
}
