/**
 * The types of a Workload Studio scheduler file (docs/plugins.md): what the studio hands a policy
 * and what the file exports. `workload-studio scheduler new NAME` writes this file beside the
 * policy; a JavaScript file that starts with
 *
 *   // @ts-check
 *   /// <reference path="./workload-studio-scheduler.d.ts" />
 *   import { defineScheduler } from 'workload-studio/scheduler';
 *
 * gets these types in an editor, and a TypeScript file imports them the same way. The studio
 * resolves the import itself when it loads the file; the file needs nothing installed.
 * A test checks that the engine gives every member listed here (tests/types/schedulerApi.ts).
 */
declare module 'workload-studio/scheduler' {
  /** A job as the scheduler is told it at submission: never how long its work takes. */
  export interface Job {
    readonly id: string;
    readonly queue: string;
    /** Seconds after the start of the run. */
    readonly submit: number;
    readonly inputMb: number;
    readonly maps: number;
    readonly reduces: number;
    /** Its absolute deadline, seconds after the start of the run, when it has one. */
    readonly deadline?: number;
    readonly mrCluster?: string;
    readonly template: { readonly name: string; readonly kind: 'cpu' | 'io'; readonly mapMemoryMb: number; readonly reduceMemoryMb: number };
  }

  /** The cluster: nodes numbered rack by rack, every array read-only. */
  export interface Topology {
    readonly nodeCount: number;
    readonly rackCount: number;
    readonly nodeName: readonly string[];
    /** The rack of each node (an index into rackName). */
    readonly nodeRack: { readonly [node: number]: number };
    /** Cores each node may use. */
    readonly nodeCores: { readonly [node: number]: number };
    readonly nodeMemoryMb: { readonly [node: number]: number };
    readonly rackName: readonly string[];
    readonly blockSizeMb: number;
    readonly replication: number;
  }

  /** What a JobTracker sees at a heartbeat; jobs and nodes are numbers (indices). */
  export interface View {
    /** Seconds since the start of the run. */
    readonly now: number;
    readonly topology: Topology;
    /** Jobs submitted and not finished, in submission order. */
    readonly activeJobs: readonly number[];
    /** Jobs with a map to place, in submission order. Live: copy it before launching. */
    mapPendingJobs(): readonly number[];
    /** Jobs with a reduce that may start, in submission order. Live: copy it before launching. */
    reduceReadyJobs(): readonly number[];
    /** Tasks waiting over all jobs: 0 means nothing to place. */
    pendingTasks(): number;
    job(j: number): Job;
    jobSubmitTime(j: number): number;
    /** The job's absolute deadline, Infinity when it has none. */
    jobDeadline(j: number): number;
    pendingMaps(j: number): number;
    pendingReduces(j: number): number;
    runningMaps(j: number): number;
    runningReduces(j: number): number;
    mapsDone(j: number): number;
    reducesDone(j: number): number;
    /** Whether enough of the job's maps are done for its reduces to start (slow start). */
    reducesMayStart(j: number): boolean;
    nodeAlive(n: number): boolean;
    nodeRunningMaps(n: number): number;
    nodeRunningReduces(n: number): number;
    /** Changes whenever a job arrives or ends or a task starts or ends: cache orderings until it moves. */
    stateVersion(): number;
  }

  /**
   * The studio's helpers: the node's free room, sized as its own schedulers size it, and launches
   * that say why. On YARN containers a launch starts the job's application master first.
   */
  export interface Studio {
    /** Free map slots (0 on containers). */
    freeMapSlots(view: View, node: number): number;
    /** Free reduce slots (0 on containers). */
    freeReduceSlots(view: View, node: number): number;
    /** Memory (MB) and vcores the node offers and nothing holds now. */
    freeContainer(view: View, node: number): { memoryMb: number; vcores: number };
    /**
     * Launch the job's best-placed pending map on the node (node-local first, then rack, then
     * anywhere), or only one at most `within` away; false when it has none or, on containers, no
     * room. `rule` is your reason in words, shown by the why panel and the reports. On containers,
     * a job without its application master gets that instead (and true).
     */
    launchMap(view: View, job: number, node: number, rule: string, within?: 'node' | 'rack' | 'anywhere'): boolean;
    /** Launch the job's next reduce on the node once its maps let reduces start; false otherwise. */
    launchReduce(view: View, job: number, node: number, rule: string): boolean;
    /**
     * Call your policy's onWake(view) at `time` (seconds since the start of the run, later than
     * now): for a policy that acts on time, not only on heartbeats. A time that is not later than
     * now stops the run with the reason.
     */
    wakeAt(view: View, time: number): void;
  }

