import { afterEach } from 'vitest';
import { startServices, type Services } from '../../src-main/services';
import { useTempDirs } from './tempDir';

/** Real services on a fresh data folder, closed after each test. */
export function useServices(): (dataDir?: string) => Promise<Services> {
  const tempDir = useTempDirs();
  const open: Services[] = [];
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  return async (dataDir?: string) => {
    const services = await startServices({ dataDir: dataDir ?? tempDir() });
    open.push(services);
    return services;
  };
}
