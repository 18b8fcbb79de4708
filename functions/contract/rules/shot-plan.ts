/**
 * Shots, not sentences ("Cuts on the spoken word"). A `Segment` is a shot: its `text` is the
 * run of script words it covers, in order, so the shots' texts joined give the script back and a shot
 * is on screen from its first spoken word (`segmentTimes`). A cut lands ON the word that names a clip's
 * tag (or a title word), compared by stem ("grind" ~ "grinder"); the product's (docs/product.md#media-scoring) scores (`scoreMedia`: tags,
 * title words, recency, preferred folder +5, used in the last 24 h -5) stay the base of each choice.
 * Pacing: no shot under `minSeconds`, none over `maxSeconds` (a long run without a match gets cut at a
 * sentence start or in even parts); no clip twice in a row when another exists; clips cycle before
 * one is used again. Times come from the voice-over's word timings when there is one, else from an
 * estimate (`wordsPerSecond`). Words are the script language's (`languageWords`: `Intl.Segmenter` words in
 * Japanese and Chinese, joined back without spaces), and sentences end at `。！？`, `؟`, `।` too (segments.ts).
 * Timings and pacing: shot-timing.ts. Pure and small: the browser's Switch Scenes runs it too.
 */
import { scriptLimits } from './script-limits';
import { defaultLanguage, type LanguageCode } from './languages';
import { languageWords } from './language-words';
import {
  endsSentence,
  isPickable,
  matchedTagsOf,
  matchWordsOf,
  phraseAt,
  scoreMedia,
  titleWordsOf,
  type CandidateMedia,
  type ScoringContext,
  type Segment,
  wordJoiner,
} from './segments';
import { estimatedVoice, isSpoken, shotPacing, type Pacing, type VoiceTimings } from './shot-timing';
import { phraseEdgesOf, type PhraseEdge } from './shot-phrases';
import { sameStem } from './word-stems';

const round1 = (n: number) => Math.round(n * 10) / 10;

interface Token {
  text: string;
  /** Index among the spoken tokens, or -1 for punctuation alone. */
  spoken: number;
  sentenceStart: boolean;
}

/** The script's words in its language (`languageWords`), each marked spoken or not and whether it opens a sentence. */
function tokensOf(content: string, language: LanguageCode): Token[] {
  const tokens: Token[] = [];
  let spoken = 0;
  for (const line of content.split(/\r?\n/)) {
    let sentenceStart = true;
    for (const text of languageWords(line.trim(), language)) {
      if (!text) continue;
      const said = isSpoken(text);
      tokens.push({ text, spoken: said ? spoken++ : -1, sentenceStart: said && sentenceStart });
      if (said) sentenceStart = false;
      if (endsSentence(text)) sentenceStart = true;
    }
  }
  return tokens;
}

/** The clips a spoken word names (a tag's phrase starting there, else a title word), with how strongly. */
type Cue = Map<string, number>;

function cuesOf(tokens: readonly Token[], pool: readonly CandidateMedia[]): Map<number, Cue> {
  const flat: { word: string; spoken: number; first: boolean }[] = [];
  for (const token of tokens) if (token.spoken >= 0) matchWordsOf(token.text).forEach((word, j) => flat.push({ word, spoken: token.spoken, first: j === 0 }));
  const words = flat.map((entry) => entry.word);
  const cues = new Map<number, Cue>();
  const add = (spoken: number, id: string, strength: number) => {
    const cue = cues.get(spoken) ?? new Map<string, number>();
    cue.set(id, Math.max(cue.get(id) ?? 0, strength));
    cues.set(spoken, cue);
  };
  for (const media of pool) {
    const tags = media.tags.map(matchWordsOf).filter((needle) => needle.length > 0);
    const title = titleWordsOf(media.title);
    for (const [p, entry] of flat.entries()) {
      if (!entry.first) continue;
      // A tag said in full is a strong cue, the longer the stronger ("coffee beans" over "coffee"); a title word a weak one.
      const said = tags.filter((needle) => phraseAt(words, p, needle));
      if (said.length > 0) add(entry.spoken, media.id, 2 + Math.min(2, Math.max(...said.map((needle) => needle.length)) - 1) / 2);
      else if (title.some((word) => sameStem(entry.word, word))) add(entry.spoken, media.id, 1);
    }
  }
  return cues;
}

