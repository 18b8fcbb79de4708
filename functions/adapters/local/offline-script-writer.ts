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
  peopleSentences,
  practiceSentences,
  practiceTips,
  questionHooks,
  reasonSentences,
  thingSentences,
  thingTips,
  topicQuestions,
  withArticle,
  type Template,
} from './item-sentences';
import { generalTips, tipNames, tipsBesides, tipSubjects } from './practical-tips';
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

/** How many of the subject's tips a script without a counted list says before its other points. */
const maxTipPoints = 4;

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
    const people = batch.forScript('people', peopleSentences.length, items.length);
    const chosen = items.map((item) => {
      const kind = kindOf(item);
      if (kind === 'people') return take(peopleSentences, this.rng, people.used);
      return kind === 'practice' ? take(practiceSentences, this.rng, practices.used) : take(thingSentences, this.rng, things.used);
    });
    things.keep();
    practices.keep();
    people.keep();
    return chosen;
  }

  /**
   * The counted list's templates, none twice in a script: tips from the practical-tips table, the topic's
   * subject first and the general tips after them; reasons and mistakes from their pools.
   */
  private countedTemplates(count: CountAsk, topic: Topic, batch: BatchMemory): Template[] {
    if (count.kind !== 'tip') {
      const pool = count.kind === 'reason' ? reasonSentences : mistakeSentences;
      const memory = batch.forScript(count.kind, pool.length, count.n);
      const chosen = Array.from({ length: count.n }, () => take(pool, this.rng, memory.used));
      memory.keep();
      return chosen;
    }
    const own = tipsBesides(topic.tipSubject, topic.subjects);
    const fromOwn = Math.min(count.n, own.length);
    const ownMemory = batch.forScript(`tips ${topic.tipSubject ?? ''}`, own.length, fromOwn);
    const generalMemory = batch.forScript('general tips', generalTips.length, count.n - fromOwn);
    const chosen = Array.from({ length: count.n }, (_, i) =>
      i < fromOwn ? take(own, this.rng, ownMemory.used) : take(generalTips, this.rng, generalMemory.used),
    );
    ownMemory.keep();
    generalMemory.keep();
    return chosen;
  }

  /**
   * A tip about each listed item ("3 tips: beans, grinder, water temperature"): the table's tip that names
   * it when there is one ("Keep your water temperature just off the boil…"), else a tip template of the
   * item's kind. Filled like item sentences, so `{your item}` and `{it}` agree.
   */
  private itemTips(items: readonly string[], topic: Topic, batch: BatchMemory): Template[] {
    const own = topic.tipSubject ? (tipSubjects[topic.tipSubject]?.tips ?? []) : [];
    const usedOwn = new Set<number>();
    const things = batch.forScript('thing tips', thingTips.length, items.length);
    const practices = batch.forScript('practice tips', practiceTips.length, items.length);
    const people = batch.forScript('people', peopleSentences.length, items.length);
    const chosen = items.map((item) => {
      const naming = own.map((tip, i) => i).filter((i) => !usedOwn.has(i) && tipNames(own[i]!, item));
      if (naming.length > 0) {
        const index = naming[Math.floor(this.rng() * naming.length)]!;
        usedOwn.add(index);
        return own[index]!;
      }
      const kind = kindOf(item);
      if (kind === 'people') return take(peopleSentences, this.rng, people.used);
      return kind === 'practice' ? take(practiceTips, this.rng, practices.used) : take(thingTips, this.rng, things.used);
    });
    things.keep();
    practices.keep();
    people.keep();
    return chosen;
  }

  /** Up to `maxTipPoints` of the subject's tips, in a random order, the batch's latest picks last. */
  private tipPoints(topic: Topic, batch: BatchMemory): Template[] {
    const own = tipsBesides(topic.tipSubject, topic.subjects);
    const n = Math.min(maxTipPoints, own.length);
    const memory = batch.forScript(`tips ${topic.tipSubject ?? ''}`, own.length, n);
    const chosen = Array.from({ length: n }, () => take(own, this.rng, memory.used));
    memory.keep();
    return chosen;
  }

  private draft(request: WriteRequest, topic: Topic, usedTitles: Set<string>, batch: BatchMemory): DraftScript {
    const { asks, count, subjects: items } = topic;
    const target = request.targetWords;
    const max = Math.round(target * maxLengthRatio);
    const listed = items.length > 0 || count !== undefined;
    const mentions = new Mentions(topic);

    const hookPool = asks.openWithQuestion ? questionHooks : hooks;
    let hookText = capitalise(mentions.fill(take(hookPool, this.rng, batch.of(asks.openWithQuestion ? 'question hooks' : listed ? 'list hooks' : 'hooks'))));
    const questionPool = (listed ? [...listQuestions, ...topicQuestions] : topicQuestions).map((question) => question.replaceAll('{topic}', topic.short));
    let closerTemplate = asks.endWithQuestion
      ? take(questionPool, this.rng, batch.of(listed ? 'list questions' : 'questions'))
      : take(closers, this.rng, batch.of('closers'));
    const bridge = mentions.fill(take(bridges, this.rng, batch.of('bridges')));

    // The asks: a sentence per item, and the counted list (about the items when there are as many).
    const merged = count?.kind === 'tip' && items.length === count.n;
    const templates = merged ? this.itemTips(items, topic, batch) : this.itemTemplates(items, batch);
    let counted = count && !merged ? this.countedTemplates(count, topic, batch) : [];
    const header = count ? headerOf(count, topic) : undefined;
    const forms = items.map(() => 'long' as 'long' | 'short');
    let countedForm: 'long' | 'short' = 'long';
    let listing = false;
    // A 15 s script without a list has room for one real point, not for a bridge as well.
    let withBridge = !count && (listed || target > 40);
    let withHook = true;
    let withCloser = true;
    let withHeader = true;
    const itemSentences = () => items.map((item, i) => fillItem(forms[i] === 'long' ? templates[i]!.long : templates[i]!.short, item, topic.short));
    const itemParagraphs = () =>
      merged ? [] : listing ? [`${capitalise(numberWord(items.length))} things make the difference: ${listOf(items.map(withArticle))}.`] : itemSentences();
    const countedSentences = () => counted.map((template) => (countedForm === 'long' ? template.long : template.short).replaceAll('{topic}', topic.short));
    const countedParagraphs = () =>
      (merged ? itemSentences() : countedSentences()).map((sentence, i) => afterOrdinal(ordinals[i] ?? `Number ${i + 1}`, sentence));
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
    // The shortest tips of the pool, still on the subject, before the hook goes.
    if (wordsOf(compose(itemParagraphs())) > max && count?.kind === 'tip' && !merged) {
      const byLength = (pool: readonly Template[]) => [...pool].sort((a, b) => countWords(a.short) - countWords(b.short));
      const own = byLength(tipsBesides(topic.tipSubject, topic.subjects));
      // The shorter part of the subject's tips, picked at random so the scripts of a batch still differ.
      const candidates = [...own.slice(0, Math.max(count.n, Math.ceil(own.length * 0.6))), ...byLength(generalTips)].slice(
        0,
        Math.max(count.n, Math.ceil(own.length * 0.6)),
      );
      const picked = new Set<number>();
      counted = Array.from({ length: count.n }, () => take(candidates, this.rng, picked));
    }
    if (wordsOf(compose(itemParagraphs())) > max && !asks.ownSentences && items.length > 1 && !merged) listing = true;
    if (wordsOf(compose(itemParagraphs())) > max) withHook = false;
    if (wordsOf(compose(itemParagraphs())) > max) withHeader = false;
    if (wordsOf(compose(itemParagraphs())) > max && !asks.endWithQuestion) withCloser = false;

    // Then points on the topic fill the length.
    // Without a counted list, the subject's practical tips come first (things to do, not slogans): a
    // script about coffee says how to brew it. With one, they would read as tips outside the list.
    const tipPoints = count?.kind === 'tip' ? [] : this.tipPoints(topic, batch);
    let tipsSaid = 0;
    const pool = [...(topic.group ? groups[topic.group]!.points : []), ...generalPoints];
    const usedPoints = new Set<number>();
    const usedFree = new Set<number>();
    const points: string[] = [];
    const maxPoints = tipPoints.length + pool.length + topicFreePoints.length;
    let words = wordsOf(compose(itemParagraphs()));
    while (words < target * 0.92 && points.length < maxPoints) {
      // Once the topic has been named in full, every other point is one that does not name it.
      const fromFree = mentions.exhausted && points.length % 2 === 0 && usedFree.size < topicFreePoints.length;
      const tip = tipPoints.shift();
      // A tip says its short form when the long one would not fit.
      const fits = (text: string) => words + countWords(text) <= target * 1.15;
      const point = tip
        ? fits(tip.long)
          ? tip.long
          : tip.short
        : fromFree
          ? take(topicFreePoints, this.rng, usedFree)
          : mentions.fill(take(pool, this.rng, usedPoints));
      if (!fits(point) && (points.length > 0 || listed)) break;
      if (tip) tipsSaid += 1;
      points.push(point);
      words += countWords(point);
    }
    // A point that would push the script past the cut (and so cut an ask off its end) goes.
    while (points.length > 0 && wordsOf(compose([...itemParagraphs(), ...points])) > max) points.pop();
    // A short script with no room for a point makes room by leaving its bridge out.
    if (points.length === 0 && !listed && withBridge && tipPoints.length + tipsSaid > 0) {
      const first = this.tipPoints(topic, batch)[0];
      withBridge = false;
      if (first && wordsOf(compose([first.short])) <= max) {
        points.push(first.short);
        tipsSaid = 1;
      }
    }
    tipsSaid = Math.min(tipsSaid, points.length);
    let middle = [...itemParagraphs(), ...points];
    // Without a counted ask, a short body is sometimes numbered ("First, …"), when the ordinals still fit.
    const numbered = middle.map((sentence, i) => afterOrdinal(ordinals[i]!, sentence));
    if (!count && !listing && middle.length >= 2 && middle.length <= 5 && this.rng() < 0.5 && wordsOf(compose(numbered)) <= max) middle = numbered;
    const paragraphs = compose(middle);
    if (withCloser) paragraphs[paragraphs.length - 1] = mentions.fill(closerTemplate);
    const content = paragraphs.join('\n\n');
    // "3 Tips for …" only over a script that says at least two tips.
    const title = this.title(topic, usedTitles, batch.of('titles'), count?.n ?? (listing ? 0 : items.length) + tipsSaid);
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
      title = take(pool, this.rng, usedTemplates)(topic, points);
      if (!usedTitles.has(title.toLowerCase())) break;
    }
    for (let part = 2; usedTitles.has(title.toLowerCase()); part += 1) title = `${title.replace(/ \(Part \d+\)$/, '')} (Part ${part})`;
    usedTitles.add(title.toLowerCase());
    return title;
  }

  /** English only: another language is refused with a message that says so (never English passed off as it). */
  async write(request: WriteRequest): Promise<WriteResult> {
    if (!offlineWriterLanguages.includes(request.language))
      throw new ValidationError(
        languageMessages.offlineWriter(request.language),
        [{ path: 'language', message: languageMessages.offlineWriter(request.language) }],
        'WRITER_LANGUAGE',
      );
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
