import { z } from 'zod';
import { AriaProfileSchema } from '../aria/profile';
import { ClusterFileSchema } from '../cluster/clusterFile';
import { ExperimentSchema, ResultFileSchema } from '../experiment/experiment';
import { WorkloadFileSchema } from '../workload/workloadFile';
import { builtInDescriptions, KIND_PATTERN, RecordedSchedulerSpecSchema, SchedulerSpecSchema, schedulerSpecJsonSchema } from '../schedulers';

/**
 * A scheduler spec is checked at parse time against the registry as it stands (plug-ins included),
 * which JSON Schema cannot say: a file's schema gives the built-ins' options there instead. Their
 * own definitions (the Capacity card's queue tree refers to itself) join the file's, named apart.
 */
function withSchedulerSpecs(io: 'input' | 'output', make: (params: object) => Record<string, unknown>): Record<string, unknown> {
  const spec = JSON.parse(JSON.stringify(schedulerSpecJsonSchema(io)).replaceAll('"#/$defs/', '"#/$defs/schedulerSpec')) as Record<string, unknown>;
  const { $defs: specDefs = {}, ...specSchema } = spec as { $defs?: Record<string, unknown> };
  const unknownCard = {
    type: 'object',
    description: "a card of a scheduler file of the user's (docs/plugins.md): its kind, and the options that file reads",
    // Not a built-in's kind: a built-in's card is held to its options above.
    properties: { kind: { type: 'string', pattern: KIND_PATTERN.source, not: { enum: builtInDescriptions().map((d) => d.kind) } }, label: { type: 'string' } },
    required: ['kind'],
  };
  const schema = make({
    io,
    unrepresentable: 'any',
    override(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }) {
      if (ctx.zodSchema !== SchedulerSpecSchema && ctx.zodSchema !== RecordedSchedulerSpecSchema) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
      // A result records the cards of the user's scheduler files too, whose options only the file knows.
      Object.assign(
        ctx.jsonSchema,
        ctx.zodSchema === SchedulerSpecSchema ? structuredClone(specSchema) : { anyOf: [structuredClone(specSchema), unknownCard] },
      );
    },
  });
  const defs = Object.fromEntries(Object.entries(specDefs).map(([name, def]) => [`schedulerSpec${name}`, def]));
  return Object.keys(defs).length ? { ...schema, $defs: { ...(schema.$defs as object | undefined), ...defs } } : schema;
}

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
    ...withSchedulerSpecs('input', (params) => z.toJSONSchema(ExperimentSchema, params) as Record<string, unknown>),
  };
}

/** The result file `workload-studio run` writes. */
export function resultJsonSchema(): object {
  return {
    $id: 'https://workload-studio.invalid/schemas/result.schema.json',
    title: 'Workload Studio run result',
    ...withSchedulerSpecs('output', (params) => z.toJSONSchema(ResultFileSchema, params) as Record<string, unknown>),
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
