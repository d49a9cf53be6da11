import { afterEach } from 'vitest';
import { startServices, type Services } from '../../src-main/services';
import { useTempDirs } from './tempDir';

type Options = Omit<Parameters<typeof startServices>[0], 'dataDir'>;

/** Real services on a fresh data folder, closed after each test. */
export function useServices(): (dataDir?: string, options?: Options) => Promise<Services> {
  const tempDir = useTempDirs();
  const open: Services[] = [];
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  return async (dataDir?: string, options: Options = {}) => {
    const services = await startServices({ ...options, dataDir: dataDir ?? tempDir() });
    open.push(services);
    return services;
  };
}
