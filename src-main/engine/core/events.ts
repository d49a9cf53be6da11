/**
 * Kinds of the events kept in the heap, and their order at equal times (lower first): phase
 * completions, then faults, then job releases and arrivals, then heartbeats, then the scheduler's
 * own wake-ups. Regular heartbeats and
 * arrivals are walked by cursors in the kernel, with the priorities of K_BEAT and K_RELEASE, and
 * out-of-band heartbeats, all due at the current instant, wait in a queue beside the heap
 * (outOfBandBeats.ts) with K_BEAT's priority: K_BEAT names a priority, never a queued event.
 */
export const K_HOST = 0; // a host's next phase completion (versioned)
export const K_FAIL = 1; // a node dies
export const K_DETECT = 2; // the master declares a silent node lost
export const K_REPLENISH = 3; // a replacement node joins
export const K_RELEASE = 4; // a dependent job is submitted
export const K_BEAT = 5; // heartbeats (regular and out-of-band)
export const K_WAKE = 6; // a wake-up the scheduler asked for (ClusterView.wakeAt), after the heartbeats due then
export const K_POLL = 7; // running reduces ask for newly finished maps (mapOutputPoll.ts), after the phase completions due then
export const PRIORITY = [0, 1, 1, 1, 2, 3, 4, 1];
