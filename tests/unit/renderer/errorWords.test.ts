import { describe, expect, it } from 'vitest';
import { errorInWords } from '../../../src-renderer/src/utils/errorWords';
import { refused, useServices } from '../../helpers/services';

const services = useServices();
const MISSING = '00000000-0000-4000-8000-000000000000';

/** What a page says when what it opened was deleted meanwhile: the services' own refusals, put in words. */
describe('errorInWords', () => {
  it.each([
    ['clusters:get', 'cluster'],
    ['workloads:get', 'workload'],
    ['experiments:get', 'experiment'],
    ['batches:get', 'run history entry'],
  ])('says a %s of a deleted id is no longer in the studio, without the id', async (channel, noun) => {
    const error = await refused(await services(), channel, { id: MISSING });
    expect(error.code).toBe('not_found');
    const said = errorInWords(error);
    expect(said.message).toBe(`this ${noun} is no longer in the studio (deleted here, or by another program using the same data folder)`);
    expect(said.message).not.toContain(MISSING);
    expect({ ...said, message: error.message }).toEqual(error);
  });

  it('leaves every other refusal as the services word it', async () => {
    const s = await services();
    const badRequest = await refused(s, 'clusters:get', { id: '' });
    expect(badRequest.code).toBe('invalid_request');
    expect(errorInWords(badRequest)).toEqual(badRequest);
    // Not found, but not a record asked for by its id: its message is already about what the user named.
    const other = { code: 'not_found' as const, message: 'no job "g9" in this run', field: 'job' };
    expect(errorInWords(other)).toEqual(other);
  });
});