/** A cue's weight: its strength, a little more when it names few clips (a specific word before a generic one). */
function weightOf(cue: Cue): number {
  return Math.max(...cue.values()) + 1 / cue.size;
}

/**
 * A clip named later must not pre-empt its own word: a cue for a clip is dropped when the same clip is
 * named more strongly within `soonSeconds` after it ("coffee?" by a title word, then "coffee beans" by
 * the tag), so the clip waits for the word that names it.
 */
function withoutPreemption(cues: Map<number, Cue>, at: (k: number) => number, soonSeconds: number): Map<number, Cue> {
  const ordered = [...cues.entries()].sort((a, b) => a[0] - b[0]);
  const kept = new Map<number, Cue>();
  for (const [i, [k, cue]] of ordered.entries()) {
    const later = ordered.slice(i + 1).filter(([k2]) => at(k2) - at(k) <= soonSeconds);
    const cut = new Map([...cue].filter(([id, strength]) => !later.some(([, next]) => (next.get(id) ?? 0) > strength)));
    if (cut.size > 0) kept.set(k, cut);
  }
  return kept;
}

/** The cue words to cut on: the heaviest set with no two closer than `min` (weighted interval scheduling). */
function chooseCues(points: readonly { spoken: number; t: number; weight: number }[], min: number): number[] {
  const best: number[] = [0];
  const previous: number[] = [];
  for (let i = 0; i < points.length; i++) {
    let j = i - 1;
    while (j >= 0 && (points[j]?.t ?? 0) > (points[i]?.t ?? 0) - min) j--;
    previous.push(j);
    best.push(Math.max(best[i] ?? 0, (points[i]?.weight ?? 0) + (best[j + 1] ?? 0)));
  }
  const chosen: number[] = [];
  for (let i = points.length - 1; i >= 0;) {
    if ((best[i + 1] ?? 0) > (best[i] ?? 0)) {
      chosen.push(points[i]?.spoken ?? 0);
      i = previous[i] ?? -1;
    } else i--;
  }
  return chosen.reverse();
}

/** Spoken word index → when it starts: the voice's own word when the counts agree, else the word in proportion. */
function wordStarts(count: number, voice: VoiceTimings): number[] {
  const words = voice.words;
  return Array.from({ length: count }, (_, k) => {
    if (words.length === 0) return (voice.durationSeconds * k) / Math.max(1, count);
    const word = words[Math.min(words.length - 1, Math.round((k * words.length) / count))];
    return Math.min(word?.start ?? 0, voice.durationSeconds);
  });
}

/** What a cut at a word gains by opening a phrase (sentence starts most), in seconds of distance from its ideal place. */
function edgeBonus(edge: PhraseEdge | undefined, sentenceStart: boolean): number {
  return sentenceStart ? 0.5 : edge === 2 ? 0.45 : edge === 1 ? 0.3 : edge === -1 ? -0.4 : 0;
}

/**
 * Where the shots start (spoken word indexes, ascending, the first 0) and which clips each one's cut word
 * names: cue words (moved back to their sentence's start within `sentenceSnapSeconds`, else to the phrase's start
 * within `phraseSnapSeconds`, so "A | pour over" is never split), sentence starts with room on both sides, a first cut within `firstShotSeconds`,
 * and long runs split near `splitSeconds`, preferring sentence and phrase starts.
 */
