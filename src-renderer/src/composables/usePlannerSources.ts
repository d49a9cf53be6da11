import { computed, ref } from 'vue';
import { TABLE1_PROFILES } from '@shared/aria/paperProfiles';
import type { AriaProfile } from '@shared/aria/profile';
import type { ProfileStore } from '@shared/workload/templates';
import { combineMeasurements, ranOn, sizeSpreadWarning } from '@shared/aria/measurements';
import { api } from '../api';
import { useLiveQuery } from './useLiveQuery';

/** One profile the planner can start from: measured in the run history, saved by name, or the paper's. */
export interface PlannerSource {
  key: string;
  label: string;
  template: string;
  /** None for a measured source with no entry ticked: the numbers in the editor stay as they are. */
  profile?: AriaProfile;
  note: string;
  warnings?: string[];
}

/**
 * The planner's profile menu (docs/model.md "ARIA"): per template, what the run history measured
 * over the entries the user ticks (by default those on the newest entry's cluster), the profiles
 * saved by name, and ARIA's Table 1; each live, so a finished batch or a save shows at once.
 */
export function usePlannerSources() {
  const profiles = useLiveQuery(() => api.call('profiles:list', {}), { domains: ['profiles'] });
  const store = computed<ProfileStore>(() => profiles.data.value ?? { edited: [], measured: [], aria: [] });
  const measuredQuery = useLiveQuery(() => api.call('planner:measurements', {}), { domains: ['batches'] });
  const measurementsOf = (template: string) => (measuredQuery.data.value ?? []).filter((m) => m.template === template);
  const picks = ref<Partial<Record<string, string[]>>>({});
  function picksOf(template: string): string[] {
    const list = measurementsOf(template);
    const chosen = picks.value[template]?.filter((k) => list.some((m) => m.key === k));
    return chosen ?? (list.length ? list.filter((m) => ranOn(m, list[0].cluster)).map((m) => m.key) : []);
  }
  const measuredTemplates = computed(() => [...new Set((measuredQuery.data.value ?? []).map((m) => m.template))].sort());
  const sources = computed<PlannerSource[]>(() => [
    ...measuredTemplates.value.map((template) => {
      const combined = combineMeasurements(measurementsOf(template).filter((m) => picksOf(template).includes(m.key)));
      return {
        key: `measured:${template}`,
        label: `${template} — measured in the run history`,
        template,
        profile: combined?.profile,
        note: combined ? `measured over ${combined.runs} run${combined.runs === 1 ? '' : 's'} on ${combined.clusters.join(', ')}` : 'no entry ticked',
        warnings: combined
          ? [
              ...(combined.typicalShuffleObserved
                ? []
                : [
                    'No ticked run had a second reduce wave, so the typical shuffle (Typ. shuffle avg and max) was never seen and is 0: enter it or measure with fewer reduce slots than reduces.',
                  ]),
              ...(sizeSpreadWarning(combined) ? [sizeSpreadWarning(combined)!] : []),
            ]
          : [],
      };
    }),
    ...store.value.aria.map((a) => ({
      key: `named:${a.template}:${a.name}`,
      label: `${a.template} — ${a.name}`,
      template: a.template,
      profile: a.profile,
      note: `saved ${a.updatedAt.slice(0, 10)}`,
    })),
    ...Object.entries(TABLE1_PROFILES).map(([template, profile]) => ({
      key: `paper:${template}`,
      label: `${template} — ARIA Table 1`,
      template,
      profile,
      note: 'the paper’s Table 1 (64 map / 32 reduce slots)',
    })),
  ]);
  return { profiles, measuredQuery, load: profiles.reload, measurementsOf, picks, picksOf, sources };
}
