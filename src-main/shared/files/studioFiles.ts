/** One of the studio's own files: what it is, where it opens, and how a result comes of it. */
interface StudioFile {
  what: string;
  opens: string;
  /** Said where a result file is read (a report, Open result file…); `opens` when absent. */
  toResult?: string;
}

/**
 * The studio's own files by the `format` they name, in one table: a file brought to the wrong
 * place is told what it is and where it goes, not picked apart field by field.
 */
const FILES: Record<string, StudioFile> = {
  'workload-studio.cluster': {
    what: 'a Workload Studio cluster file',
    opens: 'import it under Clusters (or `workload-studio clusters import FILE`)',
    toResult: 'import it under Clusters, and run an experiment on it to get a result',
  },
  'workload-studio.workload': {
    what: 'a Workload Studio workload file',
    opens: 'import it under Workloads (or `workload-studio workloads import FILE`)',
    toResult: 'import it under Workloads, and run an experiment on it to get a result',
  },
  'workload-studio.experiment': {
    what: 'a Workload Studio experiment file',
    opens: 'import it under Experiments, or run it with `workload-studio run FILE`',
    toResult: 'run it (Experiments → Import, then Run; or `workload-studio run FILE --out RESULT.json`) to get a result',
  },
  'workload-studio.result': {
    what: 'a Workload Studio result file',
    opens: 'open it under Run history (Open result file…), or report on it with `workload-studio report FILE`',
  },
  'workload-studio.profiles': {
    what: 'a file of job profiles (`workload-studio profile` writes them from a result)',
    opens: 'the Planner reads it (or `workload-studio plan --profile FILE`)',
    toResult: 'the Planner reads it, not the comparison',
  },
  'workload-studio.summary': {
    what: "a comparison's summary table (its JSON export)",
    opens: 'only a spreadsheet or script reads it',
    toResult: 'it holds no runs; open the result file of the same runs',
  },
};

/**
 * "this is a Workload Studio workload file: import it under Workloads", for a studio file whose
 * format is not `expected`; where a result is wanted, how a result comes of it instead.
 */
export function otherStudioFileWords(format: string | undefined, expected: string, wanted: 'place' | 'result' = 'place'): string | undefined {
  if (format === undefined || format === expected || !Object.hasOwn(FILES, format)) return undefined;
  const f = FILES[format];
  return `this is ${f.what}: ${wanted === 'result' ? (f.toResult ?? f.opens) : f.opens}`;
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
