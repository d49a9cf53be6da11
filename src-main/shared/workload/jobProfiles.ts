import type { AriaProfile } from '../aria/profile';
import { ariaProfileOf, mbPerReduce, mergeAriaTotals, type AriaTotals } from '../aria/totals';
import type { ResultFile, TemplateTotals } from '../experiment/experiment';
import type { PhaseRates } from './templates';

/** One phase of a phase-level job profile (PRISM Fig. 8), as means over the phases observed. */
export interface PhaseProfile extends PhaseRates {
  samples: number;
}

export interface JobProfile {
  template: string;
  /** Finer-Grained CPU requirement per task (Liu eq. 3.5a/b); `default` when tasks are too short. */
  cpuRequirement: { map: number | 'default' | null; reduce: number | 'default' | null };
  tasks: { maps: number; reduces: number; meanMapSeconds: number | null; meanReduceSeconds: number | null };
  phases: Record<'map' | 'merge' | 'shuffle' | 'sort' | 'reduce', PhaseProfile | null>;
  /** ARIA's profile (Verma et al. sec. 3.2), when the runs reported its measurements. */
  aria?: AriaProfile;
  /** Intermediate MB per reduce (D of eq. 9-10), with the ARIA profile. */
  mbPerReduce?: number;
}

const r3 = (x: number) => Number(x.toFixed(3));

/** Sum the totals of several runs (the profile is refined by every run added). */
export function mergeTotals(all: Record<string, TemplateTotals>[]): Record<string, TemplateTotals> {
  const out: Record<string, TemplateTotals> = {};
  for (const totals of all) {
    for (const [name, t] of Object.entries(totals)) {
      const into =
        out[name] ??
        (out[name] = JSON.parse(
          JSON.stringify({
            ...t,
            maps: { count: 0, wallSeconds: 0, sumCpuRequirement: 0 },
            reduces: { count: 0, wallSeconds: 0, sumCpuRequirement: 0 },
            phases: Object.fromEntries(
              Object.keys(t.phases).map((k) => [k, { count: 0, seconds: 0, cpuSeconds: 0, fsMb: 0, hdfsMb: 0, fetchMb: 0, memoryMb: 0 }]),
            ),
          }),
        ));
      for (const kind of ['maps', 'reduces'] as const) for (const k of Object.keys(t[kind]) as (keyof TemplateTotals['maps'])[]) into[kind][k] += t[kind][k];
      for (const [phase, p] of Object.entries(t.phases)) {
        const target = into.phases[phase as keyof TemplateTotals['phases']];
        for (const k of Object.keys(p) as (keyof typeof p)[]) target[k] += p[k];
      }
    }
  }
  return out;
}

/**
 * Job profiles from reported counters: per phase the mean duration and the rates it ran at
 * (PRISM sec. 4, Fig. 8), and the Finer-Grained CPU requirement as the mean R_T of successful
 * tasks (Liu eq. 3.5), or the default when the tasks are shorter than `minAnalysableSeconds`.
 */
export function jobProfiles(totals: Record<string, TemplateTotals>, minAnalysableSeconds = 5, aria: Record<string, AriaTotals> = {}): JobProfile[] {
  return Object.entries(totals)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([template, t]) => {
      const requirement = (x: TemplateTotals['maps']) =>
        x.count === 0 ? null : x.wallSeconds / x.count < minAnalysableSeconds ? ('default' as const) : Math.ceil(x.sumCpuRequirement / x.count);
      const phase = (p: TemplateTotals['phases']['map']): PhaseProfile | null =>
        p.count === 0
          ? null
          : {
              samples: p.count,
              durationS: r3(p.seconds / p.count),
              cpuCores: r3(p.seconds > 0 ? p.cpuSeconds / p.seconds : 0),
              memoryMb: r3(p.memoryMb / p.count),
              localDiskMBps: r3(p.seconds > 0 ? p.fsMb / p.seconds : 0),
              hdfsMBps: r3(p.seconds > 0 ? p.hdfsMb / p.seconds : 0),
              shuffleMBps: r3(p.seconds > 0 ? p.fetchMb / p.seconds : 0),
            };
      return {
        template,
        cpuRequirement: { map: requirement(t.maps), reduce: requirement(t.reduces) },
        tasks: {
          maps: t.maps.count,
          reduces: t.reduces.count,
          meanMapSeconds: t.maps.count ? r3(t.maps.wallSeconds / t.maps.count) : null,
          meanReduceSeconds: t.reduces.count ? r3(t.reduces.wallSeconds / t.reduces.count) : null,
        },
        phases: {
          map: phase(t.phases.map),
          merge: phase(t.phases.merge),
          shuffle: phase(t.phases.shuffle),
          sort: phase(t.phases.sort),
          reduce: phase(t.phases.reduce),
        },
        ...(Object.hasOwn(aria, template) ? { aria: ariaProfileOf(aria[template]), mbPerReduce: r3(mbPerReduce(aria[template])) } : {}),
      };
    });
}

export function profilesFromResult(result: ResultFile, runIndex?: number, minAnalysableSeconds?: number): JobProfile[] {
  const runs = runIndex === undefined ? result.runs : [result.runs[runIndex]];
  return jobProfiles(mergeTotals(runs.map((r) => r.profiles)), minAnalysableSeconds, mergeAriaByTemplate(runs.map((r) => r.aria ?? {})));
}

/** ARIA totals of several runs added template by template. */
export function mergeAriaByTemplate(all: Record<string, AriaTotals>[]): Record<string, AriaTotals> {
  const out: Record<string, AriaTotals> = {};
  for (const totals of all) for (const [name, t] of Object.entries(totals)) out[name] = Object.hasOwn(out, name) ? mergeAriaTotals(out[name], t) : t;
  return out;
}
