/** "1, 2, 3" or "1-5" as numbers; anything unreadable stays as text so validation can name it. */
export function parseNumbers(raw: string): unknown[] {
  return raw
    .split(/[\s,;]+/)
    .filter(Boolean)
    .flatMap((part): unknown[] => {
      const range = /^(\d+)-(\d+)$/.exec(part);
      if (range) {
        const [a, b] = [Number(range[1]), Number(range[2])];
        return b >= a && b - a <= 200 ? Array.from({ length: b - a + 1 }, (_, i) => a + i) : [part];
      }
      return Number.isNaN(Number(part)) ? [part] : [Number(part)];
    });
}
