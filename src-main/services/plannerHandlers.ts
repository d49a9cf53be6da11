import { ariaProfileOf, mbPerReduce } from '@shared/aria/totals';
import { ariaMeasurements } from '../store/ariaMeasurements';
import { clustersRepo } from '../store/clustersRepo';
import type { Store } from '../store/database';
import { profilesRepo } from '../store/profilesRepo';
import { TEMPLATE_NAMES, unknownTemplateWords } from '../workloads/benchmarkTemplates';
import type { EventBus } from './eventBus';
import type { Handlers } from './handlerTypes';
import { checkPlannerPoints } from './plannerCheck';
import { ServiceError } from './serviceError';

type PlannerChannels = Extract<keyof Handlers, `planner:${string}`>;

/** The ARIA planner's services: named profiles, the history's staging runs for scaling, and the simulator check. */
export function plannerHandlers(store: Store, events: EventBus): Pick<Handlers, PlannerChannels> {
  const profiles = profilesRepo(store);
  const clusters = clustersRepo(store);
  const changed = (template: string) => events.emit('store:changed', { domain: 'profiles', ids: [template] });

  return {
    'planner:saveProfile': async ({ template, name, profile, replace }) => {
      if (!TEMPLATE_NAMES.includes(template)) throw new ServiceError('invalid_request', unknownTemplateWords(template), 'template');
      const saved = await profiles.ariaSave(template, name, profile, replace);
      if (saved === 'taken') throw new ServiceError('conflict', `${template} already has a profile named "${name}"; pick another name or replace it`, 'name');
      changed(template);
      return saved;
    },
    'planner:deleteProfile': async ({ template, name }) => {
      const result = await profiles.ariaRemove(template, name);
      changed(template);
      return result;
    },
    // An entry without a reduce of the template measured nothing a reduce-side fit can use.
    'planner:scalingRuns': ({ template }) =>
      ariaMeasurements(store, template)
        .filter((m) => m.totals.reduces.count > 0)
        .map((m) => ({
          key: m.key,
          batchId: m.batchId,
          name: m.name,
          createdAt: m.createdAt,
          cluster: m.cluster.name,
          runs: m.runs,
          profile: ariaProfileOf(m.totals),
          mbPerReduce: mbPerReduce(m.totals),
        })),
    'planner:measurements': () => ariaMeasurements(store),
    'planner:check': (request) => checkPlannerPoints(clusters.get(request.clusterId), request),
  };
}
