// Child process for the interrupted-batch test: starts a batch of three runs as a runner would,
// says so, then never finishes it (the test kills it, or leaves it running).
import { BatchInputsSchema, type BatchInputs, type RunPlan } from '@shared/experiment/design';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { Store } from '../../src-main/store/database';
import { batchesRepo } from '../../src-main/store/batchesRepo';

async function main() {
  const store = await Store.open({ dataDir: process.argv[2] });
  // Real inputs, so the batch can be resumed once its process is gone.
  const inputs: BatchInputs = BatchInputsSchema.parse({
    clusters: [{ name: 'lab', spec: generateUniformCluster(UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 3 })) }],
    workloads: [{ name: 'few', spec: { name: 'few', jobs: [{ id: 'a', template: 'Sort', submit: 0, maps: 2 }] } }],
    schedulers: [{ kind: 'fifo' }],
    seeds: [1, 2, 3],
    simulation: {},
  });
  const plan: RunPlan[] = [1, 2, 3].map((seed, index) => ({ index, cluster: 0, workload: 0, scheduler: 0, seed, label: 'fifo' }));
  const batch = await batchesRepo(store).create(`held by ${process.pid}`, null, inputs, plan);
  process.stdout.write(`created ${batch.id}\n`);
  setInterval(() => undefined, 1 << 30);
}
void main();
