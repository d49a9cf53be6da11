import type { z } from 'zod';
import type { ApiError } from '../results/result';
import { problemsInWords } from './fieldLabels';
import type { DesignFix } from '../experiment/designFix';

/** Dotted form of a zod issue path (`racks.0.hosts.2.name`); empty path means the whole value. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

export interface FieldProblem {
  field: string;
  message: string;
  /** Where the user can fix it, when the studio can take them there (the designer's checks). */
  fix?: DesignFix;
}

/** Every problem of a failed parse, each with the field it belongs to, in schema order, said as a person would. */
export function problemsOf(error: z.ZodError, prefix = ''): FieldProblem[] {
  return error.issues.map((issue) => {
    const field = [prefix, fieldPath(issue.path)].filter(Boolean).join('.');
    return { field, message: humanMessage(issue) };
  });
}

/**
 * An editor's problems with its draft, by field path: the first message of each field, as the
 * services would say it when the draft is saved (the editors show them beside their fields).
 */
export function problemsByField(schema: z.ZodType, value: unknown): Record<string, string> {
  const parsed = schema.safeParse(value);
  const out: Record<string, string> = {};
  if (!parsed.success) for (const p of problemsOf(parsed.error)) if (!(p.field in out)) out[p.field] = p.message;
  return out;
}

/** zod's own wording starts with these; the studio's schemas word their messages in lower case. */
const ZOD_DEFAULT = /^(Invalid|Too small|Too big|Unrecognized key|Expected )/;
const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  tuple: 'a list',
  object: 'a group of settings',
  bigint: 'a number',
};
const n = (x: unknown) => (typeof x === 'number' || typeof x === 'bigint' ? x.toLocaleString('en-US') : String(x));

/**
 * A zod issue in words a user reads next to the field's label: "must be a number", "must be
 * positive", "must not be empty" — never "expected number, received string" or ">=1 characters".
 * Messages the schemas word themselves are kept.
 */
export function humanMessage(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return 'is required';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string') return Number(min) <= 1 ? 'must not be empty' : `must be at least ${n(min)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return Number(min) <= 1 ? 'needs at least one entry' : `needs at least ${n(min)} entries`;
      if (Number(min) === 0 && issue.inclusive === false) return 'must be positive';
      return issue.inclusive === false ? `must be more than ${n(min)}` : `must be at least ${n(min)}`;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `must be at most ${n(max)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `allows at most ${n(max)} entries`;
      return issue.inclusive === false ? `must be less than ${n(max)}` : `must be at most ${n(max)}`;
    }
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'uuid' ? 'must be the id of a saved item' : `is not a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `has unknown setting${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_union': {
      // A discriminated union with an unknown tag (a scheduler "kind", an arrival "kind") lists what it knows.
      const options = (issue as { options?: unknown[] }).options;
      if (options?.length) return `must be one of ${options.map((v) => String(v)).join(', ')}`;
      return unionOfTypes(issue.errors) ?? 'matches none of the forms it may take';
    }
    case 'not_multiple_of':
      return `must be a multiple of ${n(issue.divisor)}`;
    default:
      return 'is not valid here';
  }
}

/**
 * "must be a number or a list" where a value is none of the kinds a union takes (each form refused
 * it as a whole, by its type): what each form would have it be. Undefined when a form got further.
 */
function unionOfTypes(forms: readonly (readonly z.core.$ZodIssue[])[]): string | undefined {
  const kinds: string[] = [];
  const further: (readonly z.core.$ZodIssue[])[] = [];
  for (const issues of forms) {
    const only = issues.length === 1 ? issues[0] : undefined;
    if (only?.code !== 'invalid_type' || only.path.length > 0) {
      further.push(issues);
      continue;
    }
    const words = TYPE_WORDS[only.expected] ?? only.expected;
    if (!kinds.includes(words)) kinds.push(words);
  }
  // The one form the value is of the kind of: its own first problem ("a list" of one number: "needs at least 2 entries").
  if (further.length === 1 && further[0].length > 0) {
    const first = further[0][0];
    const where = first.path.map((k) => (typeof k === 'number' ? `entry ${k + 1}` : String(k))).join(' › ');
    return `${where ? `${where}: ` : ''}${humanMessage(first)}`;
  }
  return kinds.length && further.length === 0 ? `must be ${kinds.join(' or ')}` : undefined;
}

/** One ApiError for a failed parse: every problem in words, each field by its label; `field` is the first one's path, for the form to place it. */
export function invalidRequest(error: z.ZodError, prefix = ''): ApiError {
  const problems = problemsOf(error, prefix);
  const first = problems[0] ?? { field: prefix, message: 'invalid value' };
  return {
    code: 'invalid_request',
    message: problems.length ? problemsInWords(problems) : first.message,
    ...(first.field ? { field: first.field } : {}),
  };
}

/**
 * A fault in the studio itself (not in what the user gave it), as every transport answers it: in
 * words, without the channel's name, which means nothing to a reader; the log keeps the channel.
 */
export function internalError(message: string): ApiError {
  return { code: 'internal', message: `the studio could not do this because of a fault of its own, not of what you gave it (${message})` };
}
