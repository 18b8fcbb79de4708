/**
 * Edit Video against the library as it is now: a video's saved shots are planned again where they show
 * no clip of the creator's own (a generated background, or stock footage the planner fetched), and the
 * shots whose clip is the creator's (an upload of theirs, or any clip they picked with Replace) stay as
 * they are. "Re-plan shots" plans the whole video again. The shots themselves are planned by `planShots`
 * (rules/shot-plan.ts): this module only says which stretch of the script is planned again, and with
 * which clips. Zod-free: the dialog and the server run the same rule.
 */
import { planShots } from './shot-plan';
import { autoAssign, isPickable, wordJoiner, type CandidateMedia, type ScoringContext, type Segment } from './segments';
import { scriptLimits } from './script-limits';
import { spokenWordCount, type VoiceTimings } from './shot-timing';
import { defaultLanguage, type LanguageCode } from './languages';

/** `unowned`: the shots without a clip of the creator's own (Edit Video on open); `all`: every shot (Re-plan shots). */
export const replanScopes = ['unowned', 'all'] as const;
export type ReplanScope = (typeof replanScopes)[number];

/** Where a clip of the library came from: uploaded by the creator, or stock footage kept for a video. */
export type ClipOrigin = 'own' | 'stock';

/**
 * Whether a saved shot stays when its video is re-planned: it has a clip, and the clip is the creator's own
 * upload or the creator picked it. A clip the library does not list (`originOf` answers undefined: not
 * loaded, or deleted) is left to the caller, which re-chooses deleted clips.
 */
export function keepsShot(segment: Pick<Segment, 'mediaAssetId' | 'chosen'>, originOf: (id: string) => ClipOrigin | undefined): boolean {
  const id = segment.mediaAssetId;
  if (!id) return false;
  return segment.chosen === true || originOf(id) !== 'stock';
}

/** The voice-over's words `from`..`from + count`, timed from the first of them (the stretch planned alone). */
function voiceOf(voice: VoiceTimings, from: number, count: number): VoiceTimings | null {
  const words = voice.words.slice(from, from + count);
  const first = words[0];
  if (!first || words.length !== count) return null;
  const t0 = from === 0 ? 0 : first.start;
  const end = voice.words[from + count]?.start ?? voice.durationSeconds;
  if (end - t0 <= 0) return null;
  return { words: words.map((word) => ({ word: word.word, start: Math.max(0, word.start - t0), end: Math.max(0, word.end - t0) })), durationSeconds: end - t0 };
}

export interface ReplanInput {
  /** The script's text (a plan of every shot is made from it). */
  content: string;
  /** The saved shots. */
  segments: readonly Segment[];
  /** The library now (its pickable videos are the clips the shots draw from). */
  library: readonly CandidateMedia[];
  context: ScoringContext;
  voice: VoiceTimings | null;
  language?: LanguageCode;
  scope: ReplanScope;
  originOf: (id: string) => ClipOrigin | undefined;
}

/**
 * The shots after a re-plan. Scope `all`, or no saved shot kept: the script planned as a new video would
 * be. Otherwise each run of consecutive shots not kept is planned as shots on its own words (timed by its
 * stretch of the voice-over when the words line up, else estimated), from the clips the kept shots do not
 * show; the kept shots stay exactly as saved. With no clip in the library the saved shots stay.
 */
export function replanShots(input: ReplanInput): Segment[] {
  const { segments, library, context, voice } = input;
  const language = input.language ?? defaultLanguage;
  const pool = library.filter(isPickable);
  const whole = () => planShots(input.content, library, context, voice, language);
  if (input.scope === 'all' || segments.length === 0) return whole();
  if (pool.length === 0) return segments.map((segment) => ({ ...segment }));
  const keep = segments.map((segment) => keepsShot(segment, input.originOf));
  if (!keep.some(Boolean)) return whole();
  if (keep.every(Boolean)) return segments.map((segment) => ({ ...segment }));

  const taken = new Set(segments.flatMap((segment, i) => (keep[i] && segment.mediaAssetId ? [segment.mediaAssetId] : [])));
  const fresh = pool.filter((media) => !taken.has(media.id));
  const clips = fresh.length > 0 ? fresh : pool;
  const counts = segments.map((segment) => spokenWordCount(segment.text, language));
  const aligned = voice !== null && voice.words.length === counts.reduce((sum, n) => sum + n, 0);
  const joiner = wordJoiner(language);
  const out: Segment[] = [];
  let word = 0;
  for (let i = 0; i < segments.length;) {
    if (keep[i]) {
      out.push({ ...(segments[i] as Segment) });
      word += counts[i] ?? 0;
      i++;
      continue;
    }
    let j = i;
    while (j < segments.length && !keep[j]) j++;
    const run = segments.slice(i, j);
    const words = counts.slice(i, j).reduce((sum, n) => sum + n, 0);
    const planned = planShots(run.map((segment) => segment.text).join(joiner), clips, context, aligned && voice ? voiceOf(voice, word, words) : null, language);
    out.push(...(planned.length > 0 ? planned : run.map((segment) => ({ ...segment }))));
    word += words;
    i = j;
  }
  if (out.length <= scriptLimits.segments) return out;
  // Never more shots than a video may hold: the runs keep their cuts and only get clips.
  const open = segments.flatMap((segment, i) => (keep[i] ? [] : [segment]));
  const assigned = autoAssign(open, clips, context);
  let k = 0;
  return segments.map((segment, i) => (keep[i] ? { ...segment } : (assigned[k++] ?? { ...segment })));
}
