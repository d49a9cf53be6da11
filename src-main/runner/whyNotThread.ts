import { Piscina } from 'piscina';
import type { ResolvedRun } from './matrix';
import { locateWorkerFile } from './runPool';
import { whyNotResult, type WhyNotResult } from './whyNot';

/**
 * A why-not replay in a worker thread of its own, so the window (or serve's other requests) stays
 * responsive while a long run is replayed; in this thread when there is no worker bundle (tests
 * on the sources before a build).
 */
export async function whyNotOffThread(run: ResolvedRun, label: string, job: string, at: number): Promise<WhyNotResult> {
  const filename = locateWorkerFile();
  if (!filename) return whyNotResult(run, label, job, at);
  const pool = new Piscina({ filename, maxThreads: 1, minThreads: 0 });
  try {
    return (await pool.run({ run, label, job, at }, { name: 'whyNotInWorker' })) as WhyNotResult;
  } finally {
    await pool.destroy();
  }
}
