import { z } from 'zod';
import { AriaProfileSchema } from '../aria/profile';
import { ClusterFileSchema } from '../cluster/clusterFile';
import { ExperimentSchema, ResultFileSchema } from '../experiment/experiment';
import { WorkloadFileSchema } from '../workload/workloadFile';

/**
 * JSON Schemas of the files people exchange with the studio, generated from the zod schemas the
 * studio itself validates with, so docs/ cannot drift from the code (a test compares them).
 * Cross-field rules (unknown type ids, VM memory) are checked by the studio, not by the schema.
 */
export function clusterFileJsonSchema(): object {
  return {
    $id: 'https://workload-studio.invalid/schemas/cluster-file.schema.json',
    title: 'Workload Studio cluster file',
    ...z.toJSONSchema(ClusterFileSchema, { io: 'input', unrepresentable: 'any' }),
  };
}

/** Our workload file (`workloads export`, the editor's Export JSON). */
export function workloadFileJsonSchema(): object {
  return {
    $id: 'https://workload-studio.invalid/schemas/workload-file.schema.json',
    title: 'Workload Studio workload file',
    ...z.toJSONSchema(WorkloadFileSchema, { io: 'input', unrepresentable: 'any' }),
  };
}

/** The experiment file `workload-studio run` reads. */
export function experimentJsonSchema(): object {
  return {
    $id: 'https://workload-studio.invalid/schemas/experiment.schema.json',
    title: 'Workload Studio experiment',
    ...z.toJSONSchema(ExperimentSchema, { io: 'input', unrepresentable: 'any' }),
  };
}

/** The result file `workload-studio run` writes. */
export function resultJsonSchema(): object {
  return {
    $id: 'https://workload-studio.invalid/schemas/result.schema.json',
    title: 'Workload Studio run result',
    ...z.toJSONSchema(ResultFileSchema, { io: 'output', unrepresentable: 'any' }),
  };
}

/** An ARIA job profile as `workload-studio plan --profile` reads it (Verma et al. sec. 3.2). */
export function ariaProfileJsonSchema(): object {
  return {
    $id: 'https://workload-studio.invalid/schemas/aria-profile.schema.json',
    title: 'ARIA job profile',
    description: 'Performance invariants of one MapReduce application (Verma, Cherkasova, Campbell, Middleware 2011, sec. 3.2), in seconds and MB.',
    ...z.toJSONSchema(AriaProfileSchema, { io: 'input', unrepresentable: 'any' }),
  };
}

export const PUBLISHED_SCHEMAS: Record<string, () => object> = {
  'cluster-file.schema.json': clusterFileJsonSchema,
  'experiment.schema.json': experimentJsonSchema,
  'workload-file.schema.json': workloadFileJsonSchema,
  'result.schema.json': resultJsonSchema,
  'aria-profile.schema.json': ariaProfileJsonSchema,
};
