import { describe, expect, it } from 'vitest';
import { sharedEnding } from '../../../src-renderer/src/utils/sharedEnding';

const MARKER = ": the studio's templates are ";

describe('an import’s problems, said once where they repeat', () => {
  it('cuts the ending two or more lines share and gives it back once', () => {
    const rows = [
      `line 3, template: unknown template "Sortt" (did you mean Sort?)${MARKER}Sort, Grep`,
      'line 4, submit: must be at least 0',
      `line 5, template: unknown template "Gerp" (did you mean Grep?)${MARKER}Sort, Grep`,
    ];
    expect(sharedEnding(rows, MARKER)).toEqual({
      lines: [
        'line 3, template: unknown template "Sortt" (did you mean Sort?)',
        'line 4, submit: must be at least 0',
        'line 5, template: unknown template "Gerp" (did you mean Grep?)',
      ],
      ending: 'Sort, Grep',
    });
  });

  it('leaves a single such line whole, and lines without the marker as they are', () => {
    const one = [`line 3, template: unknown template "X"${MARKER}Sort, Grep`, 'line 4, submit: must be at least 0'];
    expect(sharedEnding(one, MARKER)).toEqual({ lines: one });
    expect(sharedEnding([], MARKER)).toEqual({ lines: [] });
  });
});
