/** A job's map attempts (speculative copies aside) that read input, by where the input was. */
export interface JobLocalityCounts {
  node: number;
  server: number;
  rack: number;
  offRack: number;
}

/** A job as result files and the run-data API both carry it, with what locality needs. */
export interface LocalityJob {
  template: string;
  /** Absent in runs saved before jobs carried their size and locality. */
  maps?: number;
  locality?: JobLocalityCounts;
}

/** Where one group of jobs' maps read their input under one configuration, over all its seeds. */
export interface LocalityCell {
  /** Map attempts that read input. */
  maps: number;
  node: number;
  /** Node- or server-local: the ILA paper counts both as local (same performance, sec. 5.2). */
  local: number;
}

export interface JobLocalityRow {
  /**
   * Template and size, as the ILA paper's Fig. 7 names its jobs: "TeraSort(2)"; a template that
   * comes in more than MAX_EXACT_SIZES sizes (a generated workload) is grouped by powers of two:
   * "Sort(9-16)".
   */
  group: string;
  template: string;
  /** The group's smallest and largest number of maps. */
  maps: number;
  maxMaps: number;
  /** By configuration (a scheduler's label, or a compared group's key). */
  cells: Record<string, LocalityCell>;
}

export const MAX_EXACT_SIZES = 4;

type Counted = LocalityJob & Required<Pick<LocalityJob, 'maps' | 'locality'>>;
const attemptsOf = (l: JobLocalityCounts) => l.node + l.server + l.rack + l.offRack;
const counted = (job: LocalityJob): job is Counted => job.maps !== undefined && job.locality !== undefined && attemptsOf(job.locality) > 0;

/** Powers-of-two size classes: 1, 2, 3-4, 5-8, 9-16, … */
function sizeClass(maps: number): [number, number] {
  if (maps <= 2) return [maps, maps];
  const hi = 2 ** Math.ceil(Math.log2(maps));
  return [hi / 2 + 1, hi];
}

/**
 * Data locality job by job (ILA sec. 5.2, Fig. 7): jobs of the same template and size are one
 * group, so a small job's locality is not drowned by the large ones'. Jobs whose maps read no input
 * (generators) and jobs saved without locality have no row. Rows are by template, then size.
 */
export function localityByJobGroup(runs: readonly { key: string; jobs: readonly LocalityJob[] }[]): JobLocalityRow[] {
  const sizes = new Map<string, Set<number>>();
  for (const run of runs) for (const job of run.jobs) if (counted(job)) sizes.set(job.template, (sizes.get(job.template) ?? new Set()).add(job.maps));
  const rows = new Map<string, JobLocalityRow>();
  for (const run of runs) {
    for (const job of run.jobs) {
      if (!counted(job)) continue;
      const l = job.locality;
      const attempts = attemptsOf(l);
      const [lo, hi] = sizes.get(job.template)!.size > MAX_EXACT_SIZES ? sizeClass(job.maps) : [job.maps, job.maps];
      const group = lo === hi ? `${job.template}(${lo})` : `${job.template}(${lo}-${hi})`;
      let row = rows.get(group);
      if (!row) {
        row = { group, template: job.template, maps: lo, maxMaps: hi, cells: {} };
        rows.set(group, row);
      }
      const cell = (row.cells[run.key] ??= { maps: 0, node: 0, local: 0 });
      cell.maps += attempts;
      cell.node += l.node;
      cell.local += l.node + l.server;
    }
  }
  return [...rows.values()].sort((a, b) => a.template.localeCompare(b.template) || a.maps - b.maps);
}