function cutsOf(
  tokens: readonly Token[],
  starts: readonly number[],
  duration: number,
  cues: Map<number, Cue>,
  pacing: Pacing,
  edges: readonly PhraseEdge[],
  spaced: boolean,
): { cuts: number[]; cueAt: Map<number, Cue> } {
  const count = starts.length;
  const at = (k: number) => starts[k] ?? duration;
  const sentenceStarts = new Set(tokens.filter((token) => token.sentenceStart).map((token) => token.spoken));
  const bonus = (k: number) => edgeBonus(edges[k], sentenceStarts.has(k));
  const cueAt = new Map<number, Cue>();
  const points: { spoken: number; t: number; weight: number }[] = [];
  for (const [k, cue] of [...withoutPreemption(cues, at, pacing.soonSeconds).entries()].sort((a, b) => a[0] - b[0])) {
    const t = at(k);
    if (k === 0 || t < pacing.minSeconds) {
      // Said in the first moments: the first shot shows it (the picture is there when the word is said).
      if (!cueAt.has(0)) cueAt.set(0, cue);
    } else if (duration - t >= pacing.minSeconds) points.push({ spoken: k, t, weight: weightOf(cue) });
  }
  const cuts = new Set<number>([0]);
  let previous = 0;
  for (const k of chooseCues(points, pacing.minSeconds)) {
    // A word naming only clips the shot before was cut in for already needs no cut of its own: its clip is on
    // screen ("| A burr grinder gives you an even grind." stays one shot, not "…an even | grind.").
    const showing = cueAt.get(previous);
    const named = cues.get(k);
    if (showing && named && named.size > 0 && [...named.keys()].every((id) => showing.has(id)) && at(k) - at(previous) < pacing.maxSeconds) continue;
    // A cue word just inside a phrase: the cut moves back to the phrase's start (the word stays in its shot),
    // else back over the words leaning on it ("fresh | coffee beans" → "| fresh coffee beans").
    let cut = k;
    const fits = (e: number) =>
      e > previous && at(k) - at(e) <= pacing.phraseSnapSeconds && at(e) >= pacing.minSeconds && at(e) - at(previous) >= pacing.minSeconds;
    // Its own sentence's start, when that is within `sentenceSnapSeconds` ("| Third, check your water temperature"), comes first.
    const sentence = [...Array(k).keys()].reverse().find((e) => sentenceStarts.has(e) && e > previous && at(k) - at(e) <= pacing.sentenceSnapSeconds);
    if (!sentenceStarts.has(k) && sentence !== undefined && at(sentence) >= pacing.minSeconds && at(sentence) - at(previous) >= pacing.minSeconds)
      cut = sentence;
    else if (bonus(k) <= 0) {
      const start = [...Array(k).keys()].reverse().find((e) => fits(e) && bonus(e) > 0);
      if (start !== undefined) cut = start;
      else while (edges[cut] === -1 && fits(cut - 1)) cut -= 1;
    }
    cuts.add(cut);
    cueAt.set(cut, cues.get(k) ?? new Map());
    previous = cut;
  }

  const sorted = () => [...cuts].sort((a, b) => a - b);
  // Room for a sentence's own cut: `gap` after the cut before it, and a whole shot before the next (so a sentence's
  // first words never trail at the end of the shot before: "…simple. First, buy | fresh coffee beans").
  const roomAround = (t: number, gap: number) =>
    t >= gap && duration - t >= pacing.minSeconds && sorted().every((c) => (at(c) < t ? t - at(c) >= gap : at(c) - t >= pacing.minSeconds));
  // A new sentence is a natural cut when it leaves room on both sides.
  for (const token of tokens) if (token.sentenceStart && token.spoken > 0 && roomAround(at(token.spoken), pacing.softGapSeconds)) cuts.add(token.spoken);
  // So is a phrase's start after a comma or a pause, inside a shot longer than `splitSeconds`.
  const shotLength = (k: number) => {
    const list = sorted();
    const next = list.find((c) => c > k);
    const before = list.filter((c) => c < k).pop() ?? 0;
    return (next === undefined ? duration : at(next)) - at(before);
  };
  for (let k = 1; k < count; k++)
    if (edges[k] === 2 && !sentenceStarts.has(k) && shotLength(k) > pacing.splitSeconds && roomAround(at(k), pacing.softGapSeconds)) cuts.add(k);
  // The best word to cut on between two cuts, near a target time, keeping every shot at least `minSeconds`.
  const pickBetween = (from: number, to: number | undefined, after: number, before: number, target: number): number => {
    let pick = -1;
    let pickScore = Number.POSITIVE_INFINITY;
    for (let k = from + 1; k < (to ?? count); k++) {
      const t = at(k);
      if (t - after < pacing.minSeconds || before - t < pacing.minSeconds) continue;
      const score = Math.abs(t - target) - bonus(k);
      if (score < pickScore) {
        pick = k;
        pickScore = score;
      }
    }
    return pick;
  };
  // The first picture changes within `firstShotSeconds` (the viewer decides to stay in the first two seconds).
  const second = sorted()[1];
  const firstEnd = second === undefined ? duration : at(second);
  if (firstEnd > pacing.firstShotSeconds) {
    const pick = pickBetween(0, second, 0, Math.min(firstEnd, pacing.firstShotSeconds + pacing.minSeconds), pacing.firstShotSeconds * 0.7);
    // Where words are not written apart (Japanese, Chinese), only at a phrase's edge: never inside a word's endings.
    if (pick > 0 && at(pick) <= pacing.firstShotSeconds && (spaced || bonus(pick) > 0)) cuts.add(pick);
  }
  // A run longer than the longest shot is cut in even parts, at a sentence or phrase start when one is near.
  for (const from of sorted()) {
    const list = sorted();
    const to = list[list.indexOf(from) + 1];
    const a = at(from);
    const b = to === undefined ? duration : at(to);
    if (b - a <= pacing.maxSeconds) continue;
    const parts = Math.max(Math.ceil((b - a) / pacing.maxSeconds), Math.round((b - a) / pacing.splitSeconds));
    let last = a;
    for (let j = 1; j < parts; j++) {
      const pick = pickBetween(from, to, last, b, a + ((b - a) * j) / parts);
      if (pick > 0) {
        cuts.add(pick);
        last = at(pick);
      }
    }
  }
  return { cuts: sorted(), cueAt };
}

