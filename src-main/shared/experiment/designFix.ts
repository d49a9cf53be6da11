/**
 * A fix the designer can offer beside a problem its checks found, as a button that takes the user
 * where the fix is made. One kind so far: the jobs of a workload name no MR-cluster (or one the
 * cluster lacks) under FAWKES, fixed in that workload's editor with a bulk edit by queue.
 */
export interface DesignFix {
  kind: 'assign-mr-clusters';
  workloadId: string;
  workloadName: string;
  /** The MR-clusters the design's clusters have, to offer as values. */
  mrClusters: string[];
}
