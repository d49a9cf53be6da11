// Child process for the stalled-writer test: saves one cluster and, with its temp file written and
// fsynced but before the rename, stops itself (SIGSTOP), as a process suspended by Ctrl+Z, a frozen
// VM or a closed laptop lid would. Resumed, it says whether its save went through, and what its
// store's status says of the take-over.
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { nodeIo, type WriteIo } from '../../src-main/store/atomicWrite';
import { clustersRepo } from '../../src-main/store/clustersRepo';
import { Store } from '../../src-main/store/database';

async function main() {
  let armed = false;
  const io: WriteIo = {
    ...nodeIo,
    close: (fd) => {
      nodeIo.close(fd);
      if (!armed) return;
      armed = false;
      process.stdout.write('pausing\n');
      process.kill(process.pid, 'SIGSTOP');
    },
  };
  const store = await Store.open({ dataDir: process.argv[2], lock: { staleMs: Number(process.argv[3]) }, io });
  armed = true;
  const params = UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'paused writer', racks: 1, hostsPerRack: 2 });
  try {
    await clustersRepo(store).create(ClusterSpecSchema.parse(generateUniformCluster(params)));
    process.stdout.write('saved\n');
    process.stdout.write(`takeover ${JSON.stringify(store.status().lockTakeover)}\n`);
  } catch (err) {
    process.stdout.write(`failed: ${(err as Error).message}\n`);
  }
}
void main();
