/** The simulation settings of node failures (docs/model.md "Faults"), edited in the designer's Node failures card. */
export const FAILURE_SETTINGS = ['failures', 'mtbfS', 'replenishAfterS', 'nodeTimeoutS'] as const;
