/**
 * The stop flag a run's thread shares with its pool (an Int32Array on a SharedArrayBuffer): 0 go
 * on, STOP_ASKED a cancel asks it to stop, STOP_SEEN it saw that or its simulation is over. The
 * pool ends the thread of a run that never gets to STOP_SEEN (runPool.ts STOP_GRACE_MS).
 */
export const STOP_ASKED = 1;
export const STOP_SEEN = 2;
