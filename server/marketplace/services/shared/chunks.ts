/** A list in consecutive parts of at most `size` (one query or statement per part keeps its parameters bounded). */
export const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
