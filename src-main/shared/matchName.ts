/**
 * The name `asked` stands for among `names` (a result's run names, a profile file's templates):
 * itself, or else the one name it reads as in other capitals ("FIFO" for "fifo", "sort" for
 * "Sort"); none when no name, or more than one, does.
 */
export function matchName(names: readonly string[], asked: string): string | undefined {
  if (names.includes(asked)) return asked;
  const alike = [...new Set(names.filter((n) => n.toLowerCase() === asked.toLowerCase()))];
  return alike.length === 1 ? alike[0] : undefined;
}
