import type { PinnedProfiles } from '@shared/experiment/pinnedProfiles';
import type { SchedulerSpec } from '@shared/schedulers';
import { pinProfiles, takesProfiles } from '../schedulers/registry';
import type { AriaMeasurement } from '@shared/aria/measurements';
import type { ProfilesRepo } from '../store/profilesRepo';
import { ariaPinsPerCluster } from './clusterAriaPins';

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * What the profile store knows now, as a design pins it: PRISM's phase-level profile per template
 * (edited over measured, sec. 4), Finer-Grained CPU's measured requirements (Liu eq. 3.5), ARIA's
 * measured job profiles (for MinEDF; per design cluster, from that cluster's runs), and where each
 * came from. Read only when a design is first run or the user refreshes its profiles.
 */
export function readPinnedProfiles(
  profiles: ProfilesRepo,
  pinnedAt: string,
  perCluster: { measurements: readonly AriaMeasurement[]; clusters: readonly { id: string; name: string }[] },
): PinnedProfiles {
  const edited = new Map(profiles.list().map((p) => [p.template, p]));
  const measured = new Map(profiles.measured().map((m) => [m.template, m]));
  const phases: PinnedProfiles['phases'] = {};
  const sources: PinnedProfiles['sources'] = {};
  for (const template of [...new Set([...edited.keys(), ...measured.keys()])].sort()) {
    const mine = edited.get(template);
    const runs = measured.get(template);
    const rates: PinnedProfiles['phases'][string] = {};
    for (const [phase, r] of Object.entries(mine?.phases ?? runs?.phases ?? {}))
      if (r) rates[phase] = { cpuCores: r.cpuCores, memoryMb: r.memoryMb, localDiskMBps: r.localDiskMBps, hdfsMBps: r.hdfsMBps, shuffleMBps: r.shuffleMBps };
    if (Object.keys(rates).length) phases[template] = rates;
    const measuredText = runs ? `measured over ${runs.runs} run${runs.runs === 1 ? '' : 's'}, last ${day(runs.updatedAt)}` : '';
    sources[template] = mine ? `edited ${day(mine.updatedAt)}${runs ? ` (over ${measuredText})` : ''}` : measuredText;
  }
  const cpuRequirements: PinnedProfiles['cpuRequirements'] = {};
  for (const m of measured.values()) {
    const map = typeof m.cpuRequirement.map === 'number' ? m.cpuRequirement.map : undefined;
    const reduce = typeof m.cpuRequirement.reduce === 'number' ? m.cpuRequirement.reduce : undefined;
    if (map !== undefined || reduce !== undefined)
      cpuRequirements[m.template] = { ...(map !== undefined ? { map } : {}), ...(reduce !== undefined ? { reduce } : {}) };
  }
  const aria: PinnedProfiles['aria'] = {};
  for (const m of measured.values()) if (m.aria) aria[m.template] = m.aria.profile;
  return { pinnedAt, phases, cpuRequirements, aria, sources, ariaByCluster: ariaPinsPerCluster(perCluster.measurements, perCluster.clusters, day) };
}

/** Whether any scheduler of a design takes profiles, so that running it pins them. */
export function needsProfiles(schedulers: SchedulerSpec[]): boolean {
  return schedulers.some(takesProfiles);
}

/**
 * The schedulers with the design's pinned profiles copied into their specs (a scheduler naming its
 * own keeps them), for runs on the given saved cluster: its own ARIA profiles and scaling factors
 * where the design pinned them per cluster; designs pinned before that, and the batch-level specs
 * (no cluster given), use the profile every cluster's runs added up to.
 */
export function withPinnedProfiles(schedulers: SchedulerSpec[], pinned: PinnedProfiles | undefined, clusterId?: string): SchedulerSpec[] {
  if (!pinned) return schedulers;
  // A cluster added after the pin has none of its own until the user refreshes: it borrows no other cluster's.
  const own = pinned.ariaByCluster && clusterId !== undefined ? (pinned.ariaByCluster[clusterId] ?? { profiles: {}, scaling: {} }) : undefined;
  const known = own ? { ...pinned, aria: own.profiles, ariaScaling: own.scaling } : { ...pinned, ariaScaling: {} };
  return schedulers.map((s) => pinProfiles(s, known));
}
