// Child process for the interrupted-batch test: starts a batch of three runs as a runner would,
// says so, then never finishes it (the test kills it, or leaves it running).
import type { BatchInputs, RunPlan } from '@shared/experiment/design';
import { Store } from '../../src-main/store/database';
import { batchesRepo } from '../../src-main/store/batchesRepo';

async function main() {
  const store = await Store.open({ dataDir: process.argv[2] });
  const inputs = { clusters: [], workloads: [], schedulers: [], seeds: [1, 2, 3], simulation: {} } as unknown as BatchInputs;
  const plan: RunPlan[] = [1, 2, 3].map((seed, index) => ({ index, cluster: 0, workload: 0, scheduler: 0, seed, label: 'fifo' }));
  const batch = await batchesRepo(store).create(`held by ${process.pid}`, null, inputs, plan);
  process.stdout.write(`created ${batch.id}\n`);
  setInterval(() => undefined, 1 << 30);
}
void main();
