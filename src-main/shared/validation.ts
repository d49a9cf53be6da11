import type { z } from 'zod';
import type { ApiError } from './result';

/** Dotted form of a zod issue path (`racks.0.hosts.2.name`); empty path means the whole value. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** Every problem of a failed parse, each with the field it belongs to, in schema order. */
export function problemsOf(error: z.ZodError, prefix = ''): FieldProblem[] {
  return error.issues.map((issue) => {
    const field = [prefix, fieldPath(issue.path)].filter(Boolean).join('.');
    return { field, message: issue.message };
  });
}

/** One ApiError for a failed parse: the first problem, with a count of the rest. */
export function invalidRequest(error: z.ZodError, prefix = ''): ApiError {
  const problems = problemsOf(error, prefix);
  const first = problems[0] ?? { field: prefix, message: 'invalid value' };
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  return {
    code: 'invalid_request',
    message: `${first.field || 'request'}: ${first.message}${more}`,
    ...(first.field ? { field: first.field } : {}),
  };
}
