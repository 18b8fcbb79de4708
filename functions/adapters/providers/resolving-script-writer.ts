import type { ScriptWriter, WriteRequest, WriteResult } from '../../core/ports/scripts';
import { ChosenOnFirstUse } from './chosen-on-first-use';

/**
 * A writer chosen on first use, for keys that live in a secret store: until the choice is made it
 * reserves as much as either writer could cost, then it is the chosen writer. A failed lookup is tried
 * again on the next call.
 */
export class ResolvingScriptWriter implements ScriptWriter {
  private readonly chosen: ChosenOnFirstUse<ScriptWriter>;

  constructor(
    choose: () => Promise<ScriptWriter>,
    private readonly candidates: readonly ScriptWriter[],
  ) {
    this.chosen = new ChosenOnFirstUse(choose);
  }

  get source(): 'openai' | 'offline' {
    return (this.chosen.current ?? this.candidates[0])?.source ?? 'offline';
  }

  maxTokens(request: WriteRequest): number {
    if (this.chosen.current) return this.chosen.current.maxTokens(request);
    return Math.max(...this.candidates.map((writer) => writer.maxTokens(request)));
  }

  async write(request: WriteRequest): Promise<WriteResult> {
    return (await this.chosen.get()).write(request);
  }

  async quote(prompt: string): Promise<{ quote: string; tokensUsed: number }> {
    return (await this.chosen.get()).quote(prompt);
  }
}
