import type { ScriptWriter, WriteRequest, WriteResult } from '../../core/ports/scripts';

/**
 * A writer chosen on first use, for keys that live in a secret store: until the choice is made it
 * reserves as much as either writer could cost, then it is the chosen writer. A failed lookup is tried
 * again on the next call.
 */
export class ResolvingScriptWriter implements ScriptWriter {
  private resolved: ScriptWriter | undefined;
  private pending: Promise<ScriptWriter> | undefined;

  constructor(
    private readonly choose: () => Promise<ScriptWriter>,
    private readonly candidates: readonly ScriptWriter[],
  ) {}

  get source(): 'openai' | 'offline' {
    return (this.resolved ?? this.candidates[0])?.source ?? 'offline';
  }

  private writer(): Promise<ScriptWriter> {
    if (this.resolved) return Promise.resolve(this.resolved);
    this.pending ??= this.choose().then(
      (writer) => (this.resolved = writer),
      (error: unknown) => {
        this.pending = undefined;
        throw error;
      },
    );
    return this.pending;
  }

  maxTokens(request: WriteRequest): number {
    if (this.resolved) return this.resolved.maxTokens(request);
    return Math.max(...this.candidates.map((writer) => writer.maxTokens(request)));
  }

  async write(request: WriteRequest): Promise<WriteResult> {
    return (await this.writer()).write(request);
  }

  async quote(prompt: string): Promise<{ quote: string; tokensUsed: number }> {
    return (await this.writer()).quote(prompt);
  }
}
