/**
 * A pairwise covering array, built greedily (as AETG does): rows of one value index per parameter such that
 * every pair of values of two parameters appears in some row. Pairs a caller marks as covered already (a value
 * left out, which the cases of one value alone cover) need no row. Deterministic: ties go to the lowest index.
 */

/** Rows covering every pair of values of `sizes[i]` × `sizes[j]`, at most `limit` rows. */
export function pairwiseRows(
  sizes: readonly number[],
  limit: number,
  isCovered: (param: number, value: number) => boolean = () => false,
): number[][] {
  const uncovered = new Set<string>();
  const key = (i: number, a: number, j: number, b: number) => `${i}:${a}:${j}:${b}`;
  for (let i = 0; i < sizes.length; i++)
    for (let j = i + 1; j < sizes.length; j++)
      for (let a = 0; a < sizes[i]; a++)
        for (let b = 0; b < sizes[j]; b++)
          if (!isCovered(i, a) && !isCovered(j, b)) uncovered.add(key(i, a, j, b));
  const rows: number[][] = [];
  while (uncovered.size > 0 && rows.length < limit) {
    const [i, a, j, b] = (uncovered.values().next().value as string).split(":").map(Number);
    const row: number[] = sizes.map(() => -1);
    row[i] = a;
    row[j] = b;
    for (let k = 0; k < sizes.length; k++) {
      if (row[k] !== -1) continue;
      let best = 0;
      let bestGain = -1;
      for (let c = 0; c < sizes[k]; c++) {
        let gain = 0;
        for (let m = 0; m < sizes.length; m++) {
          if (row[m] === -1 || m === k) continue;
          if (uncovered.has(m < k ? key(m, row[m], k, c) : key(k, c, m, row[m]))) gain++;
        }
        if (gain > bestGain) {
          best = c;
          bestGain = gain;
        }
      }
      row[k] = best;
    }
    for (let m = 0; m < sizes.length; m++)
      for (let n = m + 1; n < sizes.length; n++) uncovered.delete(key(m, row[m], n, row[n]));
    rows.push(row);
  }
  return rows;
}
