/** A count with its noun, the noun made plural unless the count is one: "1 rack", "2 racks", "1,024 hosts". */
export const plural = (n: number, word: string, many = `${word}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
