/**
 * The karaoke fill of one word as ASS. libass sweeps a `\kf` syllable left to right whatever the text's
 * direction (seen on frames: "ستجربها" lit "ها" first), so a right-to-left word is filled grapheme by
 * grapheme instead: one `\k` syllable per grapheme, each lit in turn in reading order, which libass lays
 * out from the right. The tags stay inside one event, so the letters still join (seen on frames).
 */

/** The word's graphemes, in reading order (a letter keeps its combining marks). */
function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (part) => part.segment);
}

/**
 * `centiseconds` split over `count` parts as whole numbers that add up to it, the earlier parts taking
 * the remainder (a grapheme lights at the start of its share).
 */
export function karaokeShares(centiseconds: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(centiseconds / count);
  const extra = centiseconds - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * The word's karaoke over `gap` seconds of pause before it and `spoken` seconds of speech. `tags` are
 * override tags for the word (its size); `shown` is its ASS text, which may hold font runs (`{\fn…}`),
 * kept in place.
 *
 * Left to right: one `\kf` syllable sweeping the word over the pause and the word, as before.
 * Right to left: an empty `\k` syllable for the pause, then a `\k` per grapheme, so the fill steps from
 * the word's first letter (at its right) to its last while it is spoken. Both take the same time in all.
 */
export function karaokeWord(shown: string, gap: number, spoken: number, direction: 'ltr' | 'rtl', tags = ''): string {
  const total = Math.max(1, Math.round((spoken + gap) * 100));
  if (direction === 'ltr') return `{\\kf${total}${tags}}${shown}`;
  const lead = Math.min(total, Math.max(0, Math.round(gap * 100)));
  const pieces = shown.split(/(\{[^}]*\})/).filter((piece) => piece !== '');
  const letters = pieces.reduce((sum, piece) => sum + (piece.startsWith('{') ? 0 : graphemes(piece).length), 0);
  const shares = karaokeShares(total - lead, letters);
  let next = 0;
  const body = pieces
    .map((piece) =>
      piece.startsWith('{')
        ? piece
        : graphemes(piece)
            .map((letter) => `{\\k${shares[next++] ?? 0}}${letter}`)
            .join(''),
    )
    .join('');
  return `{\\k${lead}${tags}}${body}`;
}
