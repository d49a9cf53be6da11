import { ClusterSpecSchema, type ClusterSpec } from '@shared/cluster/cluster';
import { parseClusterFile } from '@shared/cluster/clusterFile';
import { problemsOf, type FieldProblem } from '@shared/api/validation';
import { clusterFromSlsNodes, looksLikeSlsNodes } from './slsNodes';
import { encodingProblem, withoutBom } from '@shared/files/textEncoding';

/** A cluster file of either kind the studio reads: ours, or a YARN SLS node file. */
export function parseAnyClusterFile(
  raw: string,
  fallbackName: string,
): { ok: true; spec: ClusterSpec; format: 'studio' | 'sls-nodes' } | { ok: false; problems: FieldProblem[] } {
  const encoding = encodingProblem(raw);
  if (encoding) return { ok: false, problems: [{ field: 'file', message: encoding }] };
  const text = withoutBom(raw);
  if (!looksLikeSlsNodes(text)) {
    const ours = parseClusterFile(text);
    return ours.ok ? { ...ours, format: 'studio' } : ours;
  }
  const sls = clusterFromSlsNodes(text, fallbackName);
  if (!sls.ok) return sls;
  const parsed = ClusterSpecSchema.safeParse(sls.spec);
  return parsed.success ? { ok: true, spec: parsed.data, format: 'sls-nodes' } : { ok: false, problems: problemsOf(parsed.error) };
}
