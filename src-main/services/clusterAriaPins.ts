import { combineMeasurements, ranOn, type AriaMeasurement } from '@shared/aria/measurements';
import { fitScaling, type ScalingFactors, type ScalingObservation } from '@shared/aria/scaling';
import { ariaProfileOf, mbPerReduce } from '@shared/aria/totals';
import type { PinnedProfiles } from '@shared/experiment/pinnedProfiles';

type ClusterPins = NonNullable<PinnedProfiles['ariaByCluster']>[string];

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What MinEDF sizes jobs by on each of a design's clusters (ARIA sec. 3.2 and 4.3): per template,
 * the totals of the history entries that ran it on that cluster added up, as the Planner adds up the
 * entries it is given, and scaling factors fitted over those entries when they processed two or more
 * different data sizes per reduce. A template's tasks take different times on different clusters,
 * so no cluster borrows another's runs.
 */
export function ariaPinsPerCluster(
  measurements: readonly AriaMeasurement[],
  clusters: readonly { id: string; name: string }[],
  day: (iso: string) => string,
): Record<string, ClusterPins> {
  const out: Record<string, ClusterPins> = {};
  for (const cluster of clusters) {
    const pins: ClusterPins = { cluster: cluster.name, profiles: {}, scaling: {}, sources: {} };
    const mine = measurements.filter((m) => ranOn(m, cluster));
    for (const template of [...new Set(mine.map((m) => m.template))].sort()) {
      const entries = mine.filter((m) => m.template === template);
      const combined = combineMeasurements(entries)!;
      pins.profiles[template] = combined.profile;
      const factors = scalingOf(entries);
      if (factors) pins.scaling[template] = factors;
      const last = entries
        .map((m) => m.createdAt)
        .sort()
        .at(-1)!;
      pins.sources[template] =
        `measured on ${cluster.name} over ${count(combined.runs, 'run', 'runs')} in ${count(entries.length, 'history entry', 'history entries')}, last ${day(last)}${factors ? ', scaled by eq. 9-10' : ''}`;
    }
    out[cluster.id] = pins;
  }
  return out;
}

/** Eq. 9-10 fitted over the entries that ran reduces, when they saw two or more data sizes per reduce. */
function scalingOf(entries: readonly AriaMeasurement[]): ScalingFactors | undefined {
  const observations: ScalingObservation[] = entries
    .filter((m) => m.totals.reduces.count > 0)
    .map((m) => ({ profile: ariaProfileOf(m.totals), mbPerReduce: mbPerReduce(m.totals) }));
  return new Set(observations.map((o) => o.mbPerReduce)).size >= 2 ? fitScaling(observations) : undefined;
}
