/** A count with its noun, the noun made plural unless the count is one: "1 rack", "2 racks", "1,024 hosts". */
export const plural = (n: number, word: string, many = `${word}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;

/** Items as a sentence lists them: "4", "4 and 6", "4, 6 and 8". */
export const andList = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : (items[0] ?? '');
