import { ILA_SERVER } from '../models/interferenceProfiling';
import { interferenceReport } from '../models/interferenceReport';
import { CliUsageError, table, type CliIo } from './output';

export const interferenceHelp = `workload-studio interference [--samples N] [--seed S] [--disk-thrashing T] [--json]

  The ILA paper's interference-model comparison (sec. 5.4, Table 5 and Fig. 11) on profiling runs
  the studio makes for the paper's server (10 guest cores, one disk holding 6 VM images of 2 vCPUs,
  disk thrashing 0.6 as in the ILA preset; --disk-thrashing sets another, 0-1): CPU and
  I/O load generators at varying intensity on co-hosted VMs, plus random mixes of real templates.
  The exponential model (eq. 1-3, Levenberg-Marquardt) and linear and quadratic baselines are fitted
  on two thirds of the samples and scored on the rest: R² and mean relative prediction error,
  overall and per application kind. Default: 240 samples, seed 1.
`;

export async function interferenceCommand(flags: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const samples = flags.samples === undefined ? 240 : Number(flags.samples);
  const seed = flags.seed === undefined ? 1 : Number(flags.seed);
  if (!Number.isInteger(samples) || samples < 30 || samples > 5000) throw new CliUsageError('--samples must be a whole number from 30 to 5000');
  if (!Number.isInteger(seed) || seed < 0) throw new CliUsageError('--seed must be a whole number ≥ 0');
  const diskThrashing = flags['disk-thrashing'] === undefined ? ILA_SERVER.diskThrashing : Number(flags['disk-thrashing']);
  if (!Number.isFinite(diskThrashing) || diskThrashing < 0 || diskThrashing > 1) throw new CliUsageError('--disk-thrashing must be a number from 0 to 1');
  const report = interferenceReport({ ...ILA_SERVER, diskThrashing }, samples, seed);
  if (flags.json) {
    io.out(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const f = (x: number) => x.toFixed(3);
  io.out(`fitted on ${report.training} profiling samples, scored on ${report.testing}\n\n`);
  io.out(
    table(
      ['MODEL', 'R²', 'MEAN ERROR', 'R² CPU-BOUND', 'ERROR CPU', 'R² I/O-BOUND', 'ERROR I/O'],
      report.models.map((m) => [
        m.name,
        f(m.all.r2),
        `${(m.all.meanError * 100).toFixed(1)} %`,
        f(m.cpu.r2),
        `${(m.cpu.meanError * 100).toFixed(1)} %`,
        f(m.io.r2),
        `${(m.io.meanError * 100).toFixed(1)} %`,
      ]),
    ),
  );
  return 0;
}
