/** A benchmark template as the templates library shows it. */
export interface TemplateInfo {
  name: string;
  kind: 'cpu' | 'io';
  source: string;
  /** Map/reduce work per MB and per task at a reference core (templates.ts explains each). */
  coefficients: Record<string, number>;
  /** Phase-level profile (PRISM Fig. 8) measured on the reference machine; null for absent phases. */
  phases: Record<(typeof TEMPLATE_PHASES)[number], PhaseRates | null>;
  /** What the reference run was, in words (hardware and job size). */
  reference: string;
}

export const TEMPLATE_PHASES = ['map', 'merge', 'shuffle', 'sort', 'reduce'] as const;

export interface PhaseRates {
  durationS: number;
  cpuCores: number;
  memoryMb: number;
  localDiskMBps: number;
  hdfsMBps: number;
  shuffleMBps: number;
}
