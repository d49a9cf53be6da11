/** A JSON object (not null, not an array): what a file's section must be before its keys are read. */
export const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
