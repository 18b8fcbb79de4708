import type { DraftScript, ScriptWriter, WriteRequest, WriteResult } from '../../core/ports/scripts';
import { maxLengthRatio } from '../../core/scripts/generation';
import { countWords } from '../../contract/rules/post-caption';
import { languageMessages, offlineWriterLanguages } from '../../contract/languages';
import { ValidationError } from '../../core/errors';
import { BatchMemory, take, type Rng } from './batch-memory';
import {
  afterOrdinal,
  fillItem,
  kindOf,
  listQuestions,
  mistakeSentences,
  ordinals,
  practiceSentences,
  questionHooks,
  reasonSentences,
  thingSentences,
  tipSentences,
  topicQuestions,
  withArticle,
  type Template,
} from './item-sentences';
import { bridges, closers, generalPoints, groups, hooks, topicFreePoints } from './offline-phrases';
import { capitalise, hashtagsFor, headerOf, listOf, Mentions, titleCase, titles, topicOf, type Topic } from './offline-topic';
import { numberWord, type CountAsk } from './script-asks';

export { asksOf, subjectsOf } from './script-asks';

/**
 * The local stand-in for the LLM: composes topic-specific scripts from a library of openings, points
 * and closings (offline-phrases.ts), picked at random without repeats, so two scripts on one topic
 * differ and two topics read differently. The API marks its scripts `source: 'offline'`.
 *
 * It follows the explicit asks of the extra instructions (`script-asks.ts`): a counted list
 * ("three quick tips") is that many numbered sentences, "end with a question" ends on one, and each
 * listed item gets a sentence that says something about it (`item-sentences.ts`), never the
 * instruction's own words. The asks come first when the length is tight: items shorten, then the
 * bridge goes, then items fold into one sentence (unless each was asked for its own), then the hook.
 */
