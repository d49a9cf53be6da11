import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Text in either theme is readable (issue 31: dark-theme greys lacked contrast): every pair of a
 * text colour and a background it is drawn on in the app meets WCAG 2.1 AA for normal text, 4.5:1.
 * Read from the theme itself, so a colour changed there is checked here.
 */
const css = fs.readFileSync(path.resolve(__dirname, '../../../src-renderer/src/styles/theme.css'), 'utf8');

function variables(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1], m[2]]));
}
const light = variables(css.slice(css.indexOf(':root'), css.indexOf('@media (prefers-color-scheme: dark)')));
const dark = { ...light, ...variables(css.slice(css.indexOf('@media (prefers-color-scheme: dark)'))) };

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Text colour → the backgrounds the app draws it on. */
const PAIRS: Record<string, string[]> = {
  text: ['bg', 'surface', 'surface-2', 'accent-soft', 'warning-soft', 'danger-soft'],
  'text-muted': ['bg', 'surface', 'surface-2', 'accent-soft', 'warning-soft', 'danger-soft'],
  accent: ['bg', 'surface', 'surface-2', 'accent-soft'],
  danger: ['bg', 'surface', 'surface-2', 'danger-soft'],
  'accent-text': ['accent'],
};

describe('theme contrast (WCAG AA, 4.5:1)', () => {
  it('has every colour it checks', () => {
    for (const theme of [light, dark])
      for (const [fg, bgs] of Object.entries(PAIRS)) for (const name of [fg, ...bgs]) expect(theme[name], name).toMatch(/^#[0-9a-f]{6}$/i);
  });
  for (const [name, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`${name}: text, muted text, links and errors are readable on every background they sit on`, () => {
      const low = Object.entries(PAIRS)
        .flatMap(([fg, bgs]) => bgs.map((bg) => ({ pair: `${fg} on ${bg}`, ratio: Math.round(contrast(theme[fg], theme[bg]) * 100) / 100 })))
        .filter((p) => p.ratio < 4.5);
      expect(low).toEqual([]);
    });
  }
});