/** Where a clip starts in this shot: its analysed in-point, and on a later use, on from where it stopped. */
function inPointOf(media: CandidateMedia, used: Map<string, number>, length: number): number {
  const first = media.framing?.inPoint ?? 0;
  const clip = media.duration ?? 0;
  const from = used.get(media.id) ?? first;
  const fits = (at: number) => clip <= 0 || at + Math.min(length, clip) <= clip;
  const start = fits(from) ? from : fits(first) ? first : 0;
  used.set(media.id, start + length);
  return round1(start);
}

/**
 * The script planned as shots with clips: cut words chosen (cues, sentence starts, even splits), then
 * each shot in order gets the clip with the best score (docs/product.md#media-scoring) for its text, plus a large bonus when its
 * cut word names the clip; a clip used already in this video waits until the others were used (the
 * product's (docs/product.md#media-scoring) cycling), and never follows itself when another clip exists. Without usable clips the shots
 * come back without media (the planner gives them generated backgrounds).
 */
export function planShots(
  content: string,
  library: readonly CandidateMedia[],
  context: ScoringContext,
  voice: VoiceTimings | null = null,
  language: LanguageCode = defaultLanguage,
  pacing: Pacing = { ...shotPacing },
): Segment[] {
  const tokens = tokensOf(content, language);
  const count = tokens.filter((token) => token.spoken >= 0).length;
  if (tokens.length === 0) return [];
  const joiner = wordJoiner(language);
  const timing =
    voice && voice.words.length > 0 && voice.durationSeconds > 0 ? voice : estimatedVoice(tokens.map((token) => token.text).join(joiner), pacing, language);
  const starts = wordStarts(count, timing);
  const duration = timing.durationSeconds;
  const pool = library.filter(isPickable);
  // The voice's pauses between words, when its words are the script's (else the punctuation alone says where phrases end).
  const pauses = timing.words.length === count ? timing.words.map((word, k) => (k === 0 ? 0 : word.start - (timing.words[k - 1]?.end ?? word.start))) : [];
  const edges = phraseEdgesOf(tokens, pauses, language);
  // No clip to cut to: the same phrase cuts, each shot with its own generated background (rules/generated-backgrounds.ts).
  const { cuts, cueAt } = cutsOf(tokens, starts, duration, pool.length > 0 ? cuesOf(tokens, pool) : new Map(), pacing, edges, joiner === ' ');
  if (cuts.length > scriptLimits.segments) {
    // Never more shots than a video may hold: longer shots all round.
    const scale = (cuts.length / scriptLimits.segments) * 1.1;
    return planShots(content, library, context, voice, language, {
      ...pacing,
      minSeconds: pacing.minSeconds * scale,
      maxSeconds: pacing.maxSeconds * scale,
      splitSeconds: pacing.splitSeconds * scale,
      softGapSeconds: pacing.softGapSeconds * scale,
    });
  }

  // A shot's words: from its cut word up to the next cut's word (punctuation alone stays with the word before).
  const firstToken = new Map(tokens.flatMap((token, i) => (token.spoken >= 0 ? [[token.spoken, i] as const] : [])));
  const textOf = (from: number, to: number | undefined) =>
    tokens
      .slice(from === 0 ? 0 : (firstToken.get(from) ?? 0), to === undefined ? tokens.length : (firstToken.get(to) ?? tokens.length))
      .map((token) => token.text)
      .join(joiner);
  const startOf = (k: number) => (k === 0 ? 0 : (starts[k] ?? duration));
  const endOf = (next: number | undefined) => (next === undefined ? duration : (starts[next] ?? duration));
  const sentenceStarts = new Set(tokens.filter((token) => token.sentenceStart).map((token) => token.spoken));

  interface Planned {
    from: number;
    to: number | undefined;
    media: CandidateMedia | undefined;
  }
  const uses = new Map<string, number>();
  // The clips named by the cuts starting within `soonSeconds` after a time, each with how soon (the first time it is named).
  const namedSoon = (from: number): Map<string, number> => {
    const soon = new Map<string, number>();
    for (const k of cuts) {
      const wait = startOf(k) - from;
      if (wait > 0 && wait <= pacing.soonSeconds) for (const id of cueAt.get(k)?.keys() ?? []) if (!soon.has(id)) soon.set(id, wait);
    }
    return soon;
  };
  // A shot leaves alone the clip the next cut's word names (else that cut could not show it: no clip twice in a row),
  // and a filler shot prefers clips not named soon after (their word should be where the viewer first sees them).
  const choose = (text: string, cue: Cue | undefined, previous: string | undefined, next: Cue | undefined, from: number): CandidateMedia | undefined => {
    let best: CandidateMedia | undefined;
    let bestScore = Number.NEGATIVE_INFINITY;
    const soon = namedSoon(startOf(from));
    for (const media of pool) {
      let score = scoreMedia(media, text, context) + (cue?.has(media.id) ? 100 : 0) - 10 * (uses.get(media.id) ?? 0);
      if (media.id === previous && pool.length > 1) score -= 1_000;
      if (next?.has(media.id) && !cue?.has(media.id) && pool.length > 2) score -= 200;
      else if (soon.has(media.id) && !cue?.has(media.id) && pool.length > 2) score -= 50 + 150 * (1 - (soon.get(media.id) ?? 0) / pacing.soonSeconds);
      if (score > bestScore) {
        best = media;
        bestScore = score;
      }
    }
    if (best) uses.set(best.id, (uses.get(best.id) ?? 0) + 1);
    return best;
  };
  const planned: Planned[] = [];
  for (const [i, k] of cuts.entries()) {
    const to = cuts[i + 1];
    const cue = cueAt.get(k);
    const last = planned[planned.length - 1];
    const previous = last?.media?.id;
    if (last && previous && cue && cue.size > 0 && [...cue.keys()].every((id) => id === previous)) {
      // The word names only the clip already on screen. The shot goes on when that stays short enough;
      // else the shot before is cut in two, its second half showing another clip, so the word still cuts to its clip.
      if (endOf(to) - startOf(last.from) <= pacing.maxSeconds) {
        last.to = to;
        continue;
      }
      const middle = (startOf(last.from) + startOf(k)) / 2;
      let split = -1;
      for (let m = last.from + 1; m < k; m++) {
        const t = startOf(m);
        if (t - startOf(last.from) < pacing.minSeconds || startOf(k) - t < pacing.minSeconds) continue;
        if (
          split < 0 ||
          Math.abs(t - middle) - edgeBonus(edges[m], sentenceStarts.has(m)) <
            Math.abs(startOf(split) - middle) - edgeBonus(edges[split], sentenceStarts.has(split))
        )
          split = m;
      }
      if (split > 0) {
        last.to = split;
        planned.push({ from: split, to: k, media: choose(textOf(split, k), undefined, previous, cue, split) });
      }
    }
    const nextCue = to === undefined ? undefined : cueAt.get(to);
    planned.push({ from: k, to, media: pool.length > 0 ? choose(textOf(k, to), cue, planned[planned.length - 1]?.media?.id, nextCue, k) : undefined });
  }

  const inPoints = new Map<string, number>();
  return planned.map(({ from, to, media }) => {
    const text = textOf(from, to);
    const length = Math.max(0, endOf(to) - startOf(from));
    const segment: Segment = { text, mediaAssetId: null, mediaFile: null, mediaDuration: round1(length), mediaStartTime: 0, thumbnailUrl: null };
    if (!media) return segment;
    return {
      ...segment,
      mediaAssetId: media.id,
      mediaFile: media.fileUrl,
      thumbnailUrl: media.thumbnailUrl,
      mediaStartTime: inPointOf(media, inPoints, length),
      matchedTags: matchedTagsOf(media, text),
    };
  });
}

