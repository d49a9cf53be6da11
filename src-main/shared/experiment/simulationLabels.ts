/** Every simulation option in the words the designer's Simulation card shows it. */
export const SIMULATION_LABELS: Record<string, string> = {
  heartbeatS: 'Heartbeat s',
  maxHeartbeatsPerSecond: 'Heartbeats per second at most',
  heartbeatOrder: 'Heartbeat order',
  outOfBandHeartbeat: 'Heartbeat when a task ends',
  contention: 'Contention',
  diskThrashing: 'Disk thrashing',
  taskDiskMBps: 'Disk pace per task MB/s (optional)',
  dom0CpuPerMb: 'Dom0 CPU s/MB',
  mapOutputPollS: 'Reduces ask for finished maps every s',
  slowstart: 'Reduce slow-start',
  maxAttempts: 'Attempts per task',
  taskFailureProbability: 'Task failure probability',
  nodeTimeoutS: 'Node timeout s',
  failures: 'Node failures',
  mtbfS: 'Mean time between failures s',
  replenishAfterS: 'Replace a lost node after s',
  horizonS: 'Stop at s (optional)',
  sampleIntervalS: 'Sample every s',
  recordAttempts: 'Record every attempt',
};

export const simulationLabel = (key: string): string => SIMULATION_LABELS[key] ?? key;
