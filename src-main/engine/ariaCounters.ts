import { addDuration, emptyAriaTotals, type AriaTotals } from '@shared/aria/totals';

/**
 * ARIA's profile measurements (Verma et al. sec. 3.2), per template, from what the job master
 * sees: each successful map's duration and bytes; each successful reduce's shuffle-and-sort and
 * reduce durations, the shuffle split into the first wave's non-overlapping part and later waves'
 * whole shuffle by whether the attempt started before the job's map stage ended.
 */
export class AriaCounters {
  private readonly byTemplate = new Map<string, AriaTotals>();

  private entry(template: string): AriaTotals {
    let e = this.byTemplate.get(template);
    if (!e) this.byTemplate.set(template, (e = emptyAriaTotals()));
    return e;
  }

  mapDone(template: string, seconds: number, inputMb: number, outputMb: number): void {
    const m = this.entry(template).maps;
    addDuration(m, seconds);
    m.inputMb += inputMb;
    m.outputMb += outputMb;
  }

  /**
   * A reduce finished: it started at `start`, its sort ended at `sortEnd`, and its job's map stage
   * ended at `mapEnd` (before `sortEnd`: a shuffle completes only once every map is done).
   */
  reduceDone(template: string, start: number, sortEnd: number, end: number, mapEnd: number, inputMb: number, outputMb: number): void {
    const e = this.entry(template);
    if (start < mapEnd) addDuration(e.firstShuffle, Math.max(0, sortEnd - mapEnd));
    else addDuration(e.typicalShuffle, sortEnd - start);
    addDuration(e.reduces, end - sortEnd);
    e.reduces.inputMb += inputMb;
    e.reduces.outputMb += outputMb;
  }

  result(): Record<string, AriaTotals> {
    const out: Record<string, AriaTotals> = {};
    for (const name of [...this.byTemplate.keys()].sort()) out[name] = this.byTemplate.get(name)!;
    return out;
  }
}
