import { createDispatch, type Dispatch } from './dispatch';
import { EventBus } from './eventBus';
import { createHandlers, type ServiceDeps } from './handlers';
import { Store } from '../store/database';

export interface Services {
  store: Store;
  events: EventBus;
  dispatch: Dispatch;
  close(): Promise<void>;
}

/** Open the store in `dataDir` and wire the handler table; what every entry point starts with. */
export async function startServices(options: { dataDir: string; openExternal?: ServiceDeps['openExternal']; now?: () => Date }): Promise<Services> {
  const store = await Store.open({ dataDir: options.dataDir, now: options.now });
  const events = new EventBus();
  store.onExternalChange = () => events.emit('store:changed', { domain: 'store' });
  const dispatch = createDispatch(createHandlers({ store, events, openExternal: options.openExternal }));
  return {
    store,
    events,
    dispatch,
    async close() {
      await store.flush();
      store.close();
    },
  };
}
