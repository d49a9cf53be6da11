/** The words for a design naming a cluster or workload deleted since (the design check, Run's refusal, the designer). */
export const deletedChoiceMessage = (noun: 'cluster' | 'workload'): string => `this ${noun} no longer exists: pick another one`;

/**
 * What a design names that no longer exists, by field (`clusterIds.1`), as the design check reports
 * it. The designer finds the same at once from its lists, so Run is off before the check answers.
 */
export function deletedChoiceProblems(
  design: { clusterIds: readonly string[]; workloadIds: readonly string[] },
  exists: { cluster(id: string): boolean; workload(id: string): boolean },
): { field: string; message: string }[] {
  return [
    ...design.clusterIds.flatMap((id, i) => (exists.cluster(id) ? [] : [{ field: `clusterIds.${i}`, message: deletedChoiceMessage('cluster') }])),
    ...design.workloadIds.flatMap((id, i) => (exists.workload(id) ? [] : [{ field: `workloadIds.${i}`, message: deletedChoiceMessage('workload') }])),
  ];
}
