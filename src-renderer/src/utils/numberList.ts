import { numberOrText, readDecimal } from '@shared/decimal';

/** The longest range "a-b" a list may give: more is surely a typo. */
export const LONGEST_RANGE = 200;

/** "1, 2, 3" or "1-5" as numbers; anything unreadable stays as text so validation can name it. */
export function parseNumbers(raw: string): unknown[] {
  return raw
    .split(/[\s,;]+/)
    .filter(Boolean)
    .flatMap((part): unknown[] => {
      const range = /^(\d+)-(\d+)$/.exec(part);
      if (range) {
        const [a, b] = [Number(range[1]), Number(range[2])];
        return b >= a && b - a < LONGEST_RANGE ? Array.from({ length: b - a + 1 }, (_, i) => a + i) : [part];
      }
      return [numberOrText(part)];
    });
}

/**
 * What is wrong with a typed list in words, for the parts the schema can only call "not a number":
 * a range that runs backwards, a range too long, a word. Undefined when every part reads as a
 * number (the schema then says what is wrong with a number: negative, not whole, repeated).
 */
export function numberListProblem(raw: string): string | undefined {
  for (const part of raw.split(/[\s,;]+/).filter(Boolean)) {
    const range = /^(\d+)-(\d+)$/.exec(part);
    if (range) {
      const [a, b] = [Number(range[1]), Number(range[2])];
      if (b < a) return `"${part}" runs backwards: write ${b}-${a}`;
      if (b - a >= LONGEST_RANGE) return `"${part}" is ${(b - a + 1).toLocaleString('en-US')} numbers; a range gives at most ${LONGEST_RANGE}`;
      continue;
    }
    if (/^-\d+(\.\d+)?$/.test(part)) return `"${part}" is negative: seeds are whole numbers from 0`;
    if (Number.isNaN(readDecimal(part))) return `"${part}" is not a number: give numbers like 1, 2, 3 or a range like 1-5`;
  }
  return undefined;
}
