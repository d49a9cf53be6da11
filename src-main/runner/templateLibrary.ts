import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { TEMPLATE_PHASES, type TemplateInfo } from '@shared/workload/templates';
import { Simulation } from '../engine/run/kernel';
import { compileTopology } from '../engine/core/topology';
import { jobProfiles } from '@shared/workload/jobProfiles';
import { createScheduler } from '../schedulers/registry';
import { compileJobs } from '../workloads/compile';
import { TEMPLATES, templateByName } from '../workloads/benchmarkTemplates';

const REFERENCE_MAPS = 8;
const REFERENCE =
  "one job of 8 one-block maps (128 MB) on 4 idle reference servers (4 cores at speed 1, 16 GB, one 100 MB/s disk, 1 Gb/s) under YARN containers of the template's size";

let cached: TemplateInfo[] | undefined;

/**
 * Every built-in template with its coefficients and the phase-level profile (PRISM Fig. 8) the
 * engine measures for it on a small idle reference cluster — the same counters a real profile is
 * built from, so the library shows what a scheduler would learn, not a hand-written table.
 */
export function templateLibrary(): TemplateInfo[] {
  if (cached) return cached;
  const spec = ClusterSpecSchema.parse({
    name: 'reference',
    hostTypes: [{ id: 'ref', name: 'reference', cores: 4, coreSpeed: 1, memoryGb: 16, disks: [{ readMBps: 100, writeMBps: 100 }], nicMBps: 125 }],
    network: { rackUplinkMBps: 1250, oversubscription: 1 },
    racks: [{ name: 'r1', hosts: ['a', 'b', 'c', 'd'].map((n) => ({ name: n, type: 'ref' })) }],
  });
  const topology = compileTopology(spec);
  const options = SimulationOptionsSchema.parse({});
  cached = Object.keys(TEMPLATES).map((name) => {
    const template = templateByName(name)!;
    const jobs = compileJobs([{ id: name, template: name, submit: 0, maps: REFERENCE_MAPS, queue: 'default', dependsOn: [] }], spec.hdfs.blockSizeMb);
    // YARN containers (not Hadoop 1 slots), so a phase's memory is the template's container size.
    const scheduler = createScheduler(SchedulerSpecSchema.parse({ kind: 'capacity' }));
    const result = new Simulation({ topology, jobs, options, seed: 1, scheduler }).run();
    const profile = jobProfiles(result.profiles).at(0);
    const { name: _n, kind, source, ...coefficients } = template;
    void _n;
    return {
      name,
      kind,
      source,
      coefficients,
      reference: REFERENCE,
      phases: Object.fromEntries(
        TEMPLATE_PHASES.map((p) => {
          const ph = profile?.phases[p];
          return [
            p,
            ph
              ? {
                  durationS: ph.durationS,
                  cpuCores: ph.cpuCores,
                  memoryMb: ph.memoryMb,
                  localDiskMBps: ph.localDiskMBps,
                  hdfsMBps: ph.hdfsMBps,
                  shuffleMBps: ph.shuffleMBps,
                }
              : null,
          ];
        }),
      ) as TemplateInfo['phases'],
    };
  });
  return cached;
}
