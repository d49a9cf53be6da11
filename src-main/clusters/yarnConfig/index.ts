import { findDescription, type SchedulerSpec } from '@shared/schedulers';
import { capacityFromXml, capacityToXml } from './capacityXml';
import { fairFromXml, fairToXml } from './fairXml';
import { isKind } from '../../schedulers/builtIns';
import type { YarnConfigImport } from '@shared/schedulers/yarnConfigFile';

export type { NotModelled, YarnConfigImport } from '@shared/schedulers/yarnConfigFile';

/** Which of YARN's scheduler files this is, by its root element: capacity-scheduler.xml or a Fair Scheduler allocation file. */
export function readYarnConfig(text: string): YarnConfigImport {
  const head = text.replace(/<\?xml[^>]*\?>/, '').replace(/<!--[\s\S]*?-->/g, '');
  if (/<allocations[\s>]/.test(head)) return fairFromXml(text);
  if (/<configuration[\s>]/.test(head)) return capacityFromXml(text);
  return {
    ok: false,
    problems: [
      {
        field: 'file',
        message: 'not a YARN scheduler file: expected capacity-scheduler.xml (<configuration>) or a Fair Scheduler allocation file (<allocations>)',
      },
    ],
  };
}

/** A Capacity card as capacity-scheduler.xml, a Fair card as an allocation file; other kinds have no YARN file. */
export function writeYarnConfig(card: SchedulerSpec, format: 'capacity' | 'fair'): string {
  if (format === 'capacity' && isKind(card, 'capacity')) return capacityToXml(card);
  if (format === 'fair' && isKind(card, 'fair')) return fairToXml(card);
  const own =
    card.kind === 'capacity'
      ? 'it is written as capacity-scheduler.xml (format capacity)'
      : card.kind === 'fair'
        ? 'it is written as a Fair Scheduler allocation file (format fair)'
        : 'only YARN Capacity and Fair Scheduler cards have a YARN file';
  // The card by the designer's title, not its kind's key.
  const title = findDescription(card.kind)?.title ?? card.kind;
  throw new YarnConfigError(
    `a ${title} card cannot be written as ${format === 'capacity' ? 'capacity-scheduler.xml' : 'a Fair Scheduler allocation file'}: ${own}`,
  );
}

export class YarnConfigError extends Error {}

/**
 * A YARN file's problems in one line each: the property or queue as the file names it (not a path
 * of the studio's own fields), and a problem of the whole file by its message alone.
 */
export const yarnProblemLines = (problems: readonly { field: string; message: string }[]): string[] =>
  problems.map((p) => (p.field === 'file' ? p.message : `${p.field}: ${p.message}`));
