// The other papers' testbeds in `npm run calibrate` (docs/model.md "Calibration: the other papers'
// testbeds"): ARIA Table 1 and Liu Tables 4.4-4.6 against the model on their presets, with the costs
// the presets were priced with (npm run presets:aria, presets:liu), and FAWKES' stated set-up
// against its presets'.
import * as path from 'node:path';
import { loadExperiment } from '../src-main/runner/loadExperiment';
import { ariaCalibration, presetAriaCosts } from '../src-main/runner/calibration/ariaTestbed';
import { liuCalibration } from '../src-main/runner/calibration/liuTestbed';
import { FAWKES_SETUP } from '../src-main/models/calibration/fawkesSetup';
import { LIU_IO_RATES, LIU_PATTERNS } from '../src-main/models/calibration/liuTaskTable';

const preset = (name: string) => loadExperiment(path.resolve(__dirname, `../resources/presets/${name}.experiment.json`));
const pct = (model: number, paper: number) => (paper === 0 ? '' : `${model >= paper ? '+' : ''}${(((model - paper) / paper) * 100).toFixed(0)} %`);
const pair = (paper: number, model: number) => `${String(paper).padStart(6)} ${model.toFixed(1).padStart(7)} ${pct(model, paper).padStart(7)}`;

export function printAria(): void {
  const { cluster, experiment, workload } = preset('aria-minedf');
  const costs = presetAriaCosts(workload.generate?.mix ?? []);
  console.log(
    `\nARIA (Verma et al.) Table 1 against the model: each application alone on "${cluster.name}" under FIFO, one map and one reduce slot a worker held to the row's slots, on its sec. 5.3 dataset (64 MB maps, 64 reduces), seed 1.`,
  );
  console.log("Priced from the 64/32 rows (the preset's mix rows): map CPU s/MB, map selectivity, reduce CPU s/MB, reduce selectivity");
  for (const [template, c] of Object.entries(costs)) console.log(`  ${template.padEnd(11)} ${JSON.stringify(c)}`);
  console.log(
    'application slots    map avg: paper  model        map max: paper  model   map selectivity  1st shuffle: paper model    typ. shuffle: paper model   reduce avg: paper model',
  );
  for (const { measured: m, model: p } of ariaCalibration(cluster, experiment.simulation, costs)) {
    console.log(
      `${m.template.padEnd(11)} ${`${m.mapSlots}/${m.reduceSlots}`.padEnd(6)} ${pair(m.mAvg, p.mAvg)}   ${pair(m.mMax, p.mMax)}   ${String(m.selectivityM).padStart(5)} ${p.selectivityM.toFixed(2).padStart(6)}   ${pair(m.sh1Avg, p.sh1Avg)}   ${pair(m.shTypAvg, p.shTypAvg)}   ${pair(m.rAvg, p.rAvg)}`,
    );
  }
}

export function printLiu(): void {
  for (const pattern of LIU_PATTERNS) {
    const { cluster, experiment } = preset(pattern.preset);
    if (pattern === LIU_PATTERNS[0]) {
      const disk = cluster.hostTypes[0].disks[0];
      console.log(`\nLiu sec. 4.1-4.4 against the model on "${cluster.name}" (seeds ${experiment.seeds.join(', ')}).`);
      console.log(
        `Disk: paper ${LIU_IO_RATES.fileSystemMBps} MB/s (Table 4.2, file system), HDFS ${LIU_IO_RATES.hdfsMBps} MB/s; preset ${disk.readMBps} MB/s read, ${disk.writeMBps} MB/s write.`,
      );
    }
    console.log(`${pattern.table} on ${pattern.preset}: average map task time, s (YARN priced | Finer-Grained an outcome): paper  model`);
    for (const r of liuCalibration(experiment, cluster, pattern))
      console.log(`  ${r.template.padEnd(8)} ${pair(r.measured[0], r.model[0])} | ${pair(r.measured[1], r.model[1])}    ${r.knob} = ${r.value}`);
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
