/**
 * Words compared by stem: "beans" ~ "bean", "brewing" ~ "brew", "grind" ~ "grinder". The
 * Porter stemmer (npm `stemmer`, MIT, 6 KB) folds inflections; on top of it the agent noun's "-er" is
 * dropped when at least four letters stay ("grinder" → "grind", "brewer" → "brew", but "water",
 * "over", "paper" stay), since a clip tagged with the tool should come up when the action is said.
 * Imported by the browser too (Switch Scenes plans shots there), so it stays small and pure.
 */
import { stemmer } from 'stemmer';

const cache = new Map<string, string>();
const maxCached = 5_000;

/** A word's comparison key: lower case, stemmed, without an agent "-er"/"-ers". */
export function stemOf(word: string): string {
  const lower = word.toLowerCase();
  const known = cache.get(lower);
  if (known !== undefined) return known;
  let stem = /^[a-z]+$/.test(lower) ? stemmer(lower) : lower;
  const agent = /^([a-z]{4,})er$/.exec(stem)?.[1];
  if (agent && /[aeiouy]/.test(agent)) stem = agent;
  if (cache.size >= maxCached) cache.clear();
  cache.set(lower, stem);
  return stem;
}

/** The same word by stem (and at least three letters each, so "a" never matches "as"). */
export function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 3 || b.length < 3) return false;
  return stemOf(a) === stemOf(b);
}
