/** How the template library names each coefficient of a benchmark template (engine/core/model.ts). */
export const coefficientLabels: Record<string, string> = {
  mapCpuSPerMb: 'map CPU s/MB',
  mapCpuSPerTask: 'map CPU s/task',
  mapSelectivity: 'map output/input',
  mapWriteMbPerTask: 'map write MB/task',
  mapCpuSPerWriteMb: 'map CPU s/MB written',
  sortCpuSPerMb: 'sort CPU s/MB',
  reduceCpuSPerMb: 'reduce CPU s/MB',
  reduceCpuSPerTask: 'reduce CPU s/task',
  reduceSelectivity: 'reduce output/input',
  mapMemoryMb: 'map container MB',
  reduceMemoryMb: 'reduce container MB',
  reducesPerMap: 'reduces per map',
  minReduces: 'min reduces',
  taskCv: 'task-size CV',
  skew: 'partition skew',
};
