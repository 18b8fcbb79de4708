import { ProviderError } from '../errors';
import type { UsageMeter } from '../plans/usage-meter';
import type { Publisher } from '../ports/realtime';
import type { ScriptWriter, WriteRequest } from '../ports/scripts';
import type { GenerateScriptsInput, GeneratedScript, GenerationResult } from '../../contract/generation';
import { defaultDuration, finishDraft, writeRequestFor } from './generation';
import type { Script } from '../../contract/scripts';
import { mediaReset } from './lifecycle';
import type { ScriptService } from './script-service';

export const fallbackQuote = 'Your journey to greatness begins with a single step.';
export const unreadableAnswer = 'The script writer returned an answer that could not be read. Nothing was charged; please try again.';

/**
 * Writing scripts with the configured writer, charged against the plan: reserve the most the call
 * may cost, call the writer, then settle to what it really cost. A failed call gives the reservation
 * back, so nothing is charged and nothing is saved.
 */
/** How many of the creator's newest titles a new script avoids. */
const recentTitlesLimit = 30;

export class GenerationService {
  constructor(
    private readonly writer: ScriptWriter,
    private readonly meter: Pick<UsageMeter, 'reserveTokens' | 'settleTokens' | 'releaseTokens'>,
    private readonly scripts: ScriptService,
    private readonly publisher: Publisher,
  ) {}

  get source(): 'openai' | 'offline' {
    return this.writer.source;
  }

  private async charged(
    userId: string,
    request: WriteRequest,
    duration: string,
  ): Promise<{ scripts: GeneratedScript[]; tokensUsed: number; settle: (keep: boolean) => Promise<number> }> {
    const reservation = await this.meter.reserveTokens(userId, this.writer.maxTokens(request));
    let result;
    try {
      result = await this.writer.write(request);
      if (result.scripts.length < request.count) throw new ProviderError(unreadableAnswer, 502, 'WRITER_SHORT_ANSWER');
    } catch (error) {
      await this.meter.releaseTokens(reservation);
      throw error;
    }
    const scripts = result.scripts.slice(0, request.count).map((draft) => finishDraft(draft, request, duration, this.writer.source));
    const tokensUsed = result.tokensUsed;
    return {
      scripts,
      tokensUsed,
      settle: async (keep) => {
        if (!keep) {
          await this.meter.releaseTokens(reservation);
          return 0;
        }
        const charged = await this.meter.settleTokens(reservation, tokensUsed);
        await this.publisher.publish(userId, { type: 'token-usage', amount: charged }).catch(() => undefined);
        return charged;
      },
    };
  }

  /** The titles of the creator's newest scripts, for the writer to avoid. */
  private async savedTitles(userId: string): Promise<string[]> {
    const page = await this.scripts.list(userId, { limit: recentTitlesLimit });
    return page.items.map((script) => script.title);
  }

  /** Writes in the language the request names, else the user's default (Settings), else English. */
  async generate(userId: string, input: GenerateScriptsInput): Promise<GenerationResult> {
    const language = await this.scripts.languageFor(userId, input.language);
    const request = writeRequestFor({
      language,
      topic: input.topic,
      subjectCategory: input.subjectCategory,
      extraInstructions: input.extraInstructions,
      duration: input.duration,
      count: input.scriptCount,
      // A new script does not take the title of one the creator already has (the newest page of them).
      avoidTitles: await this.savedTitles(userId),
    });
    const { scripts, settle } = await this.charged(userId, request, input.duration);
    const tokensUsed = await settle(true);
    return { scripts, tokensUsed, source: this.writer.source };
  }

  /** A fresh version of a saved script from its own settings (its language too); audio and video are reset. */
  async regenerate(userId: string, scriptId: string): Promise<{ script: Script; tokensUsed: number; source: 'openai' | 'offline' }> {
    const current = await this.scripts.get(userId, scriptId);
    // Before the writer is paid for: new words would pull the script out from under a video run.
    await this.scripts.assertNoVideoRun(userId, scriptId);
    const duration = current.duration ?? defaultDuration;
    const request = writeRequestFor({
      topic: current.topic ?? current.title,
      subjectCategory: current.subjectCategory,
      extraInstructions: current.extraInstructions ?? current.prompt ?? `A fresh take on "${current.title}"`,
      duration,
      count: 1,
      avoidTitles: [current.title],
      language: current.language,
    });
    const { scripts, settle } = await this.charged(userId, request, duration);
    const [fresh] = scripts;
    let script: Script;
    try {
      if (!fresh) throw new ProviderError(unreadableAnswer, 502, 'WRITER_SHORT_ANSWER');
      script = await this.scripts.replaceWords(userId, scriptId, {
        title: fresh.title,
        scriptContent: fresh.content,
        postCaption: fresh.postCaption,
        hookSuggestion: fresh.hookSuggestion,
        source: fresh.source,
        ...mediaReset,
      });
    } catch (error) {
      await settle(false);
      throw error;
    }
    const tokensUsed = await settle(true);
    return { script, tokensUsed, source: this.writer.source };
  }

  /** An inspirational line for the waiting overlay; not charged (it is a few dozen tokens). */
  async quote(prompt: string): Promise<{ quote: string; source: 'openai' | 'offline' }> {
    const { quote } = await this.writer.quote(prompt);
    return { quote: quote.trim() || fallbackQuote, source: this.writer.source };
  }
}
