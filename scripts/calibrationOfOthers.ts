// The other papers' testbeds in `npm run calibrate` (docs/model.md "Calibration: the other papers'
// testbeds"): ARIA Table 1 and Liu Table 4.4 against the model on their presets' clusters, and
// FAWKES' stated set-up against its presets'. Measured, not priced: these presets keep the template
// costs docs/model.md "Workload" describes.
import * as path from 'node:path';
import { loadExperiment } from '../src-main/runner/loadExperiment';
import { ariaCalibration } from '../src-main/runner/calibration/ariaTestbed';
import { liuCalibration } from '../src-main/runner/calibration/liuTestbed';
import { FAWKES_SETUP } from '../src-main/models/calibration/fawkesSetup';
import { LIU_IO_RATES } from '../src-main/models/calibration/liuTaskTable';

const preset = (name: string) => loadExperiment(path.resolve(__dirname, `../resources/presets/${name}.experiment.json`));
const pct = (model: number, paper: number) => (paper === 0 ? '' : `${model >= paper ? '+' : ''}${(((model - paper) / paper) * 100).toFixed(0)} %`);
const pair = (paper: number, model: number) => `${String(paper).padStart(6)} ${model.toFixed(1).padStart(7)} ${pct(model, paper).padStart(7)}`;

export function printAria(): void {
  const { cluster, experiment } = preset('aria-minedf');
  console.log(
    `\nARIA (Verma et al.) Table 1 against the model: each application alone on "${cluster.name}" under FIFO, one map and one reduce slot a worker held to the row's slots, 256 maps of 64 MB and 64 reduces, seed 1.`,
  );
  console.log(
    'application slots    map avg: paper  model        map max: paper  model   map selectivity  1st shuffle: paper model    typ. shuffle: paper model   reduce avg: paper model',
  );
  for (const { measured: m, model: p } of ariaCalibration(cluster, experiment.simulation)) {
    console.log(
      `${m.template.padEnd(11)} ${`${m.mapSlots}/${m.reduceSlots}`.padEnd(6)} ${pair(m.mAvg, p.mAvg)}   ${pair(m.mMax, p.mMax)}   ${String(m.selectivityM).padStart(5)} ${p.selectivityM.toFixed(2).padStart(6)}   ${pair(m.sh1Avg, p.sh1Avg)}   ${pair(m.shTypAvg, p.shTypAvg)}   ${pair(m.rAvg, p.rAvg)}`,
    );
  }
}

export function printLiu(): void {
  const { cluster, experiment } = preset('liu-balanced');
  const disk = cluster.hostTypes[0].disks[0];
  console.log(`\nLiu sec. 4.1-4.4 against the model on "${cluster.name}" (seeds ${experiment.seeds.join(', ')}).`);
  console.log(
    `Disk: paper ${LIU_IO_RATES.fileSystemMBps} MB/s (Table 4.2, file system), HDFS ${LIU_IO_RATES.hdfsMBps} MB/s; preset ${disk.readMBps} MB/s read, ${disk.writeMBps} MB/s write.`,
  );
  console.log('Table 4.4, average map task time in the balanced pattern, s (YARN | Finer-Grained): paper  model');
  for (const r of liuCalibration(experiment, cluster)) {
    const m = r.measured;
    console.log(
      `${`${m.cpuJob}+${m.ioJob}`.padEnd(12)} ${m.cpuJob.padEnd(7)} ${pair(m.cpuMapS[0], r.cpuMapS[0])} | ${pair(m.cpuMapS[1], r.cpuMapS[1])}    ${m.ioJob.padEnd(7)} ${pair(m.ioMapS[0], r.ioMapS[0])} | ${pair(m.ioMapS[1], r.ioMapS[1])}`,
    );
  }
}

export function printFawkes(): void {
  const { cluster, experiment } = preset('fawkes-wkld-d');
  const host = cluster.hostTypes[0];
  const card = experiment.schedulers.find((s) => s.kind === 'fawkes');
  const slots = card?.kind === 'fawkes' ? `${card.mapSlots ?? 'auto'} / ${card.reduceSlots ?? 'auto'}` : 'none';
  const preset_: Record<string, string> = {
    'cores per node': String(host.cores),
    'memory per node': `${host.memoryGb} GB`,
    'map / reduce slots per node': slots,
    'HDFS block, replication': `${cluster.hdfs.blockSizeMb} MB, ${cluster.hdfs.replication}`,
    'disks per node': host.disks.map((d) => `${d.readMBps} MB/s`).join(' + '),
    network: `NIC ${host.nicMBps} MB/s, rack uplink ${cluster.network.rackUplinkMBps} MB/s`,
    'nodes in play': String(cluster.racks.reduce((n, r) => n + r.hosts.length, 0)),
  };
  console.log(`\nFAWKES sec. 5.1 (DAS-4) against its WKLD-D preset ("${cluster.name}"):`);
  for (const row of FAWKES_SETUP)
    console.log(`${row.what.padEnd(28)} paper: ${row.paper.padEnd(72)} preset: ${preset_[row.what]}${row.stated ? '' : '  (not stated: a reading)'}`);
}
