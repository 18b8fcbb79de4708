import { languageMessages, languages, type LanguageCode } from '../../contract/languages';
import { hashtagPattern } from '../../contract/rules/post-caption';
import type { Script } from '../../contract/scripts';
import type { TranslateScriptInput, TranslateScriptResult, TranslationAvailability } from '../../contract/languages';
import { NotAuthenticatedError, NotFoundError, ValidationError } from '../errors';
import { newId } from '../ids';
import type { TokenReservation, UsageMeter } from '../plans/usage-meter';
import type { UserRepository } from '../ports/accounts';
import type { Publisher } from '../ports/realtime';
import type { ScriptRepository } from '../ports/scripts';
import type { Translation, TranslationRequest, Translator } from '../ports/translator';
import { fitToCharacters } from '../scripts/script-limits';
import { newScript } from '../scripts/script';
import { scriptNotFound } from '../scripts/script-service';
import { estimatedVideoMinutes } from '../video/minutes-estimate';
import type { ReservedRun, VideoRequestService } from '../video/video-request-service';
import { mapShotPlan, sentenceWordCounts } from './shot-mapping';

export const translationMessages = {
  sameLanguage: (code: LanguageCode) => `This script is already in ${languages[code].name}. Choose other languages to translate it into.`,
  noText: 'The script has no text to translate.',
} as const;

const titleMaxChars = 200;

/** The translated post caption keeps the original's hashtags: those the translation dropped are added back at its end. */
export function keepHashtags(original: string | null, translated: string | null): string | null {
  if (!original) return null;
  const tagsOf = (text: string) => [...text.matchAll(hashtagPattern)].map((match) => match[1] ?? '');
  const given = tagsOf(original);
  const text = (translated ?? '').trim() || original;
  const kept = tagsOf(text);
  if (kept.length >= given.length) return text;
  const have = new Set(kept.map((tag) => tag.toLocaleLowerCase()));
  const missing = given.filter((tag) => !have.has(tag.toLocaleLowerCase())).slice(0, given.length - kept.length);
  return [text, ...missing.map((tag) => `#${tag}`)].join(' ');
}

/** The translation's title: the translator's, or the original's with the language's own name when it came back unchanged. */
export function translatedTitle(original: string, translated: string, to: LanguageCode): string {
  const title =
    translated.trim() && translated.trim().toLocaleLowerCase() !== original.trim().toLocaleLowerCase()
      ? translated.trim()
      : `${original.trim()} (${languages[to].nativeName})`;
  return title.slice(0, titleMaxChars);
}

export interface TranslationDeps {
  scripts: Pick<ScriptRepository, 'get' | 'create' | 'delete'>;
  users: Pick<UserRepository, 'get'>;
  translator: Translator;
  meter: Pick<UsageMeter, 'reserveTokens' | 'settleTokens' | 'releaseTokens' | 'checkAudio' | 'reserveVideo' | 'releaseVideoRun'>;
  videos: Pick<VideoRequestService, 'generate'>;
  publisher: Publisher;
  clock?: () => number;
}

/**
 * POST /api/scripts/{id}/translate: the owner's script re-made in other languages, each a new script with
 * the same voice, caption settings, preferred folder and shot plan (mapped sentence by sentence), and with
 * `render`, voiced and rendered by the same video pipeline as generate-video.
 *
 * All or nothing against the plan: the tokens of every translation are reserved in one conditional write
 * and, with `render`, each version's video minutes are reserved (one conditional write each) before
 * anything is translated; a refusal gives back what was reserved and creates nothing. Audio minutes are
 * checked first and charged by each run's voice-over, as for any video.
 */
export class TranslationService {
  private readonly clock: () => number;

