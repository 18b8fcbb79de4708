/** A source of numbers in [0, 1): Math.random, or a seeded one in tests. */
export type Rng = () => number;

export function take<T>(pool: readonly T[], rng: Rng, used: Set<number>): T {
  const free = pool.map((_, i) => i).filter((i) => !used.has(i));
  const choices = free.length ? free : pool.map((_, i) => i);
  const index = choices[Math.floor(rng() * choices.length)] ?? 0;
  used.add(index);
  return pool[index] as T;
}

/** Which templates each pool has given out so far in a batch, so the scripts of a batch differ. */
export class BatchMemory {
  private readonly pools = new Map<string, Set<number>>();

  /** The pool's set for the whole batch (no repeats until the pool runs out). */
  of(pool: string): Set<number> {
    let used = this.pools.get(pool);
    if (!used) this.pools.set(pool, (used = new Set()));
    return used;
  }

  /**
   * A set for one script: no repeats inside it, and none of the batch's latest picks while at least
   * `needed` templates stay free. Call `keep` afterwards to remember the script's picks.
   */
  forScript(pool: string, size: number, needed: number): { used: Set<number>; keep: () => void } {
    const batch = this.of(pool);
    // The latest `size - needed` picks (none when every template is needed: `slice(-0)` would be all of them).
    const latest = Math.max(0, size - needed);
    const recent = latest === 0 ? [] : [...batch].slice(-latest);
    const used = new Set(recent);
    return {
      used,
      keep: () => {
        for (const index of used) if (!recent.includes(index)) batch.add(index);
      },
    };
  }
}
