/**
 * A provider chosen on first use, for keys that live in a secret store (the OpenAI and ElevenLabs keys
 * in SSM): `get` runs `choose` once and keeps what it gives; a failed lookup is tried again on the next
 * call. The resolving writer, tagger and speech synthesizer delegate to one of these.
 */
export class ChosenOnFirstUse<T> {
  private resolved: T | undefined;
  private pending: Promise<T> | undefined;

  constructor(private readonly choose: () => Promise<T>) {}

  /** The choice once made, else undefined. */
  get current(): T | undefined {
    return this.resolved;
  }

  get(): Promise<T> {
    if (this.resolved) return Promise.resolve(this.resolved);
    this.pending ??= this.choose().then(
      (chosen) => (this.resolved = chosen),
      (error: unknown) => {
        this.pending = undefined;
        throw error;
      },
    );
    return this.pending;
  }
}
