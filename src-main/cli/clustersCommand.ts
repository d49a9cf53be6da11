import * as path from 'node:path';
import { clusterTotals } from '@shared/cluster/cluster';
import { MAX_IMPORT_CHARS } from '@shared/api/contract';
import { plural } from '@shared/plural';
import type { Services } from '../services';
import { call } from './apiCall';
import { findByIdOrName } from './lookup';
import { CliUsageError, table, type CliIo } from './output';
import { writeDocument } from './outPaths';
import { readCliFile } from './readCliFile';

export const clustersHelp = `workload-studio clusters <list|export|import> [options]

  clusters list [--json]                    the saved clusters
  clusters export <id|name> [--format json|sls] [--out FILE]
                                            a cluster as our JSON, or as a YARN SLS node file
                                            (one node per worker node with its memory-mb and
                                            vcores); stdout without --out
  clusters import <FILE> [--name NAME]      add a cluster from our JSON or a YARN SLS node file
                                            (format from the content); a clashing name becomes "NAME (2)"
`;

export async function clustersCommand(services: Services, args: string[], flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const [verb, target] = args;
  switch (verb) {
    case 'list': {
      const list = await call(services, 'clusters:list', {});
      if (flags.json) {
        io.out(`${JSON.stringify(list, null, 2)}\n`);
      } else if (list.length === 0) {
        io.out('no clusters yet\n');
      } else {
        io.out(
          table(
            ['NAME', 'RACKS', 'HOSTS', 'NODES', 'CORES', 'MEMORY GB', 'ID'],
            list.map((c) => [c.name, c.racks, c.hosts, c.nodes, c.cores, c.memoryGb, c.id]),
          ),
        );
      }
      return 0;
    }
    case 'export': {
      if (!target) throw new CliUsageError('clusters export needs a cluster id or name');
      const cluster = findByIdOrName(await call(services, 'clusters:list', {}), target, 'cluster');
      const format = flags.format ?? 'json';
      if (format !== 'json' && format !== 'sls') throw new CliUsageError(`--format: must be json or sls (found "${String(format)}")`);
      const file = await call(services, 'clusters:export', { id: cluster.id, as: format });
      writeDocument(file.content, flags.out, io);
      return 0;
    }
    case 'import': {
      if (!target) throw new CliUsageError('clusters import needs a file');
      const content = readCliFile(target, 'cluster file', MAX_IMPORT_CHARS);
      const record = await call(services, 'clusters:import', {
        content,
        fileName: path.basename(target),
        ...(typeof flags.name === 'string' ? { name: flags.name } : {}),
      });
      const t = clusterTotals(record.spec);
      io.out(
        `imported cluster "${record.name}" (${plural(t.racks, 'rack')}, ${plural(t.hosts, 'host')}, ${plural(t.nodes, 'node')}, ${plural(t.cores, 'core')}) (${record.id})\n`,
      );
      // Its description says where each figure came from (an SLS file's defaults and what it did not
      // read): on stderr, so stdout stays the one line scripts take the new id from.
      if (record.spec.description) io.err(`${record.spec.description}\n`);
      return 0;
    }
    default:
      throw new CliUsageError(verb ? `unknown clusters command "${verb}"\n\n${clustersHelp}` : clustersHelp);
  }
}
