/** The mix's optional numbers, one column each, in the table's order: empty means the placeholder's default. */
export const OPTIONAL_NUMBERS = [
  { field: 'reduces', placeholder: 'auto', label: 'Reduces', title: "Reduces per job; empty: the template's share of the maps" },
  { field: 'inputMbPerMap', placeholder: 'a block', label: 'Input MB/map', title: 'MB each map reads; empty: one HDFS block' },
  {
    field: 'shuffleMbPerMap',
    placeholder: 'template',
    label: 'Shuffle MB/map',
    title: "MB the reduces fetch between them, per map; empty: the template's map output for the input",
  },
  {
    field: 'outputMbPerMap',
    placeholder: 'template',
    label: 'Output MB/map',
    title: "The job's output per map: what each map writes in a map-only job (TeraGen), or the reduces write between them; empty: the template's own",
  },
  {
    field: 'setupCommitS',
    placeholder: 'none',
    label: 'Set-up and commit (s)',
    title: 'Seconds each job takes beyond its tasks (set-up, commit), holding no slot; empty: none',
  },
  { field: 'mapCpuSPerMb', placeholder: 'template', label: 'Map CPU s/MB', title: "CPU-seconds a map spends per MB it reads, in place of the template's" },
  {
    field: 'mapCpuSPerTask',
    placeholder: 'template',
    label: 'Map CPU s/map',
    title: "CPU-seconds each map spends whatever it reads, in place of the template's",
  },
  { field: 'mapSelectivity', placeholder: 'template', label: 'Map selectivity', title: "MB a map emits per MB it reads, in place of the template's" },
  {
    field: 'reduceCpuSPerMb',
    placeholder: 'template',
    label: 'Reduce CPU s/MB',
    title: "CPU-seconds a reduce spends per MB it receives, in place of the template's",
  },
  {
    field: 'reduceCpuSPerTask',
    placeholder: 'template',
    label: 'Reduce CPU s/reduce',
    title: "CPU-seconds each reduce spends whatever it receives, in place of the template's",
  },
  {
    field: 'reduceSelectivity',
    placeholder: 'template',
    label: 'Reduce selectivity',
    title: "MB a reduce writes per MB it receives, in place of the template's",
  },
] as const;