  /** What a policy may say it weighs at a heartbeat: a table, best candidate first. */
  export interface Scores {
    criteria: string[];
    /** Best first. `task`: the task a candidate is (the view's task index), where it is one; the why-not table names it ("m3", "r0"). */
    rows: { candidate: string; job: string; task?: number; values: number[] }[];
  }

  /** One run's policy. */
  export interface Policy {
    name: string;
    /** Called at each heartbeat of node `node`: launch what it should run. */
    onHeartbeat(node: number, view: View): void;
    onJobSubmitted?(job: number, view: View): void;
    onJobFinished?(job: number, view: View): void;
    /** A wake-up asked for with studio.wakeAt is due (after the heartbeats due then). */
    onWake?(view: View): void;
    /** What it weighs at a heartbeat of the node (the why-not panel's table); must decide nothing. */
    scores?(node: number, view: View): Scores | undefined;
    /**
     * Why job `job` got nothing on node `node` at the heartbeat just replayed, in your words: at most
     * 8 sentences of at most 300 characters (the why-not panel shows each under your title). Asked
     * only by the why-not replay, after the heartbeat; must decide nothing.
     */
    explain?(job: number, node: number, view: View): string[];
    /**
     * What your policy counted over the run, by your own names ({ "jobs held": 12 }): at most 12
     * finite numbers, names of at most 60 characters. Asked once, at the run's end; the run's
     * summary keeps them, and the comparison and the report show each configuration's mean.
     */
    report?(view: View): Record<string, number>;
  }

  /** The options a card shows: the zod schemas `options` returns, with their defaults filled in (their types are the file's own). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each file's own options
  export type Spec = Record<string, any> & { kind: string };

  /** A scheduler file's default export. */
  export interface SchedulerFile {
    /** The name experiments use: 2-40 lower-case letters, digits or dashes, starting with a letter. */
    kind: string;
    title: string;
    /** Your version of it, recorded beside the file's hash in results. */
    version?: string;
    /** Hadoop 1 map and reduce slots, or YARN containers of memory and vcores. */
    capacity: 'slots' | 'containers';
    /** Given zod, your options as zod schemas with their defaults. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- zod as the studio hands it; the file needs no zod of its own to check
    options?(z: any): Record<string, unknown>;
    /** A label for each option, as the designer shows it. */
    labels?: Record<string, string>;
    /** Lines the designer's card shows under its options (what the policy does): at most 8, each one line of at most 300 characters. */
    notes?: string[];
    /** Words for each choice of an enumerated option, as the designer's menu shows them: `{ policy: { sliding: 'A sliding window' } }`. */
    choiceLabels?: Record<string, Record<string, string>>;
    /** Options a run's name shows beside the title when no `runNames` rule holds: "Mine (policy: a sliding window)". */
    labelOptions?: string[];
    /**
     * Options the designer's card shows only under some settings: per option, each other option it
     * depends on and the values that show it, e.g. `{ window: { policy: ['sliding'] } }`.
     */
    shownWhen?: Record<string, Record<string, (string | number | boolean)[]>>;
    /**
     * Names for its runs under some settings: the first whose `when` holds names a run, e.g.
     * `[{ when: { policy: ['sliding'] }, name: 'Mine (sliding)' }]`; otherwise the title.
     */
    runNames?: { when: Record<string, (string | number | boolean)[]>; name: string }[];
    /** Make the policy for one run. */
    create(spec: Spec, studio: Studio): Policy;
    /**
     * What a run of this card on this cluster and these jobs would fail on, in your words (at most
     * 8 sentences of at most 300 characters; none when it would run): the designer shows them beside
     * the card and the command line's run refuses with them. It must only read.
     */
    checkDesign?(spec: Spec, topology: Topology, jobs: readonly Job[]): string[];
  }

  /** The scheduler a file exports: returned as given, typed. */
  export function defineScheduler<T extends SchedulerFile>(scheduler: T): T;
}
