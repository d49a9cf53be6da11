import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startServices } from '../src-main/services';
import { RunPool } from '../src-main/runner/runPool';
async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'x-'));
  const s = await startServices({ dataDir: dir, makePool: () => new RunPool({ workerFile: null }) });
  const call = async (ch: string, req: unknown) => { const r: any = await s.dispatch(ch, req); if (!r.ok) throw new Error(JSON.stringify(r)); return r.data; };
  const mixed = {
    name: 'Two racks', hostTypes: [
      { id: 'small', name: '8-core', cores: 8, coreSpeed: 1, memoryGb: 32, disks: [{ readMBps: 150, writeMBps: 120 }], nicMBps: 125 },
      { id: 'big', name: '16-core', cores: 16, coreSpeed: 1, memoryGb: 64, disks: [{ readMBps: 150, writeMBps: 120 }], nicMBps: 125 }],
    network: { rackUplinkMBps: 1250, oversubscription: 1 },
    racks: [{ name: 'r1', hosts: Array.from({ length: 5 }, (_, i) => ({ name: `s${i}`, type: 'small' })) }, { name: 'r2', hosts: Array.from({ length: 5 }, (_, i) => ({ name: `b${i}`, type: 'big' })) }] };
  const cluster = await call('clusters:create', { spec: mixed });
  const count = Number(process.argv[2] ?? 3000);
  const maps = JSON.parse(process.argv[3] ?? '[10,40]');
  const workload = await call('workloads:create', { spec: { name: 'long', generate: { count, arrival: { kind: 'poisson', meanInterarrivalS: Number(process.argv[4] ?? 2) }, mix: [{ template: 'Sort', weight: 1, maps }] } } });
  const design = await call('experiments:create', { spec: { name: 'long', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fair' }], seeds: [1] } });
  const t = Date.now();
  const b = await call('experiments:run', { id: design.id });
  for (;;) { const d = await call('batches:get', { id: b.id }); if (d.status !== 'running' && d.status !== 'queued') { console.log(d.status); break; } await new Promise((r) => setTimeout(r, 200)); }
  console.log('ms', Date.now() - t);
  await s.close();
}
void main();
