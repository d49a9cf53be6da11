import { describe, expect, it, vi } from 'vitest';
import { newestFirst } from '../../fixtures/schedulers/newestFirst';

/**
 * The one line that adds a scheduler: an export of src-main/schedulers/added/index.ts. Here that
 * module exports the toy fixture, as the line `export { newestFirst } from './newestFirst';` would,
 * and importing the registry is all it takes for the studio to know it.
 */
async function registryWith(exports: Record<string, unknown>) {
  vi.resetModules();
  vi.doMock('../../../src-main/schedulers/added', () => exports);
  return import('../../../src-main/schedulers/registry');
}

describe("the added schedulers' folder", () => {
  it('registers every scheduler its index exports, with nothing else to edit', async () => {
    const { addedCatalogue, createScheduler } = await registryWith({ newestFirst });
    const shared = await import('@shared/schedulers');
    expect(addedCatalogue().map((c) => [c.kind, c.title])).toEqual([['newest-first', 'Newest first (toy)']]);
    const spec = shared.SchedulerSpecSchema.parse({ kind: 'newest-first', order: 'oldest' });
    expect(shared.schedulerLabel(spec)).toBe('Newest first (toy) (which job first: the oldest)');
    expect(createScheduler(spec).name).toBe('newest-first');
  });

  it('refuses an export that is not a scheduler, by its name', async () => {
    await expect(registryWith({ newestFirst, helper: () => 1 })).rejects.toThrow(
      'src-main/schedulers/added exports "helper", which is not a scheduler made with defineAddedScheduler',
    );
  });

  it('adds nothing while it exports nothing, as it ships', async () => {
    const { addedCatalogue } = await registryWith({});
    const shared = await import('@shared/schedulers');
    expect(addedCatalogue()).toEqual([]);
    expect(shared.SchedulerSpecSchema.safeParse({ kind: 'newest-first' }).success).toBe(false);
  });
});
