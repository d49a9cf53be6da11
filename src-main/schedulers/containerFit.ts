import type { SchedulerTopology } from '../engine/scheduling/schedulerApi';
import type { EngineJob } from '../engine/core/model';
import { offerOf, type ContainerConfig } from './containers';

const mb = (x: number) => `${Math.round(x).toLocaleString('en-US')} MB`;
const vcores = (x: number) => `${x.toLocaleString('en-US')} vcore${x === 1 ? '' : 's'}`;

/**
 * What a YARN policy could never place on this cluster, said before the run instead of after a
 * run the 'unplaceable' stop rule ends with nothing done: a job's application master, or its map or
 * reduce containers (`tasks`: policies that size them by the template's memory), larger than every
 * NodeManager's offer. A container needs its memory and vcores on one node, so each is checked
 * against every node, not against the largest memory and the most vcores apart.
 */
export function containerFitProblems(cfg: ContainerConfig, topology: SchedulerTopology, jobs: readonly EngineJob[], limit: number, tasks = true): string[] {
  const offers = Array.from({ length: topology.nodeCount }, (_, n) => offerOf(cfg, topology, n));
  if (offers.length === 0) return [];
  // A day's jobs ask for a handful of sizes: each is looked up across the nodes once.
  const known = new Map<string, boolean>();
  const fits = (memoryMb: number, cores: number) => {
    const key = `${memoryMb}/${cores}`;
    let answer = known.get(key);
    if (answer === undefined) known.set(key, (answer = offers.some((o) => o.memoryMb >= memoryMb && o.vcores >= cores)));
    return answer;
  };
  const largest = offers.reduce((a, o) => (o.memoryMb > a.memoryMb || (o.memoryMb === a.memoryMb && o.vcores > a.vcores) ? o : a));
  const offered = `the largest NodeManager offers ${mb(largest.memoryMb)} and ${vcores(largest.vcores)}`;
  const problems: string[] = [];
  if (jobs.length > 0 && !fits(cfg.amMemoryMb, cfg.amVcores))
    problems.push(
      `no node can hold a job's application master (${mb(cfg.amMemoryMb)}, ${vcores(cfg.amVcores)}): ${offered}, so no job would start. Lower the card's AM memory MB or AM vcores, raise its NodeManager memory MB or vcores / node, or give the servers more memory or cores.`,
    );
  if (!tasks) return problems.slice(0, limit);
  // One line per container size and kind, naming the jobs that ask for it.
  const misfits = new Map<string, { kind: 'map' | 'reduce'; memoryMb: number; ids: string[] }>();
  for (const job of jobs) {
    const asks: ['map' | 'reduce', number][] = [['map', cfg.mapMemoryMb ?? job.template.mapMemoryMb]];
    if (job.reduces > 0) asks.push(['reduce', cfg.reduceMemoryMb ?? job.template.reduceMemoryMb]);
    for (const [kind, memoryMb] of asks) {
      if (fits(memoryMb, 1)) continue;
      const key = `${kind} ${memoryMb}`;
      const entry = misfits.get(key) ?? { kind, memoryMb, ids: [] };
      entry.ids.push(job.id);
      misfits.set(key, entry);
    }
  }
  for (const m of misfits.values()) {
    const named =
      m.ids.length === 1
        ? `job "${m.ids[0]}" asks`
        : `${m.ids.length.toLocaleString('en-US')} jobs (${m.ids
            .slice(0, 3)
            .map((id) => `"${id}"`)
            .join(', ')}${m.ids.length > 3 ? ', …' : ''}) ask`;
    problems.push(
      `${named} for ${m.kind} containers of ${mb(m.memoryMb)}, and no node can hold one: ${offered}. Raise the card's NodeManager memory MB, or give the servers more memory.`,
    );
  }
  return problems.slice(0, limit);
}