/**
 * Moves the cut before shot `index` one spoken word earlier (the previous shot's last word opens this
 * shot) or later (this shot's first word closes the previous one); each shot keeps at least one word.
 * Unchanged when it cannot move. `mediaOf` gives a shot's clip, so its matched tags follow the words.
 */
export function moveCut(
  segments: readonly Segment[],
  index: number,
  direction: 'earlier' | 'later',
  mediaOf: (id: string) => Pick<CandidateMedia, 'tags'> | undefined = () => undefined,
  language: LanguageCode = defaultLanguage,
): Segment[] {
  const before = segments[index - 1];
  const shot = segments[index];
  if (!before || !shot) return [...segments];
  const left = languageWords(before.text, language);
  const right = languageWords(shot.text, language);
  const from = direction === 'earlier' ? left : right;
  const spokenIndexes = from.map((token, i) => (isSpoken(token) ? i : -1)).filter((i) => i >= 0);
  if (spokenIndexes.length < 2) return [...segments];
  if (direction === 'earlier') {
    const cut = spokenIndexes[spokenIndexes.length - 1] ?? left.length;
    right.unshift(...left.splice(cut));
  } else {
    const cut = spokenIndexes[1] ?? right.length;
    left.push(...right.splice(0, cut));
  }
  const retagged = (segment: Segment, text: string): Segment => {
    const media = segment.mediaAssetId ? mediaOf(segment.mediaAssetId) : undefined;
    return { ...segment, text, ...(media ? { matchedTags: matchedTagsOf(media, text) } : {}) };
  };
  return segments.map((segment, i) =>
    i === index - 1 ? retagged(segment, left.join(wordJoiner(language))) : i === index ? retagged(segment, right.join(wordJoiner(language))) : segment,
  );
}
