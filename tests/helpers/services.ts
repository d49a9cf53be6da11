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

/** Call a service as the renderer would; a refusal fails the test with its field and message. */
export async function ok<T = unknown>(services: Services, channel: string, request: unknown): Promise<T> {
  const r = await services.dispatch(channel, request);
  if (!r.ok) throw new Error(`${channel}: ${r.error.field ?? ''} ${r.error.message}`);
  return r.data as T;
}

/** Call a service that must refuse; its error (code, field, message) for the test to read. */
export async function refused(services: Services, channel: string, request: unknown) {
  const r = await services.dispatch(channel, request);
  if (r.ok) throw new Error(`${channel} accepted what it should refuse`);
  return r.error;
}
