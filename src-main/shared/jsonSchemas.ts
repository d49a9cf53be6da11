import { z } from 'zod';
import { ClusterSpecSchema } from './cluster';
import { CLUSTER_FILE_FORMAT, CLUSTER_FILE_VERSION } from './clusterFile';

/**
 * JSON Schemas of the files people exchange with the studio, generated from the zod schemas the
 * studio itself validates with, so docs/ cannot drift from the code (a test compares them).
 * Cross-field rules (unknown type ids, VM memory) are checked by the studio, not by the schema.
 */
export function clusterFileJsonSchema(): object {
  const envelope = z.strictObject({
    format: z.literal(CLUSTER_FILE_FORMAT),
    version: z.literal(CLUSTER_FILE_VERSION),
    exportedAt: z.string().optional(),
    cluster: ClusterSpecSchema,
  });
  return {
    $id: 'https://workload-studio.invalid/schemas/cluster-file.schema.json',
    title: 'Workload Studio cluster file',
    ...z.toJSONSchema(envelope, { io: 'input', unrepresentable: 'any' }),
  };
}
