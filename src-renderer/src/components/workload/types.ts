import type { WorkloadSpecInput } from '@shared/workload/workload';

/** The workload as the editor holds it: the input shape, so half-typed values can be validated. */
export type Draft = WorkloadSpecInput;
export type JobDraft = NonNullable<Draft['jobs']>[number];
export type Change = [label: string, apply: (draft: Draft) => void, coalesce?: string];

/** The workload editor's tabs (WorkloadTabs.vue). */
export type WorkloadTab = 'jobs' | 'generator' | 'templates';
