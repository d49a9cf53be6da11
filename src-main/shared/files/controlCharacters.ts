import { z } from 'zod';

/**
 * Characters that are not text: C0 and C1 controls (NUL, escape, DEL …) and the bidirectional
 * overrides and isolates that reorder what a reader sees (a right-to-left override can make
 * "exe.txt" read "txt.exe"). Tabs and line breaks are listed apart: free text may hold them, a name may not.
 */
const INVISIBLE = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
const NOT_TEXT = new RegExp(`[${INVISIBLE}]`, 'g');
const NOT_IN_A_NAME = new RegExp(`[${INVISIBLE}\\t\\n\\r]`);

/** `text` without control characters and bidirectional overrides (tabs and line breaks kept): what reports print. */
export const withoutControlCharacters = (text: string): string => text.replace(NOT_TEXT, '');

/** Whether a one-line name holds a control character, a tab or line break, or a bidirectional override. */
export const nameHasControlCharacters = (text: string): boolean => NOT_IN_A_NAME.test(text);

export const NAME_CONTROL_MESSAGE = 'must not hold control characters (such as NUL, a tab or line break, or a right-to-left override)';

/** A name the user types or a file brings: trimmed, not empty, at most `max` characters, printable. */
export const nameText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !nameHasControlCharacters(s), NAME_CONTROL_MESSAGE);

/** An optional label (a scheduler card's): printable, at most `max` characters. */
export const labelText = (max = 80) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !nameHasControlCharacters(s), NAME_CONTROL_MESSAGE);
