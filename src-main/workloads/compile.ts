import { MAX_MAPS, MAX_SUBMIT_S, MAX_SUBMIT_WORDS, OWN_COST_FIELDS, type JobSpec, type WorkloadSpec } from '@shared/workload/workload';
import { fieldLabel } from '@shared/api/fieldLabels';
import type { EngineJob, TemplateCoefficients } from '../engine/core/model';
import { Random } from '../engine/core/random';
import { templateByName, unknownTemplateWords } from './benchmarkTemplates';

/** A workload that cannot compile: `detail` says what, `field` where (a path), and the message both in words. */
export class WorkloadError extends Error {
  constructor(
    readonly detail: string,
    readonly field: string,
  ) {
    super(`${fieldLabel(field)}: ${detail}`);
  }
}

/**
 * The concrete job list of a workload for one seed: explicit jobs as given, generated ones drawn
 * from the `arrivals` and `sizes` streams of that seed (so every scheduler sees the same stream).
 */
export function expandJobs(workload: WorkloadSpec, seed: number): JobSpec[] {
  const jobs = [...workload.jobs];
  // A run whose jobs arrive past MAX_SUBMIT_S would never end (a workload recorded before the limit).
  const late = jobs.findIndex((j) => j.submit > MAX_SUBMIT_S);
  if (late >= 0) throw new WorkloadError(MAX_SUBMIT_WORDS, `jobs.${late}.submit`);
  const g = workload.generate;
  if (!g) return jobs;
  const arrivals = new Random(seed, 'arrivals');
  const sizes = new Random(seed, 'sizes');
  // Its own stream: adding deadlines leaves the jobs' sizes and arrivals as they were.
  const deadlines = new Random(seed, 'deadlines');
  const factor = g.deadlineFactor;
  const totalWeight = g.mix.reduce((s, m) => s + m.weight, 0);
  let t = g.arrival.kind === 'batch' ? g.arrival.at : 0;
  let previous: string | undefined;
  for (let i = 0; i < g.count; i++) {
    let pick = sizes.next() * totalWeight;
    let entry = g.mix[g.mix.length - 1];
    for (const m of g.mix) {
      if ((pick -= m.weight) < 0) {
        entry = m;
        break;
      }
    }
    const maps = Array.isArray(entry.maps) ? sizes.int(entry.maps[0], entry.maps[1]) : entry.maps;
    const id = `g${i + 1}`;
    if (g.arrival.kind === 'poisson' && i > 0) t += arrivals.exponential(g.arrival.meanInterarrivalS);
    if (g.arrival.kind === 'bursty' && i > 0) t += i % g.arrival.burstSize === 0 ? arrivals.exponential(g.arrival.betweenBurstsS) : g.arrival.withinBurstS;
    if (t > MAX_SUBMIT_S)
      throw new WorkloadError(
        `with seed ${seed} job ${id} would arrive at ${Math.round(t).toLocaleString('en-US')} s, past the 1,000,000,000 s (about 32 years) a run may last: make the jobs arrive closer together, or generate fewer`,
        'generate.arrival',
      );
    jobs.push({
      id,
      template: entry.template,
      submit: g.arrival.kind === 'sequential' ? 0 : t,
      maps,
      reduces: entry.reduces,
      queue: entry.queue ?? 'default',
      dependsOn: g.arrival.kind === 'sequential' && previous ? [previous] : [],
      ...(entry.outputMbPerMap !== undefined ? { outputMb: entry.outputMbPerMap * maps } : {}),
      ...(entry.inputMbPerMap !== undefined ? { inputMb: entry.inputMbPerMap * maps } : {}),
      ...(entry.shuffleMbPerMap !== undefined ? { shuffleMb: entry.shuffleMbPerMap * maps } : {}),
      ...(entry.mrCluster !== undefined ? { mrCluster: entry.mrCluster } : {}),
      ...(entry.setupCommitS !== undefined ? { setupCommitS: entry.setupCommitS } : {}),
      ...ownCosts(entry),
      ...(factor !== undefined ? { deadlineFactor: Array.isArray(factor) ? factor[0] + deadlines.next() * (factor[1] - factor[0]) : factor } : {}),
    });
    previous = id;
  }
  return jobs;
}

type OwnCosts = Partial<Pick<JobSpec, (typeof OWN_COST_FIELDS)[number]>>;

/** The costs a job or mix row gives in place of its template's, and only those. */
function ownCosts(from: OwnCosts): OwnCosts {
  const out: OwnCosts = {};
  for (const k of OWN_COST_FIELDS) if (from[k] !== undefined) out[k] = from[k];
  return out;
}

/** A job's reduces when it states none: its template's share of its maps, and at least the template's fewest. */
export function templateReduces(template: Pick<TemplateCoefficients, 'minReduces' | 'reducesPerMap'>, maps: number): number {
  return Math.max(template.minReduces, Math.round(maps * template.reducesPerMap));
}

/** Resolve templates and task counts: maps = ⌈input / block size⌉ unless given; reduces from the template. */
export function compileJobs(specs: JobSpec[], blockSizeMb: number): EngineJob[] {
  const ids = new Map<string, number>();
  specs.forEach((j, i) => ids.set(j.id ?? `j${i + 1}`, i));
  return specs.map((j, i) => {
    const named = templateByName(j.template);
    if (!named) throw new WorkloadError(unknownTemplateWords(j.template), `jobs.${i}.template`);
    // Whether the template reads input (TeraGen, Pi do not) is the template's, whatever the job's own costs.
    const noInput = named.mapCpuSPerMb === 0 && named.mapSelectivity === 0;
    const own = ownCosts(j);
    const template = Object.keys(own).length ? { ...named, ...own } : named;
    const inputMb = j.inputMb === undefined ? (noInput ? 0 : (j.maps ?? 1) * blockSizeMb) : j.inputMb;
    const maps = j.maps ?? Math.max(1, Math.ceil(inputMb / blockSizeMb));
    if (maps > MAX_MAPS)
      throw new WorkloadError(
        `job "${j.id ?? `j${i + 1}`}": ${inputMb.toLocaleString('en-US')} MB of input in ${blockSizeMb} MB blocks makes ${maps.toLocaleString('en-US')} maps, more than the ${MAX_MAPS.toLocaleString('en-US')} a job may have (give it fewer MB or set maps)`,
        `jobs.${i}.inputMb`,
      );
    const reduces = j.reduces ?? templateReduces(template, maps);
    return {
      id: j.id ?? `j${i + 1}`,
      template,
      submit: j.submit,
      inputMb,
      maps,
      reduces,
      queue: j.queue,
      deadline: j.deadline,
      ...(j.deadline === undefined && j.deadlineFactor !== undefined ? { deadlineFactor: j.deadlineFactor } : {}),
      dependsOn: j.dependsOn.map((d) => ids.get(d)!),
      shuffleMb: j.shuffleMb,
      outputMb: j.outputMb,
      ...(j.mrCluster ? { mrCluster: j.mrCluster } : {}),
      ...(j.setupCommitS ? { setupCommitS: j.setupCommitS } : {}),
      ...(j.mapSeconds ? { mapSeconds: j.mapSeconds } : {}),
      ...(j.reduceSeconds ? { reduceSeconds: j.reduceSeconds } : {}),
    };
  });
}
