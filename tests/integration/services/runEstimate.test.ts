import { describe, expect, it } from 'vitest';
import type { DesignRecord, ExperimentDesignInput } from '@shared/experiment/design';
import type { BatchEstimate } from '@shared/experiment/runEstimate';
import { startServices } from '../../../src-main/services';
import { hoursOfWork } from '../../helpers/largeDesign';
import { ok } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();

/**
 * A batch the studio estimates as large (issue 32: hours, or a run past what a thread may take)
 * is refused until the user asks for it; the design's check carries the estimate for the designer.
 */
describe('the pre-run estimate of a design', () => {
  it('refuses a batch of hours beside a "size" field, with the estimate, and starts it when asked', async () => {
    const s = await startServices({ dataDir: tempDir() });
    try {
      await ok(s, 'settings:update', { runThreads: 1, queue: null });
      const sample = await ok<{ experimentId: string; clusterId: string; workloadId: string }>(s, 'studio:sample', {});
      const design: ExperimentDesignInput = await hoursOfWork(s, sample.clusterId);
      const check = await ok<{ problems: unknown[]; estimate: BatchEstimate }>(s, 'experiments:check', { spec: design });
      expect(check.problems).toEqual([]);
      expect(check.estimate.runs).toBe(60);
      expect(check.estimate.largestRun.tasks).toBe(2_000_000);
      expect(check.estimate.large).toEqual([expect.stringMatching(/^the 60 runs would take about [\d.]+ (min|h) on 1 thread, more than an hour$/)]);
      const created = await ok<DesignRecord>(s, 'experiments:create', { spec: design });
      const refused = await s.dispatch('experiments:run', { id: created.id });
      expect(refused).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_request',
          field: 'size',
          message: expect.stringMatching(/^a large batch: the 60 runs would take .* tick "Run it anyway" in the designer to go on$/),
        },
      });
      expect(await ok<unknown[]>(s, 'batches:list', {})).toEqual([]);
      // Asked for: it starts (and is stopped here at once).
      const started = await ok<{ id: string }>(s, 'experiments:run', { id: created.id, allowLarge: true });
      await ok(s, 'batches:cancel', { id: started.id });
      await s.runner.settled(started.id);
      // The sample design is small: its check says so, and it runs without asking.
      const small = await ok<DesignRecord>(s, 'experiments:get', { id: sample.experimentId });
      expect((await ok<{ estimate: BatchEstimate }>(s, 'experiments:check', { spec: small.spec })).estimate.large).toEqual([]);
    } finally {
      await s.close();
    }
  }, 120_000);
});
