import { createDispatch, type Dispatch } from './dispatch';
import { EventBus } from './eventBus';
import { createHandlers, type ServiceDeps } from './handlers';
import { ImportSessions } from './importSessions';
import { Store } from '../store/database';

export interface Services {
  store: Store;
  events: EventBus;
  dispatch: Dispatch;
  imports: ImportSessions;
  close(): Promise<void>;
}

/** Open the store in `dataDir` and wire the handler table; what every entry point starts with. */
export async function startServices(options: { dataDir: string; openExternal?: ServiceDeps['openExternal']; pickFile?: ServiceDeps['pickFile']; now?: () => Date; maxImportBytes?: number }): Promise<Services> {
  const store = await Store.open({ dataDir: options.dataDir, now: options.now });
  const events = new EventBus();
  store.onExternalChange = () => events.emit('store:changed', { domain: 'store' });
  const imports = new ImportSessions((file, bytesRead, bytes) => events.emit('import:progress', { file, bytesRead, bytes }), options.maxImportBytes);
  const dispatch = createDispatch(createHandlers({ store, events, openExternal: options.openExternal, imports, pickFile: options.pickFile }));
  return {
    store,
    events,
    dispatch,
    imports,
    async close() {
      imports.closeAll();
      await store.flush();
      store.close();
    },
  };
}
