import { z } from 'zod';
import { parseJsonText } from './jsonText';
import { problemsOf, type FieldProblem } from '../api/validation';
import { otherStudioFileWords, yarnXmlWords } from './studioFiles';

/** A file read: its spec, and where the spec sits in the file ("workload." in an envelope, "" for a bare spec), for problems found later. */
export type EnvelopeParse<T> = { ok: true; spec: T; specPath: string } | { ok: false; problems: FieldProblem[] };

/** The `version` of one of our files: a file from a later studio is not a broken file, so the message says what to do about it. */
export function fileVersion<V extends number>(version: V) {
  return z.literal(version, {
    error: (issue) =>
      typeof issue.input === 'number' && issue.input > version
        ? `${issue.input}: the file was written by a newer Workload Studio; this one reads version ${version}, so update the studio to open it`
        : `must be ${version} (this studio reads version ${version})`,
  });
}

/** The `format` a parsed JSON file names ("workload-studio.result", …), if it names one: what it says it is. */
export function formatOf(value: unknown): string | undefined {
  const format = typeof value === 'object' && value !== null ? (value as { format?: unknown }).format : undefined;
  return typeof format === 'string' ? format : undefined;
}

/**
 * Our exchange files: `{ format, version, exportedAt, <key>: spec }`, so a file says what it is and
 * which version wrote it; a bare spec is read too. Every problem comes back with its field path.
 */
export function fileEnvelope<K extends string, S extends z.ZodType>(format: string, version: number, key: K, spec: S) {
  const schema = z.strictObject({
    format: z.literal(format, { error: `must be "${format}"` }),
    version: fileVersion(version),
    exportedAt: z.string().optional(),
    [key]: spec,
  } as { format: z.ZodLiteral<string>; version: z.ZodLiteral<number>; exportedAt: z.ZodOptional<z.ZodString> } & Record<K, S>);

  return {
    schema,
    serialize(value: z.output<S>, exportedAt: string): string {
      return `${JSON.stringify({ format, version, exportedAt, [key]: value }, null, 2)}\n`;
    },
    parse(text: string): EnvelopeParse<z.output<S>> {
      const yarn = yarnXmlWords(text);
      if (yarn) return { ok: false, problems: [{ field: '', message: yarn }] };
      const json = parseJsonText(text, 'the file');
      if (!json.ok) return { ok: false, problems: [{ field: '', message: json.message }] };
      const value = json.value;
      const other = otherStudioFileWords(formatOf(value), format);
      if (other) return { ok: false, problems: [{ field: 'format', message: other }] };
      const isEnvelope = typeof value === 'object' && value !== null && 'format' in value;
      // A file from a newer studio: its fields may all differ, and the one thing to do is to update.
      const written = isEnvelope ? (value as { version?: unknown }).version : undefined;
      if (formatOf(value) === format && typeof written === 'number' && written > version) {
        const said = schema.shape.version.safeParse(written);
        if (!said.success) return { ok: false, problems: problemsOf(said.error).map((p) => ({ ...p, field: 'version' })) };
      }
      const parsed = isEnvelope ? schema.safeParse(value) : spec.safeParse(value);
      if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error) };
      return {
        ok: true,
        spec: isEnvelope ? (parsed.data as Record<K, z.output<S>>)[key] : (parsed.data as z.output<S>),
        specPath: isEnvelope ? `${key}.` : '',
      };
    },
  };
}
