import { addedSchedulerCards } from '@shared/schedulers';
import { PluginFileError } from '../runner/pluginFile';
import type { Handlers } from './handlerTypes';
import type { PluginFolder } from './pluginFolder';
import { ServiceError } from './serviceError';

/** Settings → Schedulers of your own: list, add and remove the user's scheduler files (docs/plugins.md). */
export function pluginHandlers(plugins: PluginFolder | undefined): Pick<Handlers, 'schedulers:plugins' | 'schedulers:addPlugin' | 'schedulers:removePlugin'> {
  const folder = () => {
    if (!plugins) throw new ServiceError('invalid_request', 'this studio keeps no scheduler files of your own', 'fileName');
    return plugins;
  };
  return {
    'schedulers:plugins': () => plugins?.list() ?? [],
    'schedulers:addPlugin': async ({ fileName, content }) => {
      try {
        const entry = await folder().add(fileName, content);
        const card = addedSchedulerCards().find((c) => c.kind === entry.kind);
        if (!card) throw new ServiceError('invalid_request', `${fileName}: loaded, but offers no scheduler`, 'fileName');
        return { entry, card };
      } catch (err) {
        if (err instanceof PluginFileError) throw new ServiceError('invalid_request', err.message, 'content');
        throw err;
      }
    },
    'schedulers:removePlugin': ({ sha256 }) => {
      try {
        return folder().remove(sha256);
      } catch (err) {
        if (err instanceof PluginFileError) throw new ServiceError('not_found', err.message, 'sha256');
        throw err;
      }
    },
  };
}
