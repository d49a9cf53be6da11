import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPRODUCTIONS } from '@shared/results/reproductions';
import { DOC, FULL_SIZE, README, fillBlocks, renderAll } from '../../../scripts/reproductions/render';

/**
 * docs/reproductions.md, the README's "Next" list and the Reproduce area's full-size statements
 * are rendered from the stored runs in docs/runs (scripts/reproductions): a hand edit to a
 * generated block, or stored runs recorded without rendering, fails here.
 */
describe('the reproductions docs are what the stored runs render', () => {
  const rendered = renderAll();

  it('docs/reproductions.md', () => {
    expect(fs.readFileSync(DOC, 'utf8') === rendered.doc, 'docs/reproductions.md differs from what the stored runs render: run `npm run docs:reproductions`').toBe(true);
  });

  it("the README's Next list", () => {
    expect(fs.readFileSync(README, 'utf8') === rendered.readme, 'README.md differs from what the stored runs render: run `npm run docs:reproductions`').toBe(true);
  });

  it("the Reproduce area's full-size statements", () => {
    expect(fs.readFileSync(FULL_SIZE, 'utf8')).toBe(rendered.fullSize);
  });

  it('fills every generated block and refuses a block nothing renders', () => {
    const text = 'a\n<!-- generated: x -->\nold\n<!-- /generated -->\nb\n';
    expect(fillBlocks(text, { x: 'new' }, 't')).toBe('a\n<!-- generated: x -->\nnew\n<!-- /generated -->\nb\n');
    expect(() => fillBlocks(text, {}, 't')).toThrow(/no renderer for the generated block "x"/);
    expect(() => fillBlocks(text, { x: 'new', y: 'more' }, 't')).toThrow(/no generated block for y/);
  });

  it('has the heading each claim in the Reproduce area and its report send the reader to, in words a reader knows', () => {
    const headings = fs
      .readFileSync(DOC, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('## '))
      .map((l) => l.slice(3));
    for (const r of REPRODUCTIONS) {
      expect(headings, r.id).toContain(r.docsSection);
      // The papers' numbers in the developers' own index mean nothing to a reader of the app or a report.
      expect(r.docsSection, r.id).not.toMatch(/\(00\d/);
    }
  });
});
