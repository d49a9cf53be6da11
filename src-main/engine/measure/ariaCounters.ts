import { addJob, addMap, addReduce, emptyAriaTotals, type AriaTotals } from '@shared/aria/totals';

/**
 * ARIA's profile measurements (Verma et al. sec. 3.2), per template, from what the job master
 * sees: each successful map's duration and bytes, and each successful reduce's stages.
 */
export class AriaCounters {
  private readonly byTemplate = new Map<string, AriaTotals>();
  /** Each job's template totals, looked up once per job rather than once per task (a hot path). */
  private readonly byJob: (AriaTotals | undefined)[] = [];

  /** `maps`: the job's map count, counted once, the first time one of its tasks is. */
  private entry(job: number, template: string, maps: number): AriaTotals {
    let e = this.byJob[job];
    if (e) return e;
    e = this.byTemplate.get(template);
    if (!e) this.byTemplate.set(template, (e = emptyAriaTotals()));
    addJob(e, maps);
    return (this.byJob[job] = e);
  }

  mapDone(job: number, template: string, jobMaps: number, seconds: number, inputMb: number, outputMb: number): void {
    addMap(this.entry(job, template, jobMaps), seconds, inputMb, outputMb);
  }

  /** A reduce finished (addReduce says how its stages count). */
  reduceDone(
    job: number,
    template: string,
    jobMaps: number,
    start: number,
    sortEnd: number,
    end: number,
    mapEnd: number,
    inputMb: number,
    outputMb: number,
  ): void {
    addReduce(this.entry(job, template, jobMaps), start, sortEnd, end, mapEnd, inputMb, outputMb);
  }

  result(): Record<string, AriaTotals> {
    const out: Record<string, AriaTotals> = {};
    for (const name of [...this.byTemplate.keys()].sort()) out[name] = this.byTemplate.get(name)!;
    return out;
  }
}
