/**
 * What Liu's thesis measured on its 8-datanode cluster (sec. 4.1-4.4): the file system's and HDFS'
 * I/O rates (Table 4.2, eq. 4.1-4.2), each workload's CPU requirement per task (Table 4.3) and the
 * average map task time of each job under YARN and under the Finer-Grained CPU scheduler in the
 * balanced pattern (Table 4.4: a CPU-intensive job of 70 maps beside an I/O-intensive one of 31).
 */
export const LIU_IO_RATES = { fileSystemMBps: 74, hdfsMBps: 65 } as const;

export const LIU_REQUIREMENTS: Readonly<Record<string, { map: number; reduce?: number }>> = {
  Pi: { map: 100 },
  Bbp: { map: 100, reduce: 100 },
  TeraGen: { map: 49 },
  ETL: { map: 47 },
};

export interface MeasuredBalancedTest {
  cpuJob: 'Pi' | 'Bbp';
  ioJob: 'TeraGen' | 'ETL';
  /** Average map task time, seconds: [YARN, Finer-Grained]. */
  cpuMapS: [number, number];
  ioMapS: [number, number];
}

export const LIU_TABLE_4_4: readonly MeasuredBalancedTest[] = [
  { cpuJob: 'Pi', ioJob: 'TeraGen', cpuMapS: [78.186, 78.066], ioMapS: [196.997, 177.502] },
  { cpuJob: 'Pi', ioJob: 'ETL', cpuMapS: [78.563, 78.039], ioMapS: [225.515, 198.143] },
  { cpuJob: 'Bbp', ioJob: 'TeraGen', cpuMapS: [90.937, 90.981], ioMapS: [220.322, 212.706] },
  { cpuJob: 'Bbp', ioJob: 'ETL', cpuMapS: [90.489, 90.875], ioMapS: [271.15, 233.42] },
];
