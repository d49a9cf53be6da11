import type { ApiError } from '@shared/results/result';

/** The store's message for a record asked for by its id and not found (src-main/store/namedSpecs.ts, batchRows.ts). */
const NOT_FOUND_BY_ID = /^no (.+) with id \S+$/;

/**
 * A service's error as a page says it. A record the page asked for by its id and did not find was
 * deleted since (here, or by another program using the same data folder): the page says so, where
 * the services' message names the id, which speaks code (the CLI keeps it: there a mistyped id is
 * likelier). Every other error is already in words.
 */
export function errorInWords(error: ApiError): ApiError {
  const gone = error.code === 'not_found' && error.field === 'id' ? NOT_FOUND_BY_ID.exec(error.message) : null;
  return gone ? { ...error, message: `this ${gone[1]} is no longer in the studio (deleted here, or by another program using the same data folder)` } : error;
}
