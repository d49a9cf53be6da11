import { PHASE_NAMES, PhaseKind } from '../core/model';

/**
 * What finished tasks report, summed per template: the inputs of a phase-level job profile
 * (PRISM Fig. 8: duration, CPU, memory, local disk, HDFS and shuffle per phase) and of the
 * Finer-Grained CPU requirement (Liu eq. 3.2–3.5). Only reported quantities go in: wall time,
 * CPU time, bytes by kind — never a task's hidden work.
 */
export interface TaskCounters {
  isReduce: boolean;
  wallSeconds: number;
  /** CPU time on the node's cores (work at a reference core divided by the core speed). */
  cpuSeconds: number;
  fsReadMb: number;
  fsWriteMb: number;
  hdfsReadMb: number;
  hdfsWriteMb: number;
  fetchMb: number;
  /** The node's "optimal" disk rate (one disk's bandwidth, as Liu's dd test measures). */
  diskMBps: number;
  memoryMb: number;
}

/** R_T = CPU / (CPU + I/O) · 100 (Liu eq. 3.2) with I/O time at optimal rates (eq. 3.4), 1..100. */
export function cpuRequirement(c: TaskCounters): number {
  const io = (c.fsReadMb + c.fsWriteMb + c.hdfsReadMb + c.hdfsWriteMb) / c.diskMBps;
  const total = c.cpuSeconds + io;
  if (total <= 0) return 100;
  return Math.min(100, Math.max(1, Math.ceil((c.cpuSeconds / total) * 100)));
}

export interface PhaseTotals {
  count: number;
  seconds: number;
  cpuSeconds: number;
  fsMb: number;
  hdfsMb: number;
  fetchMb: number;
  memoryMb: number;
}

export interface TemplateTotals {
  maps: { count: number; wallSeconds: number; sumCpuRequirement: number };
  reduces: { count: number; wallSeconds: number; sumCpuRequirement: number };
  phases: Record<(typeof PHASE_NAMES)[number], PhaseTotals>;
}

const emptyPhase = (): PhaseTotals => ({ count: 0, seconds: 0, cpuSeconds: 0, fsMb: 0, hdfsMb: 0, fetchMb: 0, memoryMb: 0 });

export class ProfileAccumulator {
  readonly byTemplate = new Map<string, TemplateTotals>();

  private entry(template: string): TemplateTotals {
    let e = this.byTemplate.get(template);
    if (!e) {
      e = {
        maps: { count: 0, wallSeconds: 0, sumCpuRequirement: 0 },
        reduces: { count: 0, wallSeconds: 0, sumCpuRequirement: 0 },
        phases: { map: emptyPhase(), merge: emptyPhase(), shuffle: emptyPhase(), sort: emptyPhase(), reduce: emptyPhase() },
      };
      this.byTemplate.set(template, e);
    }
    return e;
  }

  addPhase(template: string, phase: PhaseKind, seconds: number, cpuSeconds: number, fsMb: number, hdfsMb: number, fetchMb: number, memoryMb: number): void {
    const p = this.entry(template).phases[PHASE_NAMES[phase]];
    p.count++;
    p.seconds += seconds;
    p.cpuSeconds += cpuSeconds;
    p.fsMb += fsMb;
    p.hdfsMb += hdfsMb;
    p.fetchMb += fetchMb;
    p.memoryMb += memoryMb;
  }

  addTask(template: string, c: TaskCounters): void {
    const t = c.isReduce ? this.entry(template).reduces : this.entry(template).maps;
    t.count++;
    t.wallSeconds += c.wallSeconds;
    t.sumCpuRequirement += cpuRequirement(c);
  }

  /** Plain, key-sorted object for the result file (deterministic order). */
  result(): Record<string, TemplateTotals> {
    const out: Record<string, TemplateTotals> = {};
    for (const name of [...this.byTemplate.keys()].sort()) out[name] = this.byTemplate.get(name)!;
    return out;
  }
}
