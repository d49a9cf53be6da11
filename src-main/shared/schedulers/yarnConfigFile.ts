import type { FieldProblem } from '../api/validation';
import type { SchedulerSpecInput } from './index';

/** A property of the file the studio's card cannot hold: listed for the user, never dropped silently. */
export interface NotModelled {
  /** Where it is in the file: a property name, or an element path such as "queue sample_queue › maxRunningApps". */
  where: string;
  value: string;
  /** Why the card does not take it, in words. */
  why: string;
}

/** What a YARN scheduler file gives: the card, and what the card could not hold or had to read. */
export interface YarnConfigRead {
  format: 'capacity' | 'fair';
  card: SchedulerSpecInput;
  notModelled: NotModelled[];
  /** How the file's settings were read where the card is not the file's own shape (in words). */
  readings: string[];
}

/** A YARN scheduler file read into a scheduler card (src-main/clusters/yarnConfig), or its problems by field. */
export type YarnConfigImport = ({ ok: true } & YarnConfigRead) | { ok: false; problems: FieldProblem[] };

/** The two files: YARN's capacity-scheduler.xml, and a Fair Scheduler allocation file. */
export const YARN_CONFIG_FORMATS = ['capacity', 'fair'] as const;
