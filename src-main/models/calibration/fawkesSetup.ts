/**
 * The set-up FAWKES' experiments ran on (Ghit et al., sec. 5.1): DAS-4's VU cluster, Hadoop 1.0.0
 * over InfiniBand. `stated: false` marks a value the paper does not give, which the presets read.
 */
export interface SetupRow {
  what: string;
  paper: string;
  stated: boolean;
}

export const FAWKES_SETUP: readonly SetupRow[] = [
  { what: 'cores per node', paper: '8 (dual quad-core, no hyperthreading)', stated: true },
  { what: 'memory per node', paper: '24 GB', stated: true },
  { what: 'map / reduce slots per node', paper: '6 / 2', stated: true },
  { what: 'HDFS block, replication', paper: '128 MB, 3', stated: true },
  { what: 'disks per node', paper: '2 in software RAID0, 2 TB; speed not given', stated: false },
  { what: 'network', paper: '1 GbE and 20 Gb/s QDR InfiniBand (Hadoop over IB); rack uplinks not given', stated: false },
  { what: 'nodes in play', paper: '60 (sec. 7.1-7.2) or 48 (sec. 7.3 reading, docs/model.md "FAWKES")', stated: false },
];