  constructor(private readonly deps: TranslationDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** Whether a translator is configured (an OpenAI key), and if not, the message translating answers. */
  async availability(): Promise<TranslationAvailability> {
    const available = await this.deps.translator.available();
    return { available, message: available ? null : languageMessages.translateNeedsKey };
  }

  async translate(userId: string, scriptId: string, input: TranslateScriptInput, traceId?: string): Promise<TranslateScriptResult> {
    const { scripts, users, translator, meter } = this.deps;
    const original = await scripts.get(userId, scriptId);
    if (!original) throw new NotFoundError(scriptNotFound);
    const targets = [...new Set(input.languages)];
    // Decided: the script's own language is refused, not skipped (a request that names it asks for nothing sensible).
    if (targets.includes(original.language)) throw new ValidationError(translationMessages.sameLanguage(original.language));
    if (!original.scriptContent.trim()) throw new ValidationError(translationMessages.noText);
    if (!(await translator.available())) throw new ValidationError(languageMessages.translateNeedsKey);
    const user = await users.get(userId);
    if (!user) throw new NotAuthenticatedError();

    const requests = targets.map((to): TranslationRequest => ({
      from: original.language,
      to,
      title: original.title,
      content: original.scriptContent,
      postCaption: original.postCaption,
      sentences: Math.max(1, sentenceWordCounts(original.scriptContent, original.language).length),
    }));

    // Everything the versions may spend is reserved before anything is made.
    if (input.render) await meter.checkAudio(user);
    const tokens = await meter.reserveTokens(
      userId,
      requests.reduce((sum, request) => sum + translator.maxTokens(request), 0),
    );
    const runs: ReservedRun[] = [];
    let translations: Translation[];
    try {
      if (input.render) {
        // A version is about as long as its original: the original's voice-over length, else its words.
        const minutes = estimatedVideoMinutes(original);
        for (const _ of targets) {
          const runId = newId();
          runs.push({ runId, minutes: await meter.reserveVideo(user, runId, minutes) });
        }
      }
      translations = await Promise.all(requests.map((request) => translator.translate(request)));
    } catch (error) {
      await this.giveBack(userId, tokens, runs);
      throw error;
    }

    const created = translations.map((translation, i) => this.version(original, translation, targets[i] ?? original.language));
    const saved: Script[] = [];
    try {
      for (const script of created) {
        await scripts.create(script);
        saved.push(script);
      }
    } catch (error) {
      // All or nothing: the versions already written go too.
      await Promise.all(saved.map((script) => scripts.delete(userId, script.id).catch(() => undefined)));
      await this.giveBack(userId, tokens, runs);
      throw error;
    }
    const charged = await meter.settleTokens(
      tokens,
      translations.reduce((sum, translation) => sum + translation.tokensUsed, 0),
    );
    await this.deps.publisher.publish(userId, { type: 'token-usage', amount: charged }).catch(() => undefined);
    await this.deps.publisher.publish(userId, { type: 'scripts' }).catch(() => undefined);

    if (input.render) {
      // Each version's run as generate-video starts it; a run that cannot start marks its script failed and gives its minutes back.
      await Promise.all(
        created.map(async (script, i) => {
          const run = runs[i];
          if (!run) return;
          try {
            await this.deps.videos.generate(userId, script.id, {}, traceId, { reservedRun: run });
          } catch {
            await meter.releaseVideoRun(userId, run.runId).catch(() => undefined);
          }
        }),
      );
    }
    return { scripts: created.map((script) => ({ id: script.id, language: script.language })) };
  }

  private async giveBack(userId: string, tokens: TokenReservation, runs: readonly ReservedRun[]): Promise<void> {
    await Promise.all(runs.map((run) => this.deps.meter.releaseVideoRun(userId, run.runId).catch(() => 0)));
    await this.deps.meter.releaseTokens(tokens);
  }

  /** The new script: the translation's words, the original's voice, captions, folder and shots. */
  private version(original: Script, translation: Translation, to: LanguageCode): Script {
    const content = fitToCharacters(translation.content);
    const shots = original.videoMetadata?.segments ?? [];
    const mapped = mapShotPlan({ content: original.scriptContent, language: original.language, shots }, { content, language: to });
    const script = newScript({
      id: newId(),
      userId: original.userId,
      now: new Date(this.clock()),
      title: translatedTitle(original.title, translation.title, to),
      scriptContent: content,
      postCaption: keepHashtags(original.postCaption, translation.postCaption),
      voiceId: original.voiceId,
      preferredFolderId: original.preferredFolderId,
      language: to,
      translatedFrom: original.id,
      source: 'openai',
      topic: original.topic,
      subjectCategory: original.subjectCategory,
      duration: original.duration,
      platform: original.platform,
      toneStyle: original.toneStyle,
    });
    return {
      ...script,
      captionSettings: original.captionSettings,
      videoMetadata: mapped && original.videoMetadata ? { segments: mapped, totalDuration: original.videoMetadata.totalDuration } : null,
    };
  }
}
