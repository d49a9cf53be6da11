import { createDispatch, type Dispatch } from './dispatch';
import { EventBus } from './eventBus';
import { createHandlers, type ServiceDeps } from './handlers';
import { ExperimentRunner } from './experimentRunner';
import { ImportSessions } from './importSessions';
import { batchesRepo } from '../store/batchesRepo';
import { RunPool, type SimulationPool } from '../runner/runPool';
import { queueTarget } from '../runner/remote/connection';
import { RemotePool } from '../runner/remote/remotePool';
import { queueEnvironment, type QueuePassword } from './queuePassword';
import { PluginFolder } from './pluginFolder';
import { SettingsFile } from './settingsFile';
import { Store } from '../store/database';

export interface Services {
  store: Store;
  events: EventBus;
  dispatch: Dispatch;
  imports: ImportSessions;
  runner: ExperimentRunner;
  close(): Promise<void>;
}

/** Open the store in `dataDir` and wire the handler table; what every entry point starts with. */
export async function startServices(options: {
  dataDir: string;
  openExternal?: ServiceDeps['openExternal'];
  pickFile?: ServiceDeps['pickFile'];
  printPdf?: ServiceDeps['printPdf'];
  now?: () => Date;
  maxImportBytes?: number;
  makePool?: () => SimulationPool;
  queuePassword?: QueuePassword;
}): Promise<Services> {
  const store = await Store.open({ dataDir: options.dataDir, now: options.now });
  const events = new EventBus();
  store.onExternalChange = () => events.emit('store:changed', { domain: 'store' });
  // Paused past the lock's stale time (a suspended laptop, Ctrl+Z) while another program wrote:
  // the log says what happened to the pending saves, and every window reloads the store's status.
  store.onLockTakenOver = (t) => {
    console.warn(
      t.writesLost === 0
        ? `[store] another process took over the data folder while this one was paused; ${t.writesSavedAgain} pending change(s) were saved again under a fresh lock`
        : `[store] another process took over the data folder while this one was paused, on every try; ${t.writesLost} pending change(s) were not saved`,
    );
    events.emit('store:changed', { domain: 'store' });
  };
  const imports = new ImportSessions((file, bytesRead, bytes) => events.emit('import:progress', { file, bytesRead, bytes }), options.maxImportBytes);
  // A process that stopped mid-batch (a closed or crashed studio, a killed `run --save`) left it
  // "running": whoever opens the store next closes it as interrupted. Batches whose process still
  // runs (the app while the CLI opens the folder, or the other way round) are left alone.
  await batchesRepo(store).closeInterrupted();
  const settings = new SettingsFile(store.dataDir, options.queuePassword);
  // The user's own scheduler files, kept in the data folder: offered from the start (docs/plugins.md).
  const plugins = new PluginFolder(store.dataDir);
  await plugins.loadAll();
  // Each batch takes its pool from the settings as they are when it starts: a queue of remote
  // workers if the user chose one, else this machine's threads.
  const fromSettings = (): SimulationPool => {
    const queue = settings.queue();
    return queue ? new RemotePool(queueTarget(queue, queueEnvironment(settings.password))) : new RunPool({ threads: settings.runThreads() });
  };
  const runner = new ExperimentRunner(store, events, options.makePool ?? fromSettings);
  const dispatch = createDispatch(
    createHandlers({
      store,
      events,
      openExternal: options.openExternal,
      imports,
      pickFile: options.pickFile,
      printPdf: options.printPdf,
      runner,
      settings,
      plugins,
    }),
  );
  return {
    store,
    events,
    dispatch,
    imports,
    runner,
    async close() {
      imports.closeAll();
      await runner.closeAll();
      await store.flush();
      store.close();
    },
  };
}
