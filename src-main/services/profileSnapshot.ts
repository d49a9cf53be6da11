import type { SchedulerSpec } from '@shared/schedulers';
import type { KnownProfiles } from '../schedulers/plugin';
import { pinProfiles } from '../schedulers/registry';
import type { ProfilesRepo } from '../store/profilesRepo';

/**
 * Give the profile-driven schedulers of a batch what the profile store knows, copied into their
 * specs when the batch starts (so the batch reruns exactly, whatever the store learns later):
 * PRISM gets a phase-level profile per template (edited over measured, sec. 4), Finer-Grained CPU
 * the measured requirements (Liu eq. 3.5); each scheduler's plugin says what it takes (pinProfiles).
 * A scheduler that already names its own keeps them.
 */
export function withStoredProfiles(schedulers: SchedulerSpec[], profiles: ProfilesRepo): SchedulerSpec[] {
  const edited = new Map(profiles.list().map((p) => [p.template, p.phases]));
  const measured = profiles.measured();
  const phaseProfiles: KnownProfiles['phases'] = {};
  for (const m of measured) edited.set(m.template, edited.get(m.template) ?? m.phases);
  for (const [template, phases] of edited) {
    const rates: (typeof phaseProfiles)[string] = {};
    for (const [phase, r] of Object.entries(phases)) if (r) rates[phase] = { cpuCores: r.cpuCores, memoryMb: r.memoryMb, localDiskMBps: r.localDiskMBps, hdfsMBps: r.hdfsMBps, shuffleMBps: r.shuffleMBps };
    if (Object.keys(rates).length) phaseProfiles[template] = rates;
  }
  const requirements: KnownProfiles['cpuRequirements'] = {};
  for (const m of measured) {
    const map = typeof m.cpuRequirement.map === 'number' ? m.cpuRequirement.map : undefined;
    const reduce = typeof m.cpuRequirement.reduce === 'number' ? m.cpuRequirement.reduce : undefined;
    if (map !== undefined || reduce !== undefined) requirements[m.template] = { ...(map !== undefined ? { map } : {}), ...(reduce !== undefined ? { reduce } : {}) };
  }
  const known: KnownProfiles = { phases: phaseProfiles, cpuRequirements: requirements };
  return schedulers.map((s) => pinProfiles(s, known));
}
