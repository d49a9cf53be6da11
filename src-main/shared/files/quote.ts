/** How much of a value a problem message quotes: enough to recognise it, never a whole 5 MB cell. */
export const QUOTE_CHARS = 60;

/**
 * A value from a user's file as a problem message shows it. Strings are quoted and cut; lists and
 * objects are described rather than printed, so neither a huge nor a deeply nested value can make
 * a message large (or overflow the stack while printing it).
 */
export function quote(value: unknown, max = QUOTE_CHARS): string {
  if (typeof value === 'string') {
    const cut = value.length > max ? `${value.slice(0, max)}…" (${value.length.toLocaleString('en-US')} characters)` : `${value}"`;
    return `"${cut}`;
  }
  if (value === undefined) return 'nothing';
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length.toLocaleString('en-US')} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

/** A message cut to a length any screen can show; the backstop for messages built elsewhere. */
export function capMessage(message: string, max = 400): string {
  return message.length > max ? `${message.slice(0, max)}… (message cut; ${message.length.toLocaleString('en-US')} characters)` : message;
}
