import { PhaseKind, type EngineJob, type TemplateCoefficients } from '../../engine/core/model';
import { isolatedSeconds, phaseWork, type PhaseWorkContext } from '../../engine/jobs/phases';
import { Locality, type Topology } from '../../engine/core/topology';

/**
 * How a paper's measured task times price a job whose data sizes the paper does not give (PRISM
 * Tables 1-2 list each job's tasks and their mean times, not its bytes): the map's input split and
 * the job's shuffle that make a task, alone on the testbed's node, take the measured time
 * (docs/model.md "Calibration: PRISM's testbed").
 */

function secondsOf(job: EngineJob, phases: PhaseKind[], taskSize: number, locality: Locality, topology: Topology, taskDiskMBps: number): number {
  const ctx: PhaseWorkContext = { topo: topology, dom0CpuPerMb: 0, taskDiskMBps };
  const w = new Float64Array(6);
  let seconds = 0;
  for (const phase of phases) {
    phaseWork(ctx, job, phase, taskSize, 1, 1, locality, 0, w, 0);
    seconds += isolatedSeconds(topology, 0, w, 0, taskDiskMBps);
  }
  return seconds;
}

const probe = (template: TemplateCoefficients, maps: number, reduces: number, o: Partial<EngineJob> = {}): EngineJob => ({
  id: 'probe',
  template,
  submit: 0,
  inputMb: 0,
  maps,
  reduces,
  queue: 'default',
  dependsOn: [],
  ...o,
});

/** Seconds a data-local map of `splitMb` takes alone on node 0 (its map and, with reduces, merge phase). */
export function isolatedMapSeconds(template: TemplateCoefficients, reduces: number, splitMb: number, topology: Topology, taskDiskMBps: number): number {
  const phases = reduces > 0 ? [PhaseKind.Map, PhaseKind.Merge] : [PhaseKind.Map];
  return secondsOf(probe(template, 1, reduces, { inputMb: splitMb }), phases, splitMb, Locality.Node, topology, taskDiskMBps);
}

/** Seconds a reduce of an even share of `shuffleMb` takes alone on node 0 (shuffle, sort and reduce, no wait for maps). */
export function isolatedReduceSeconds(
  template: TemplateCoefficients,
  maps: number,
  reduces: number,
  shuffleMb: number,
  topology: Topology,
  taskDiskMBps: number,
): number {
  const job = probe(template, maps, reduces, { shuffleMb });
  return secondsOf(job, [PhaseKind.Shuffle, PhaseKind.Sort, PhaseKind.Reduce], 1 / reduces, Locality.None, topology, taskDiskMBps);
}

/** The x ≥ 0 at which the increasing `f` reaches `target`; null when f(0) is already past it or no x up to 10^9 reaches it. */
function solve(f: (x: number) => number, target: number): number | null {
  if (f(0) > target) return null;
  let hi = 1;
  while (f(hi) < target) {
    if (hi > 1e9) return null;
    hi *= 2;
  }
  let lo = 0;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The input split (MB) whose map takes `seconds` alone; null when the template's fixed cost per task is already longer. */
export function splitForMapSeconds(template: TemplateCoefficients, reduces: number, seconds: number, topology: Topology, taskDiskMBps: number): number | null {
  return solve((mb) => isolatedMapSeconds(template, reduces, mb, topology, taskDiskMBps), seconds);
}

/** The job's shuffle (MB, all reduces together) whose reduce takes `seconds` alone; null as above. */
export function shuffleForReduceSeconds(
  template: TemplateCoefficients,
  maps: number,
  reduces: number,
  seconds: number,
  topology: Topology,
  taskDiskMBps: number,
): number | null {
  return solve((mb) => isolatedReduceSeconds(template, maps, reduces, mb, topology, taskDiskMBps), seconds);
}
