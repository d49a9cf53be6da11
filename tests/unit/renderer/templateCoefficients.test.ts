import { describe, expect, it } from 'vitest';
import { coefficientLabels } from '../../../src-renderer/src/utils/templateCoefficients';
import { templateLibrary } from '../../../src-main/runner/templateLibrary';

describe('the template library', () => {
  it('names every coefficient a template has in words, none by its code name', () => {
    for (const t of templateLibrary()) for (const key of Object.keys(t.coefficients)) expect(coefficientLabels[key], `${t.name}.${key}`).toBeTruthy();
  });
});
