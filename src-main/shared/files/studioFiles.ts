/**
 * What each of the studio's own files is and where it opens, by the `format` it names: a file
 * brought to the wrong place is told where it goes, not picked apart field by field.
 */
const PLACES: Record<string, string> = {
  'workload-studio.cluster': 'a Workload Studio cluster file: import it under Clusters (or `workload-studio clusters import FILE`)',
  'workload-studio.workload': 'a Workload Studio workload file: import it under Workloads (or `workload-studio workloads import FILE`)',
  'workload-studio.experiment': 'a Workload Studio experiment file: import it under Experiments, or run it with `workload-studio run FILE`',
  'workload-studio.result': 'a Workload Studio result file: open it under Run history (Open result file…), or report on it with `workload-studio report FILE`',
  'workload-studio.profiles': 'a file of job profiles (`workload-studio profile` writes them): the Planner reads it (or `workload-studio plan --profile FILE`)',
  'workload-studio.summary': "a comparison's summary table (its JSON export), which only a spreadsheet or script reads",
};

/** "this is a Workload Studio workload file: import it under Workloads", for a format other than `expected`. */
export function otherStudioFileWords(format: string | undefined, expected: string): string | undefined {
  return format !== undefined && format !== expected && Object.hasOwn(PLACES, format) ? `this is ${PLACES[format]}` : undefined;
}

/**
 * Hadoop's scheduler configurations, which people bring to the studio's JSON imports: where they go
 * instead (the designer's Capacity and Fair cards read them). Undefined for any other text.
 */
export function yarnXmlWords(text: string): string | undefined {
  const head = text.slice(0, 4096);
  if (!/^\s*(<\?xml|<!--|<)/.test(head)) return undefined;
  if (/<allocations[\s>]/.test(head))
    return 'this is a Fair Scheduler allocation file (fair-scheduler.xml): import it on a Fair card in the experiment designer (Import fair-scheduler.xml…), or with `workload-studio yarn-config import`';
  if (/yarn\.scheduler\.capacity\./.test(head))
    return 'this is a Capacity Scheduler configuration (capacity-scheduler.xml): import it on a YARN Capacity card in the experiment designer (Import capacity-scheduler.xml…), or with `workload-studio yarn-config import`';
  return undefined;
}