function wordsOf(paragraphs: readonly string[]): number {
  return paragraphs.reduce((sum, paragraph) => sum + countWords(paragraph), 0);
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export class OfflineScriptWriter implements ScriptWriter {
  readonly source = 'offline' as const;

  constructor(private readonly rng: Rng = Math.random) {}

  maxTokens(request: WriteRequest): number {
    // An honest upper bound of what the same request would cost a model: prompt plus the longest answer.
    return 250 + request.count * Math.ceil(request.targetWords * 1.2 * 1.4 + 120);
  }

  /** One sentence per listed item: a template of the item's kind, none twice in a script. */
  private itemTemplates(items: readonly string[], batch: BatchMemory): Template[] {
    const things = batch.forScript('things', thingSentences.length, items.length);
    const practices = batch.forScript('practices', practiceSentences.length, items.length);
    const chosen = items.map((item) => (kindOf(item) === 'practice' ? take(practiceSentences, this.rng, practices.used) : take(thingSentences, this.rng, things.used)));
    things.keep();
    practices.keep();
    return chosen;
  }

  /** The counted list's templates ("change one thing at a time…"), none twice in a script. */
  private countedTemplates(count: CountAsk, batch: BatchMemory): Template[] {
    const pool = count.kind === 'reason' ? reasonSentences : count.kind === 'mistake' ? mistakeSentences : tipSentences;
    const memory = batch.forScript(count.kind, pool.length, count.n);
    const chosen = Array.from({ length: count.n }, () => take(pool, this.rng, memory.used));
    memory.keep();
    return chosen;
  }

  private draft(request: WriteRequest, topic: Topic, usedTitles: Set<string>, batch: BatchMemory): DraftScript {
    const { asks, count, subjects: items } = topic;
    const target = request.targetWords;
    const max = Math.round(target * maxLengthRatio);
    const listed = items.length > 0 || count !== undefined;
    const mentions = new Mentions(topic);

    const hookPool = asks.openWithQuestion ? questionHooks : listed ? hooks.filter((hook) => !hook.startsWith('Three things')) : hooks;
    let hookText = capitalise(mentions.fill(take(hookPool, this.rng, batch.of(asks.openWithQuestion ? 'question hooks' : listed ? 'list hooks' : 'hooks'))));
    const questionPool = (listed ? [...listQuestions, ...topicQuestions] : topicQuestions).map((question) => question.replaceAll('{topic}', topic.short));
    let closerTemplate = asks.endWithQuestion ? take(questionPool, this.rng, batch.of(listed ? 'list questions' : 'questions')) : take(closers, this.rng, batch.of('closers'));
    const bridge = mentions.fill(take(bridges, this.rng, batch.of('bridges')));

    // The asks: a sentence per item, and the counted list (about the items when there are as many).
    const templates = this.itemTemplates(items, batch);
    const merged = count?.kind === 'tip' && items.length === count.n;
    const counted = count && !merged ? this.countedTemplates(count, batch) : [];
    const header = count ? headerOf(count, topic) : undefined;
    const forms = items.map(() => 'long' as 'long' | 'short');
    let countedForm: 'long' | 'short' = 'long';
    let listing = false;
    let withBridge = !count;
    let withHook = true;
    let withCloser = true;
    let withHeader = true;
    const itemSentences = () => items.map((item, i) => fillItem(forms[i] === 'long' ? templates[i]!.long : templates[i]!.short, item, topic.short));
    const itemParagraphs = () => (merged ? [] : listing ? [`${capitalise(numberWord(items.length))} things make the difference: ${listOf(items.map(withArticle))}.`] : itemSentences());
    const countedSentences = () => counted.map((template) => (countedForm === 'long' ? template.long : template.short).replaceAll('{topic}', topic.short));
    const countedParagraphs = () => (merged ? itemSentences() : countedSentences()).map((sentence, i) => afterOrdinal(ordinals[i] ?? `Number ${i + 1}`, sentence));
    const compose = (middle: readonly string[]) => [
      ...(withHook ? [hookText] : []),
      ...(withBridge ? [bridge] : []),
      ...middle,
      ...(header && withHeader ? [header] : []),
      ...(count ? countedParagraphs() : []),
      ...(withCloser ? [closerTemplate] : []),
    ];

    // When the asks do not fit, they win: shorter item sentences, no bridge, shorter tips, the shortest
    // hook and question, one listing sentence, no hook, no header (the ordinals still count), no closer
    // unless it is the asked question.
    for (let i = forms.length - 1; i >= 0 && wordsOf(compose(itemParagraphs())) > target; i -= 1) forms[i] = 'short';
    if (listed && withBridge && wordsOf(compose(itemParagraphs())) > target) withBridge = false;
    if (wordsOf(compose(itemParagraphs())) > target) countedForm = 'short';
    if (wordsOf(compose(itemParagraphs())) > max) {
      const shortest = (pool: readonly string[]) => pool.reduce((best, text) => (countWords(text) < countWords(best) ? text : best));
      hookText = capitalise(mentions.fill(shortest(hookPool)));
      if (asks.endWithQuestion) closerTemplate = shortest(questionPool);
    }
    if (wordsOf(compose(itemParagraphs())) > max && !asks.ownSentences && items.length > 1 && !merged) listing = true;
    if (wordsOf(compose(itemParagraphs())) > max) withHook = false;
    if (wordsOf(compose(itemParagraphs())) > max) withHeader = false;
    if (wordsOf(compose(itemParagraphs())) > max && !asks.endWithQuestion) withCloser = false;

    // Then points on the topic fill the length.
    const pool = [...(topic.group ? groups[topic.group]!.points : []), ...generalPoints];
    const usedPoints = new Set<number>();
    const usedFree = new Set<number>();
    const points: string[] = [];
    const maxPoints = pool.length + topicFreePoints.length;
    let words = wordsOf(compose(itemParagraphs()));
    while (words < target * 0.92 && points.length < maxPoints) {
      // Once the topic has been named in full, every other point is one that does not name it.
      const fromFree = mentions.exhausted && points.length % 2 === 0 && usedFree.size < topicFreePoints.length;
      const point = fromFree ? take(topicFreePoints, this.rng, usedFree) : mentions.fill(take(pool, this.rng, usedPoints));
      if (words + countWords(point) > target * 1.15 && (points.length > 0 || listed)) break;
      points.push(point);
      words += countWords(point);
    }
    // A point that would push the script past the cut (and so cut an ask off its end) goes.
    while (points.length > 0 && wordsOf(compose([...itemParagraphs(), ...points])) > max) points.pop();
    let middle = [...itemParagraphs(), ...points];
    // Without a counted ask, a short body is sometimes numbered ("First, …"), when the ordinals still fit.
    const numbered = middle.map((sentence, i) => afterOrdinal(ordinals[i]!, sentence));
    if (!count && !listing && middle.length >= 2 && middle.length <= 5 && this.rng() < 0.5 && wordsOf(compose(numbered)) <= max) middle = numbered;
    const paragraphs = compose(middle);
    if (withCloser) paragraphs[paragraphs.length - 1] = mentions.fill(closerTemplate);
    const content = paragraphs.join('\n\n');
    const title = this.title(topic, usedTitles, batch.of('titles'), count?.n ?? items.length + points.length);
    return { title, content, hashtags: hashtagsFor(topic, request), hookSuggestion: hookText };
  }

  /** A title no other script of the batch (nor `avoidTitles`) has. */
  private title(topic: Topic, usedTitles: Set<string>, usedTemplates: Set<number>, points: number): string {
    // Not when the topic already names the items (it is made of them when the instructions only list items).
    const named = topic.subjects.some((subject) => topic.lower.toLowerCase().includes(subject.toLowerCase()));
    const subjectsTitle = topic.subjects.length >= 2 && !named ? [(t: Topic) => `${t.title}: ${titleCase(listOf(t.subjects)).replace(/ And /g, ' and ')}`] : [];
    const pool = [...subjectsTitle, ...titles];
    let title = '';
    for (let attempt = 0; attempt < pool.length * 2; attempt += 1) {
      title = take(pool, this.rng, usedTemplates)(topic, Math.max(2, points));
      if (!usedTitles.has(title.toLowerCase())) break;
    }
    for (let part = 2; usedTitles.has(title.toLowerCase()); part += 1) title = `${title.replace(/ \(Part \d+\)$/, '')} (Part ${part})`;
    usedTitles.add(title.toLowerCase());
    return title;
  }

  /** English only: another language is refused with a message that says so (never English passed off as it). */
  async write(request: WriteRequest): Promise<WriteResult> {
    if (!offlineWriterLanguages.includes(request.language)) throw new ValidationError(languageMessages.offlineWriter(request.language), [{ path: 'language', message: languageMessages.offlineWriter(request.language) }], 'WRITER_LANGUAGE');
    const topic = topicOf(request);
    const usedTitles = new Set((request.avoidTitles ?? []).map((title) => title.toLowerCase()));
    const batch = new BatchMemory();
    const scripts = Array.from({ length: request.count }, () => this.draft(request, topic, usedTitles, batch));
    const prompt = `${request.topic ?? ''} ${request.subjectCategory ?? ''} ${request.extraInstructions}`;
    const output = scripts.map((s) => `${s.title}${s.content}${s.hashtags.join(' ')}${s.hookSuggestion}`).join('');
    // What a model would have charged for the same exchange: the prompt (with its fixed instructions) and the answer.
    return { scripts, tokensUsed: 200 + estimateTokens(prompt) + estimateTokens(output) };
  }

  async quote(prompt: string): Promise<{ quote: string; tokensUsed: number }> {
    const quotes = [
      'Every great video starts as a small idea you decided to take seriously.',
      'Consistency turns ordinary creators into the ones everyone remembers.',
      'Your voice is the one thing nobody else can copy. Use it.',
      'Done and shared beats perfect and hidden.',
      'The audience you want is looking for exactly what you are about to make.',
      'Small steps every day add up to a body of work.',
      'Create for one person, and you will reach thousands.',
    ];
    const quote = quotes[Math.floor(this.rng() * quotes.length)] ?? quotes[0]!;
    return { quote, tokensUsed: estimateTokens(prompt) + estimateTokens(quote) };
  }
}
