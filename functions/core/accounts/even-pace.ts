import { setTimeout as sleep } from 'node:timers/promises';

export interface EvenPaceOptions {
  /** The least time a call takes, also before any call has done the slow work. */
  floorMs: number;
  /** The most a call is held back to (a slow outlier must not hold every call for long). */
  ceilingMs: number;
  /** How many of the latest slow calls set the pace. */
  remember: number;
  clock?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

/**
 * Makes calls that may or may not do slow work (send a mail) take alike time, so that the time of an
 * answer does not tell which way it went: each call answers no sooner than the slowest of the latest
 * calls that did the work (between a floor and a ceiling). A call whose own work is slower than that
 * answers when it is done, and then sets the pace itself.
 */
export class EvenPace {
  private readonly recent: number[] = [];
  private readonly clock: () => number;
  private readonly wait: (ms: number) => Promise<unknown>;

  constructor(private readonly options: EvenPaceOptions) {
    this.clock = options.clock ?? (() => performance.now());
    this.wait = options.wait ?? sleep;
  }

  /** The time every call is brought up to now. */
  target(): number {
    return Math.min(this.options.ceilingMs, Math.max(this.options.floorMs, ...this.recent));
  }

  /** Runs `work`, which answers whether it did the slow work, and answers at the pace (also when it fails). */
  async run(work: () => Promise<boolean>): Promise<void> {
    const started = this.clock();
    let slow = false;
    try {
      slow = await work();
    } finally {
      const took = this.clock() - started;
      if (slow) {
        this.recent.push(took);
        if (this.recent.length > this.options.remember) this.recent.shift();
      }
      const left = this.target() - took;
      if (left > 0) await this.wait(left);
    }
  }
}
