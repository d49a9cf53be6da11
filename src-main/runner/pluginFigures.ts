import * as path from 'node:path';
import { ownFiguresOf } from '@shared/results/ownFigures';
import type { Scheduler } from '../engine/scheduling/schedulerApi';
import { PluginRunError } from './pluginGuard';

/**
 * A scheduler file's policy whose `report(view)` (named numbers: what it counted over the run,
 * docs/plugins.md "What it counted") becomes the run's own figures. The engine's `report` is a
 * cluster-level policy's per-MR-cluster outcome (FAWKES), so the file's is never passed on under
 * that name. An answer that is not named finite numbers stops the run with the file and the problem.
 */
export function reportingOwnFigures<T extends Scheduler>(policy: T, kind: string, file: string): T {
  const own = policy.report as unknown as ((view: unknown) => unknown) | undefined;
  if (typeof own !== 'function') return policy;
  const wrapped = Object.create(policy) as T;
  Object.defineProperty(wrapped, 'report', { value: undefined });
  Object.defineProperty(wrapped, 'ownFigures', {
    value(view: unknown) {
      const said = own.call(this, view);
      if (said === undefined) return undefined;
      const read = ownFiguresOf(said);
      if ('problem' in read) throw new PluginRunError(`scheduler "${kind}" (${path.basename(file)}) report: ${read.problem}`);
      return read.figures;
    },
  });
  return wrapped;
}
