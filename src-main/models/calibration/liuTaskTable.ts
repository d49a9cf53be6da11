/**
 * What Liu's thesis measured on its 8-datanode cluster (sec. 4.1-4.4): the file system's and HDFS'
 * I/O rates (Table 4.2, eq. 4.1-4.2), each workload's CPU requirement per task (Table 4.3) and the
 * average map task time of each job under YARN and under the Finer-Grained CPU scheduler in each
 * pattern (Tables 4.4-4.6).
 */
export const LIU_IO_RATES = { fileSystemMBps: 74, hdfsMBps: 65 } as const;

export const LIU_REQUIREMENTS: Readonly<Record<string, { map: number; reduce?: number }>> = {
  Pi: { map: 100 },
  Bbp: { map: 100, reduce: 100 },
  TeraGen: { map: 49 },
  ETL: { map: 47 },
};

/**
 * One pattern's test as the thesis measured it (Tables 4.4-4.6: average map task time under YARN and
 * under Finer-Grained CPU, seconds), the preset that runs it, and each of its jobs by the preset's
 * job id. The balanced pattern's first test (Pi + TeraGen), the CPU-heavy pattern's first (Pi + Bbp
 * + TeraGen) and the I/O-heavy pattern's first (Pi + TeraGen + ETL).
 */
export interface MeasuredPattern {
  preset: string;
  table: string;
  /** By job id: template and [YARN, Finer-Grained] average map seconds. */
  jobs: Readonly<Record<string, { template: 'Pi' | 'Bbp' | 'TeraGen' | 'ETL'; mapS: readonly [number, number] }>>;
}

export const LIU_PATTERNS: readonly MeasuredPattern[] = [
  {
    preset: 'liu-balanced',
    table: 'Table 4.4 (Pi + TeraGen)',
    jobs: { pi: { template: 'Pi', mapS: [78.186, 78.066] }, teragen: { template: 'TeraGen', mapS: [196.997, 177.502] } },
  },
  {
    preset: 'liu-cpu-heavy',
    table: 'Table 4.5 (Pi + Bbp + TeraGen)',
    jobs: {
      pi: { template: 'Pi', mapS: [78.294, 78.224] },
      bbp: { template: 'Bbp', mapS: [87.525, 87.585] },
      teragen: { template: 'TeraGen', mapS: [98.731, 94.548] },
    },
  },
  {
    preset: 'liu-io-heavy',
    table: 'Table 4.6 (Pi + TeraGen + ETL)',
    jobs: {
      pi: { template: 'Pi', mapS: [95.941, 95.761] },
      teragen: { template: 'TeraGen', mapS: [177.151, 176.626] },
      etl: { template: 'ETL', mapS: [194.363, 192.373] },
    },
  },
];
