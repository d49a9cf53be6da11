import { CliUsageError } from './output';

/** A saved item named on the command line by its id or (ignoring case) its name. */
export function findByIdOrName<T extends { id: string; name: string }>(list: T[], key: string, noun: 'cluster' | 'workload'): T {
  const found = list.find((x) => x.id === key) ?? list.find((x) => x.name.toLowerCase() === key.toLowerCase());
  if (!found) throw new CliUsageError(`no ${noun} with id or name "${key}" (see \`${noun}s list\`)`);
  return found;
}
