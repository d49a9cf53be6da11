import { withoutControlCharacters } from '@shared/files/controlCharacters';

/**
 * Text for HTML and SVG, from names and ids that come from files people share: markup escaped,
 * control characters and bidirectional overrides left out (they would reorder what a reader sees).
 */
export const escapeHtml = (s: unknown): string =>
  withoutControlCharacters(String(s)).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
