/**
 * Runs every preset docs/reproductions.md reads, at full size over its own seeds, and the checks it
 * reads that are not presets, and stores them in docs/runs/ (scripts/reproductions/storedRuns.ts).
 * Then `npm run docs:reproductions` renders the docs from them.
 *
 *   npm run reproductions:record [-- prism-puma ila-facebook ila-interference …]   (default: all)
 */
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { runExperiment } from '../../src-main/runner/runExperiment';
import { ariaModelChecks } from '../../tests/scenarios/ariaModelCheck';
import { fawkesUsageHeldOut } from '../../tests/scenarios/fawkesUsageHeldOut';
import { ilaAgainstIaoHeldOut } from '../../tests/scenarios/ilaHeldOut';
import { localityCosts } from '../../tests/scenarios/ilaLocalityCost';
import { heldOutDeadlines } from '../../tests/scenarios/minEdfHeldOut';
import { prismBatchSizes } from '../../tests/scenarios/prismBatchSizes';
import { prismOrderPlacement } from '../../tests/scenarios/prismOrderPlacement';
import { prismPumaHeldOut } from '../../tests/scenarios/prismPumaHeldOut';
import { liuNodeRange } from '../../tests/scenarios/liuNodeRange';
import { ilaRedrawn } from '../../tests/scenarios/ilaRedrawn';
import { fawkesRedrawn } from '../../tests/scenarios/fawkesRedrawn';
import { ariaRedrawn } from '../../tests/scenarios/ariaRedrawn';
import {
  RECORDED_PRESETS,
  REPO_ROOT,
  STORED_CHECKS,
  interferenceReports,
  presetFile,
  storedPresetRuns,
  writeStoredCheck,
  writeStoredRuns,
  type StoredCheckName,
} from './storedRuns';

async function main(): Promise<void> {
  const named = process.argv.slice(2);
  const isCheck = (n: string): n is StoredCheckName => (STORED_CHECKS as string[]).includes(n);
  const unknown = named.filter((n) => !isCheck(n) && !RECORDED_PRESETS.some((p) => p.preset === n));
  if (unknown.length)
    throw new Error(
      `not a preset the docs read: ${unknown.join(', ')} (choose from ${[...RECORDED_PRESETS.map((p) => p.preset), ...STORED_CHECKS].join(', ')})`,
    );
  const presets = named.length ? RECORDED_PRESETS.filter((p) => named.includes(p.preset)) : RECORDED_PRESETS;
  const checks = named.length ? STORED_CHECKS.filter((c) => named.includes(c)) : STORED_CHECKS;
  for (const check of checks) {
    const started = Date.now();
    const data = await {
      'ila-interference': interferenceReports,
      'ila-locality-cost': localityCosts,
      'ila-iao-held-out': ilaAgainstIaoHeldOut,
      'aria-model': ariaModelChecks,
      'aria-minedf-held-out': () => heldOutDeadlines(),
      'fawkes-usage-held-out': fawkesUsageHeldOut,
      'prism-batch-sizes': prismBatchSizes,
      'prism-order-placement': prismOrderPlacement,
      'prism-puma-held-out': prismPumaHeldOut,
      'liu-node-range': liuNodeRange,
      'ila-iao-redrawn': ilaRedrawn,
      'fawkes-redrawn': () => fawkesRedrawn(),
      'aria-minedf-redrawn': ariaRedrawn,
    }[check]();
    const file = writeStoredCheck(check, data);
    console.log(`${check} → ${path.relative(REPO_ROOT, file)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  for (const { preset } of presets) {
    const started = Date.now();
    const { result } = await runExperiment(loadExperiment(presetFile(preset)), { threads: availableParallelism() });
    const file = writeStoredRuns(storedPresetRuns(preset, result));
    console.log(`${preset}: ${result.runs.length} runs → ${path.relative(REPO_ROOT, file)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
