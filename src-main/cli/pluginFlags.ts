import { loadSchedulerFile, PluginFileError } from '../runner/pluginFile';
import { CliUsageError, type CliIo } from './output';

/** `--scheduler FILE`, repeated: each file loaded and registered, said on stderr with its hash; a file it cannot use is a usage error in words. */
export async function loadPluginFiles(files: readonly string[], io: CliIo): Promise<void> {
  for (const file of files) {
    try {
      const p = await loadSchedulerFile(file);
      io.err(`loaded scheduler "${p.kind}" (${p.title}) from ${file}, sha256 ${p.sha256.slice(0, 12)}…\n`);
    } catch (err) {
      if (err instanceof PluginFileError) throw new CliUsageError(err.message);
      throw err;
    }
  }
}
