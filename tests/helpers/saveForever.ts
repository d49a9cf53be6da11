// Child process for the crash-safety test: saves bigger and bigger databases until it is killed.
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { Store } from '../../src-main/store/database';
import { clustersRepo } from '../../src-main/store/clustersRepo';

async function main() {
  const store = await Store.open({ dataDir: process.argv[2] });
  const repo = clustersRepo(store);
  for (let i = 0; ; i++) {
    // ~2,000 hosts per cluster makes each save a few hundred kB, so kills land mid-write.
    const params = UniformClusterSchema.parse({ ...defaultUniformCluster, name: `c${process.pid}-${i}`, racks: 20, hostsPerRack: 100 });
    await repo.create(ClusterSpecSchema.parse(generateUniformCluster(params)));
    process.stdout.write('saved\n');
  }
}
void main();
