import { createDispatch, type Dispatch } from './dispatch';
import { EventBus } from './eventBus';
import { createHandlers, type ServiceDeps } from './handlers';
import { ExperimentRunner } from './experimentRunner';
import { ImportSessions } from './importSessions';
import { batchesRepo } from '../store/batchesRepo';
import type { RunPool } from '../runner/runPool';
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
export async function startServices(options: { dataDir: string; openExternal?: ServiceDeps['openExternal']; pickFile?: ServiceDeps['pickFile']; printPdf?: ServiceDeps['printPdf']; now?: () => Date; maxImportBytes?: number; makePool?: () => RunPool; ownsBatches?: boolean }): Promise<Services> {
  const store = await Store.open({ dataDir: options.dataDir, now: options.now });
  const events = new EventBus();
  store.onExternalChange = () => events.emit('store:changed', { domain: 'store' });
  const imports = new ImportSessions((file, bytesRead, bytes) => events.emit('import:progress', { file, bytesRead, bytes }), options.maxImportBytes);
  // A studio that stopped mid-batch (closed, crashed) left it "running": the process that runs
  // batches (the app, serve) closes those as cancelled. A CLI call must not: the app may be running them.
  if (options.ownsBatches) await batchesRepo(store).closeInterrupted();
  const runner = new ExperimentRunner(store, events, options.makePool);
  const dispatch = createDispatch(createHandlers({ store, events, openExternal: options.openExternal, imports, pickFile: options.pickFile, printPdf: options.printPdf, runner }));
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
