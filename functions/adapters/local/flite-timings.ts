import type { WordTiming } from '../../core/captions/word-timings';

/** One phone as Flite's `-psdur` prints it: its name and the time (seconds) at which it ends. */
export interface Phone {
  name: string;
  end: number;
}

const silence = 'pau';
const round = (n: number) => Math.round(n * 1000) / 1000;

/** `pau:0.164 hh:0.255 …` (one utterance: `-t` text, so the times run on from 0 without a restart). */
export function parsePhones(output: string): Phone[] {
  const phones: Phone[] = [];
  for (const item of output.split(/\s+/)) {
    const match = /^([a-z]+[0-9]?):(\d+(?:\.\d+)?)$/.exec(item);
    if (match?.[1] && match[2]) phones.push({ name: match[1], end: Number(match[2]) });
  }
  return phones;
}

/** The phone names between silences: one chunk per pause-separated stretch (empty stretches dropped). */
export function chunksBetweenPauses(phones: readonly Phone[]): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  for (const phone of phones) {
    if (phone.name === silence) {
      if (current.length > 0) chunks.push(current);
      current = [];
    } else current.push(phone.name);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Which word each spoken phone belongs to. `expected` holds each word's own phones (Flite on the word
 * alone); the utterance's phones differ from their concatenation only where context changes a sound
 * ("the" before a vowel) or a pause falls, so an edit-distance alignment of the two sequences maps
 * every spoken phone to a word. Answers, per spoken phone, the index of its word.
 */
export function alignPhones(spoken: readonly string[], expected: readonly (readonly string[])[]): number[] {
  const flat: string[] = [];
  const owner: number[] = [];
  expected.forEach((phones, word) =>
    phones.forEach((phone) => {
      flat.push(phone);
      owner.push(word);
    }),
  );
  const n = spoken.length;
  const m = flat.length;
  if (n === 0) return [];
  if (m === 0) return spoken.map(() => 0);
  const width = m + 1;
  // cost[i][j]: the cheapest alignment of spoken[0..i) with flat[0..j); step: 0 diagonal, 1 up (spoken only), 2 left (expected only).
  const cost = new Uint32Array((n + 1) * width);
  const step = new Uint8Array((n + 1) * width);
  for (let j = 1; j <= m; j++) {
    cost[j] = j;
    step[j] = 2;
  }
  for (let i = 1; i <= n; i++) {
    cost[i * width] = i;
    step[i * width] = 1;
    const phone = spoken[i - 1];
    for (let j = 1; j <= m; j++) {
      const diagonal = (cost[(i - 1) * width + j - 1] ?? 0) + (phone === flat[j - 1] ? 0 : 1);
      const up = (cost[(i - 1) * width + j] ?? 0) + 1;
      const left = (cost[i * width + j - 1] ?? 0) + 1;
      let best = diagonal;
      let move = 0;
      if (up < best) {
        best = up;
        move = 1;
      }
      if (left < best) {
        best = left;
        move = 2;
      }
      cost[i * width + j] = best;
      step[i * width + j] = move;
    }
  }
  const words: (number | undefined)[] = new Array<number | undefined>(n).fill(undefined);
  let i = n;
  let j = m;
  while (i > 0) {
    const move = j === 0 ? 1 : (step[i * width + j] ?? 1);
    if (move === 0) {
      words[i - 1] = owner[j - 1];
      i--;
      j--;
    } else if (move === 1) {
      // A spoken phone the words alone do not have: it belongs with the word it follows (set below).
      i--;
    } else j--;
  }
  // Unmatched phones join the word before them (or the first word, at the start).
  let last = words.find((word) => word !== undefined) ?? 0;
  return words.map((word) => {
    if (word !== undefined && word >= last) last = word;
    return last;
  });
}

/**
 * Word timings from the utterance's phones: a word starts where its first phone starts (the previous
 * phone's end) and ends where its last phone ends. A word given no phone (Flite said nothing for it)
 * gets no length, at the end of the word before it. Times only move forward.
 */
export function wordTimings(words: readonly string[], phones: readonly Phone[], expected: readonly (readonly string[])[]): WordTiming[] {
  const spoken: { name: string; start: number; end: number }[] = [];
  let previousEnd = 0;
  for (const phone of phones) {
    if (phone.name !== silence) spoken.push({ name: phone.name, start: previousEnd, end: phone.end });
    previousEnd = Math.max(previousEnd, phone.end);
  }
  const owners = alignPhones(
    spoken.map((phone) => phone.name),
    expected,
  );
  const spans: ({ start: number; end: number } | undefined)[] = words.map(() => undefined);
  owners.forEach((word, k) => {
    const phone = spoken[k];
    if (!phone) return;
    const span = spans[word];
    spans[word] = span ? { start: span.start, end: Math.max(span.end, phone.end) } : { start: phone.start, end: phone.end };
  });
  let at = 0;
  return words.map((word, index) => {
    const span = spans[index];
    const start = Math.max(at, span?.start ?? at);
    const end = Math.max(start, span?.end ?? start);
    at = end;
    return { word, start: round(start), end: round(end) };
  });
}
