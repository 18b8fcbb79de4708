import { describe, expect, it } from 'vitest';
import { maximumWeightAssignment } from '../../functions/contract/rules/optimal-assignment';

/** Every assignment of rows to distinct columns (rows ≤ columns), by brute force. */
function bestTotal(weights: number[][]): number {
  const columns = weights[0]?.length ?? 0;
  let best = Number.NEGATIVE_INFINITY;
  const walk = (row: number, used: Set<number>, sum: number) => {
    if (row === weights.length) {
      best = Math.max(best, sum);
      return;
    }
    for (let j = 0; j < columns; j++) {
      if (used.has(j)) continue;
      used.add(j);
      walk(row + 1, used, sum + (weights[row]?.[j] ?? 0));
      used.delete(j);
    }
  };
  walk(0, new Set(), 0);
  return best;
}

const totalOf = (weights: number[][], columns: number[]) => columns.reduce((sum, column, row) => sum + (column >= 0 ? (weights[row]?.[column] ?? 0) : 0), 0);

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('the optimal assignment (Hungarian algorithm)', () => {
  it('gives the second row its only good column even when the first row also likes it', () => {
    // Greedy in row order would give row 0 column 0 (10 > 9) and leave row 1 with 0.
    const weights = [
      [10, 9],
      [10, 0],
    ];
    expect(maximumWeightAssignment(weights)).toEqual([1, 0]);
  });

  it('matches brute force on random square and wide matrices, negative weights included', () => {
    const rng = seeded(7);
    for (let trial = 0; trial < 200; trial++) {
      const rows = 1 + Math.floor(rng() * 5);
      const columns = rows + Math.floor(rng() * 3);
      const weights = Array.from({ length: rows }, () => Array.from({ length: columns }, () => Math.floor(rng() * 21) - 5));
      const answer = maximumWeightAssignment(weights);
      expect(new Set(answer).size).toBe(rows);
      expect(answer.every((column) => column >= 0 && column < columns)).toBe(true);
      expect(totalOf(weights, answer)).toBe(bestTotal(weights));
    }
  });

  it('leaves rows without a column when there are more rows than columns, every column used once', () => {
    const weights = [[1], [5], [3]];
    expect(maximumWeightAssignment(weights)).toEqual([-1, 0, -1]);
    const tall = [
      [1, 8],
      [7, 2],
      [6, 6],
    ];
    const answer = maximumWeightAssignment(tall);
    expect(answer.filter((column) => column >= 0).sort()).toEqual([0, 1]);
    expect(totalOf(tall, answer)).toBe(15);
  });

  it('answers empty inputs and refuses ragged or non-finite weights', () => {
    expect(maximumWeightAssignment([])).toEqual([]);
    expect(maximumWeightAssignment([[], []])).toEqual([-1, -1]);
    expect(() => maximumWeightAssignment([[1, 2], [3]])).toThrow(RangeError);
    expect(() => maximumWeightAssignment([[Number.NaN]])).toThrow(RangeError);
  });

  it('solves a 100 × 1,000 problem (the server’s largest round) quickly', () => {
    const rng = seeded(11);
    const weights = Array.from({ length: 100 }, () => Array.from({ length: 1000 }, () => Math.floor(rng() * 200)));
    const started = performance.now();
    const answer = maximumWeightAssignment(weights);
    expect(new Set(answer).size).toBe(100);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
