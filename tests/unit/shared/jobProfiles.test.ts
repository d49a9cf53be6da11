import { describe, expect, it } from 'vitest';
import { jobProfiles, mergeTotals } from '@shared/workload/jobProfiles';
import { cluster, cpuOnly, job, run, fifo } from '../../helpers/engineFixtures';

describe('job profiles from reported counters', () => {
  it('give each phase its mean duration and the rates it ran at, and the CPU requirement of eq. 3.5', () => {
    // One map at a time on one host: 10 s of CPU and 256 MB read from a 100 MB/s disk (max model: 10 s).
    const io = cpuOnly(10, { name: 'Scan', mapCpuSPerMb: 0 });
    const r = run(cluster(1, 1, { cores: 1, replication: 1 }), [job('j', io, { maps: 3, inputMb: 768 })], fifo(1, 0), { heartbeatS: 0.01 });
    const [p] = jobProfiles(r.profiles);
    expect(p.template).toBe('Scan');
    expect(p.tasks).toMatchObject({ maps: 3, reduces: 0 });
    expect(p.phases.map).toMatchObject({ samples: 3, durationS: 10, cpuCores: 1, hdfsMBps: 25.6, localDiskMBps: 0 });
    expect(p.phases.shuffle).toBeNull();
    // R_T = ⌈10 / (10 + 256 / 100) · 100⌉ = 80.
    expect(p.cpuRequirement).toEqual({ map: 80, reduce: null });
    expect(jobProfiles(r.profiles, 60)[0].cpuRequirement.map).toBe('default');
  });

  it('pools several runs: more samples refine the same profile', () => {
    const io = cpuOnly(10, { name: 'Scan', mapCpuSPerMb: 0 });
    const once = run(cluster(1, 1, { cores: 1 }), [job('j', io, { maps: 2, inputMb: 512 })], fifo(1, 0), { heartbeatS: 0.01 });
    const merged = mergeTotals([once.profiles, once.profiles]);
    expect(merged.Scan.maps.count).toBe(4);
    expect(jobProfiles(merged)[0].phases.map?.samples).toBe(4);
    expect(jobProfiles(merged)[0].cpuRequirement).toEqual(jobProfiles(once.profiles)[0].cpuRequirement);
  });
});
