import * as path from 'node:path';

/**
 * The real trace files the tests and the bench read, kept in the repository (with their sources
 * and licences, tests/fixtures/traces/README.md) so that a clone alone passes `npm test`.
 */
export const TRACES_DIR = path.resolve(__dirname, '../fixtures/traces');

/** One trace file by its path inside tests/fixtures/traces, e.g. 'sls/syn.json'. */
export const traceFixture = (relative: string): string => path.join(TRACES_DIR, relative);

/** The SWIM Facebook 2009 day (5,894 jobs of a 600-node cluster): the bench's day and the big import. */
export const SWIM_DAY = traceFixture('swim/FB-2009_samples_24_times_1hr_0.tsv');
