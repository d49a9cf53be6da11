import { z } from 'zod';
import { ClusterSpecSchema, type ClusterSpec } from './cluster';
import { parseJsonText } from './jsonText';
import { problemsOf, type FieldProblem } from './validation';

/** Our cluster file: a versioned envelope around one ClusterSpec (docs/cluster-file.schema.json). */
export const CLUSTER_FILE_FORMAT = 'workload-studio.cluster';
export const CLUSTER_FILE_VERSION = 1;

const EnvelopeSchema = z.strictObject({
  format: z.literal(CLUSTER_FILE_FORMAT, { error: `must be "${CLUSTER_FILE_FORMAT}"` }),
  version: z.literal(CLUSTER_FILE_VERSION, { error: `must be ${CLUSTER_FILE_VERSION} (this studio reads version ${CLUSTER_FILE_VERSION})` }),
  exportedAt: z.string().optional(),
  cluster: ClusterSpecSchema,
});

export function serializeClusterFile(spec: ClusterSpec, exportedAt: string): string {
  return `${JSON.stringify({ format: CLUSTER_FILE_FORMAT, version: CLUSTER_FILE_VERSION, exportedAt, cluster: spec }, null, 2)}\n`;
}

export type ClusterFileParse = { ok: true; spec: ClusterSpec } | { ok: false; problems: FieldProblem[] };

/** Read our cluster file (or a bare ClusterSpec); every problem comes back with its field path. */
export function parseClusterFile(text: string): ClusterFileParse {
  const json = parseJsonText(text, 'the file');
  if (!json.ok) return { ok: false, problems: [{ field: '', message: json.message }] };
  const value = json.value;
  const isEnvelope = typeof value === 'object' && value !== null && 'format' in value;
  const parsed = isEnvelope ? EnvelopeSchema.safeParse(value) : ClusterSpecSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error) };
  return { ok: true, spec: isEnvelope ? (parsed.data as z.output<typeof EnvelopeSchema>).cluster : (parsed.data as ClusterSpec) };
}
