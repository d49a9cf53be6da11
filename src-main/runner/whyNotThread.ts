import type { ResolvedRun } from './matrix';
import { loadPiscina, locateWorkerFile } from './runPool';
import { pluginsFor } from './pluginFile';
import { whyNotResult, type WhyNotResult } from './whyNotReplay';

/** The replay was stopped by its signal before it answered. */
export class WhyNotCancelled extends Error {
  constructor() {
    super('the replay was cancelled');
  }
}

/**
 * A why-not replay in a worker thread of its own, so the window (or serve's other requests) stays
 * responsive while a long run is replayed, and `signal` can stop it where it is (the thread is
 * ended); in this thread when there is no worker bundle (tests on the sources before a build),
 * where a replay once started runs to its end and its answer is dropped if the signal came.
 */
export async function whyNotOffThread(run: ResolvedRun, label: string, job: string, at: number, signal?: AbortSignal): Promise<WhyNotResult> {
  if (signal?.aborted) throw new WhyNotCancelled();
  const filename = locateWorkerFile();
  if (!filename) {
    const result = whyNotResult(run, label, job, at);
    if (signal?.aborted) throw new WhyNotCancelled();
    return result;
  }
  // Loaded here, not with the services: most sessions never ask why not.
  const { Piscina } = loadPiscina();
  const pool = new Piscina({ filename, maxThreads: 1, minThreads: 0 });
  try {
    const plugins = pluginsFor([run.scheduler.kind]);
    return (await pool.run({ run, label, job, at, plugins }, { name: 'whyNotInWorker', signal: signal ?? null })) as WhyNotResult;
  } catch (err) {
    if (signal?.aborted) throw new WhyNotCancelled();
    throw err;
  } finally {
    await pool.destroy();
  }
}
