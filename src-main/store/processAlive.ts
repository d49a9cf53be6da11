import * as fs from 'node:fs';

/**
 * When process `pid` started, as Linux counts it (clock ticks since boot, /proc/<pid>/stat field
 * 22): with the pid it names one process for good, since a pid is reused once its process is gone.
 * Undefined where /proc is not there (macOS, Windows) or the process is gone: then the pid alone
 * has to do.
 */
export function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces and parentheses: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}

/**
 * Whether a process with this id runs on this machine (EPERM: it runs, as another user) and, when
 * its start was recorded and can be read, is the same process rather than a later one given its pid.
 */
export function processAlive(pid: number, start?: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (start === undefined) return true;
  const now = processStart(pid);
  return now === undefined || now === start;
}
