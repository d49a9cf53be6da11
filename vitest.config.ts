import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': resolve(__dirname, 'src-main/shared') };
/** Every test file starts as the studio's processes do: with its schedulers registered. */
const setupFiles = ['tests/helpers/registerSchedulers.ts'];

/**
 * Five suites, all in plain Node: nothing here loads Electron (scripts/check-layers.mjs proves it).
 * Every timeout is a guard against a hang, sized for a loaded 2-core machine, never a speed check:
 * the bench measures speed (`npm run bench`).
 */
const GUARD = { unit: 120_000, integration: 300_000, e2e: 180_000 };
/**
 * How long `expect.poll` waits for its condition when a test names no time: vitest's own second
 * is a speed check on a busy machine (a preview of 100,000 jobs answered later than that while a
 * clean CI ran beside the e2e tests). A poll ends as soon as its condition holds.
 */
const POLL = { poll: { timeout: 60_000 } };

/**
 * Test files at once. Vitest's default (one core fewer than the machine has) leaves a 2-core
 * machine one file at a time, and most files wait on simulations or child processes, so the suite
 * took 30 minutes there; two at once use both cores. The e2e files too: each starts its own server,
 * data folder and browser, and most of a file's time is a page waiting for a run or a render.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          setupFiles,
          environment: 'node',
          testTimeout: GUARD.unit,
          hookTimeout: GUARD.unit,
          expect: POLL,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          setupFiles,
          environment: 'node',
          testTimeout: GUARD.integration,
          hookTimeout: GUARD.integration,
          expect: POLL,
          globalSetup: ['tests/helpers/globalSetup.ts'],
        },
      },
      // Writers killed at random moments: a reduced loop here, the full one with STRESS_FULL=1 (npm run test:stress).
      {
        resolve: { alias },
        test: {
          name: 'stress',
          include: ['tests/stress/**/*.test.ts'],
          setupFiles,
          environment: 'node',
          testTimeout: 600000,
          globalSetup: ['tests/helpers/globalSetup.ts'],
        },
      },
      { resolve: { alias }, test: { name: 'security', include: ['tests/security/**/*.test.ts'], setupFiles, environment: 'node', testTimeout: 120000 } },
      {
        resolve: { alias },
        // Two files at once (WORKERS): 323 s for the project on this 2-core machine, against 418 s one at a time.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles,
          environment: 'node',
          testTimeout: GUARD.e2e,
          hookTimeout: GUARD.e2e,
          expect: POLL,
          globalSetup: ['tests/helpers/globalSetup.ts'],
        },
      },
    ],
  },
});
