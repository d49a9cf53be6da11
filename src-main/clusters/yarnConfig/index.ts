import type { SchedulerSpec } from '@shared/schedulers';
import { capacityFromXml, capacityToXml } from './capacityXml';
import { fairFromXml, fairToXml } from './fairXml';
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
  if (format === 'capacity' && card.kind === 'capacity') return capacityToXml(card);
  if (format === 'fair' && card.kind === 'fair') return fairToXml(card);
  throw new YarnConfigError(
    `a ${card.kind} card cannot be written as ${format === 'capacity' ? 'capacity-scheduler.xml' : 'a Fair Scheduler allocation file'}: choose ${card.kind === 'fair' ? 'fair' : card.kind === 'capacity' ? 'capacity' : 'a Capacity or Fair card'}`,
  );
}

export class YarnConfigError extends Error {}
