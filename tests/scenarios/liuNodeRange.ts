import { pairedTTest } from '@shared/results/stats';
import { Random } from '../../src-main/engine/core/random';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { runExperiment } from '../../src-main/runner/runExperiment';
import { presetFile } from '../../scripts/reproductions/storedRuns';

/**
 * Liu sec. 4.4's gain for CPU-intensive jobs over a range of cluster sizes, on redrawn workloads
 * (issue 54: a packing effect whose size the docs stated from one cluster shape). Two case shapes,
 * the balanced and the I/O-heavy patterns; each on 6, 8, 10 and 12 datanodes of the preset's kind;
 * six replicates, each drawing its own job sizes from its own seed: every job's maps are the
 * preset's scaled to the cluster (× nodes / 8) and by a factor drawn from 0.8 to 1.2. Replicate r
 * runs with engine seed r too. Shared by its test and the stored check docs/reproductions.md reads.
 */
export const LIU_RANGE_PATTERNS = ['liu-balanced', 'liu-io-heavy'] as const;
export const LIU_RANGE_NODES = [6, 8, 10, 12];
export const LIU_RANGE_REPLICATES = [1, 2, 3, 4, 5, 6];
const YARN = 'YARN (one core per task)';
const FINE = 'Finer-Grained CPU';

export interface LiuRangeRow {
  pattern: (typeof LIU_RANGE_PATTERNS)[number];
  nodes: number;
  /** Pi's mean job time under Finer-Grained against YARN, % per replicate, and their paired test. */
  piChangePct: number[];
  p: number | null;
}

const r3 = (x: number) => Number(x.toFixed(3));

export async function liuNodeRange(): Promise<LiuRangeRow[]> {
  const rows: LiuRangeRow[] = [];
  for (const pattern of LIU_RANGE_PATTERNS) {
    for (const nodes of LIU_RANGE_NODES) {
      const yarn: number[] = [];
      const fine: number[] = [];
      for (const replicate of LIU_RANGE_REPLICATES) {
        const loaded = loadExperiment(presetFile(pattern));
        const draw = new Random(replicate * 1000 + nodes, 'sizes');
        const rack = loaded.cluster.racks[0];
        const hosts = Array.from({ length: nodes }, (_, i) => ({ ...rack.hosts[0], name: `node${String(i + 1).padStart(2, '0')}` }));
        loaded.cluster = { ...loaded.cluster, racks: [{ ...rack, hosts }] };
        const jobs = loaded.workload.jobs.map((j) => {
          const maps = Math.max(1, Math.round(((j.maps ?? 1) * nodes * (0.8 + 0.4 * draw.next())) / 8));
          const scale = maps / (j.maps ?? 1);
          return { ...j, maps, ...(j.inputMb ? { inputMb: j.inputMb * scale } : {}) };
        });
        loaded.workload = { ...loaded.workload, jobs };
        loaded.experiment = { ...loaded.experiment, cluster: loaded.cluster, workload: loaded.workload, seeds: [replicate] };
        const { result } = await runExperiment(loaded);
        const pi = (label: string) => {
          const job = result.runs.find((r) => r.scheduler === label)!.jobs.find((x) => x.id === 'pi')!;
          return job.finish! - job.submit!;
        };
        yarn.push(pi(YARN));
        fine.push(pi(FINE));
      }
      const p = pairedTTest(fine, yarn).p;
      rows.push({ pattern, nodes, piChangePct: fine.map((f, i) => r3((f / yarn[i] - 1) * 100)), p: p === null ? null : r3(p) });
    }
  }
  return rows;
}
