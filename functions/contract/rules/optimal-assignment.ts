/**
 * The assignment problem (Hungarian algorithm, Kuhn–Munkres, in the O(n²·m) form with potentials):
 * given a weight for every (row, column) pair, give each row a different column so that the sum of
 * the chosen weights is the highest possible. Pure and zod-free, so the browser and the server run
 * the same code (segment media assignment, `segments.ts`).
 *
 * Weights should be safe integers: the algorithm compares sums exactly, and fractions would make
 * ties depend on rounding. Callers scale their scores first (see `autoAssign`).
 */

/**
 * For each row, the index of its column, or -1 when there are more rows than columns and the row
 * is left without one. With `rows <= columns` every row gets a column; with more rows than columns
 * every column gets a row. The total weight of the answer is the maximum over all such assignments.
 */
export function maximumWeightAssignment(weights: readonly (readonly number[])[]): number[] {
  const rows = weights.length;
  if (rows === 0) return [];
  const columns = weights[0]?.length ?? 0;
  for (const row of weights) {
    if (row.length !== columns) throw new RangeError('Every row of the weights must have the same length');
    for (const weight of row) if (!Number.isFinite(weight)) throw new RangeError('Weights must be finite numbers');
  }
  if (columns === 0) return weights.map(() => -1);
  if (rows > columns) {
    // Solve the transposed problem: each column picks a row.
    const transposed = Array.from({ length: columns }, (_, j) => weights.map((row) => row[j] ?? 0));
    const rowOfColumn = maximumWeightAssignment(transposed);
    const columnOfRow = weights.map(() => -1);
    rowOfColumn.forEach((row, column) => {
      if (row >= 0) columnOfRow[row] = column;
    });
    return columnOfRow;
  }
  return minimumCostAssignment(weights.map((row) => row.map((weight) => -weight)));
}

/** Rows ≤ columns: each row a distinct column, the sum of costs lowest (1-based arrays inside, as in the classic form). */
function minimumCostAssignment(cost: readonly (readonly number[])[]): number[] {
  const n = cost.length;
  const m = cost[0]?.length ?? 0;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(m + 1).fill(0);
  /** p[j]: the row (1-based) holding column j; p[0] is the row being placed. */
  const p = new Array<number>(m + 1).fill(0);
  const way = new Array<number>(m + 1).fill(0);
  const at = (i: number, j: number): number => cost[i - 1]?.[j - 1] ?? 0;

  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(m + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array<boolean>(m + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0] ?? 0;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const reduced = at(i0, j) - (u[i0] ?? 0) - (v[j] ?? 0);
        if (reduced < (minv[j] ?? Number.POSITIVE_INFINITY)) {
          minv[j] = reduced;
          way[j] = j0;
        }
        if ((minv[j] ?? Number.POSITIVE_INFINITY) < delta) {
          delta = minv[j] ?? Number.POSITIVE_INFINITY;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          const row = p[j] ?? 0;
          u[row] = (u[row] ?? 0) + delta;
          v[j] = (v[j] ?? 0) - delta;
        } else {
          minv[j] = (minv[j] ?? 0) - delta;
        }
      }
      j0 = j1;
    } while ((p[j0] ?? 0) !== 0);
    do {
      const j1 = way[j0] ?? 0;
      p[j0] = p[j1] ?? 0;
      j0 = j1;
    } while (j0 !== 0);
  }

  const columnOfRow = new Array<number>(n).fill(-1);
  for (let j = 1; j <= m; j++) {
    const row = p[j] ?? 0;
    if (row > 0) columnOfRow[row - 1] = j - 1;
  }
  return columnOfRow;
}
