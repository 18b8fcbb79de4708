import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import type { LanguageCode } from '../../functions/contract/languages';
import { captionFontNames, groupLines } from '../../functions/contract/rules/ass-document';
import { captionUpperCase, captionWords, captionWriting } from '../../functions/contract/rules/caption-scripts';
import { fontRuns } from '../../functions/contract/rules/caption-script-fonts';
import { fontMapping, scriptFamilies } from '../../functions/adapters/ffmpeg/fonts';
import { bundledFontsIn } from '../support/bundled-fonts';
import { languageWords } from '../../functions/contract/rules/language-words';
import type { Script } from '../../functions/contract/scripts';
import type { GenerateVideoResult } from '../../functions/contract/video';
import { boundingBox, type Box } from '../support/caption-frames';
import { countColour, frameAt, videoWidth, type Rgb } from '../support/video-frames';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * Scripts typed by the creator in Spanish, Japanese (kana: the offline voice reads no kanji) and Arabic
 * become videos offline, through the real pipeline (eSpeak NG voice-over, shot plan, ffmpeg + libass
 * draft render): a shot starts each sentence, its captions are drawn in the middle with every
 * character in a bundled font, the spoken word is highlighted and moves word by word (right to left in
 * Arabic), and Japanese caption lines break between words.
 */
let stack: LocalStack;
let scratch: string;
let user: SignedInUser;

const green: Rgb = [0, 255, 0];
const white: Rgb = [255, 255, 255];
const captionSettings = { style: 'highlight', word_color: '#00FF00', line_color: '#FFFFFF', position: 'middle_center', max_words_per_line: 3 };
/** The middle of the frame, where `middle_center` draws (full-frame coordinates; the draft is read scaled up). */
const band = { x: 0, y: 700, w: videoWidth, h: 520 };

const samples: { language: LanguageCode; title: string; text: string }[] = [
  { language: 'es', title: 'Café', text: '¿Sabías que el café recién molido cambia tu mañana? Pruébalo mañana temprano.' },
  { language: 'ja', title: 'コーヒー', text: 'まいあさ コーヒーを のみます。とても おいしい コーヒーです！' },
  { language: 'ar', title: 'قهوة', text: 'القهوة الطازجة تغيّر صباحك. جرّبها غدا!' },
];

interface Made {
  script: Script;
  planned: GenerateVideoResult['videoMetadata']['segments'];
  file: string;
  words: { word: string; start: number; end: number }[];
}
const made = new Map<LanguageCode, Made>();

async function scriptOf(id: string): Promise<Script> {
  const list = await user.client.get<Script[]>('/api/scripts');
  const found = list.body.find((script) => script.id === id);
  if (!found) throw new Error(`script ${id} not listed`);
  return found;
}

async function settled(id: string, timeoutMs = 150_000): Promise<Script> {
  const began = Date.now();
  for (;;) {
    const script = await scriptOf(id);
    if (script.videoGenerationStatus !== 'generating') return script;
    if (Date.now() - began > timeoutMs) throw new Error(`still generating after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A stored file behind one of the API's redirecting URLs (/api/video/…, /api/audio/…). */
async function bytesOf(path: string): Promise<ArrayBuffer> {
  const redirect = await user.client.raw(path);
  expect(redirect.status).toBe(302);
  const response = await fetch(redirect.headers.get('location') ?? '');
  expect(response.status).toBe(200);
  return response.arrayBuffer();
}

const centre = (box: Box | null) => (box ? box.x + box.w / 2 : Number.NaN);

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.OPENAI_API_KEY;
  stack = await startTestStack({ retryScale: 0.01 });
  scratch = mkdtempSync(join(tmpdir(), 'language-videos-'));
  user = await signUpAndIn(stack, 'languages');
  // The three scripts, typed by the creator, each rendered into a video; the runs go side by side.
  const started = await Promise.all(
    samples.map(async (sample) => {
      const created = await user.client.post<Script>('/api/scripts', { title: sample.title, scriptContent: sample.text, language: sample.language });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.language).toBe(sample.language);
      const run = await user.client.post<GenerateVideoResult>(`/api/scripts/${created.body.id}/generate-video`, { captionSettings });
      expect(run.status, JSON.stringify(run.body)).toBe(202);
      return { sample, id: created.body.id, planned: run.body.videoMetadata.segments };
    }),
  );
  for (const { sample, id, planned } of started) {
    const script = await settled(id);
    expect(script.videoGenerationStatus, script.videoGenerationError ?? '').toBe('complete');
    const file = join(scratch, `${sample.language}.mp4`);
    writeFileSync(file, new Uint8Array(await bytesOf(script.videoUrl ?? '')));
    const words = JSON.parse(new TextDecoder().decode(await bytesOf((script.audioUrl ?? '').replace(/\.mp3$/, '.words.json')))) as Made['words'];
    made.set(sample.language, { script, planned, file, words });
  }
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const madeFor = (language: LanguageCode): Made => {
  const found = made.get(language);
  if (!found) throw new Error(`no ${language} video`);
  return found;
};

describe('videos from scripts typed in Spanish, Japanese and Arabic (offline)', () => {
  for (const sample of samples) {
    it(`${sample.language}: a shot from each sentence, every caption character in a bundled font, words highlighted one by one`, async () => {
      const { script, planned, file, words } = madeFor(sample.language);
      // Two sentences: a shot starts each (a long one may be cut again on a phrase), their texts the script's (joined without spaces in Japanese).
      expect(planned.length).toBeGreaterThanOrEqual(2);
      expect(planned.length).toBeLessThanOrEqual(4);
      const unspaced = (text: string) => (sample.language === 'ja' ? text.replace(/\s+/gu, '') : text);
      expect(unspaced(planned.map((segment) => segment.text).join(' '))).toBe(unspaced(sample.text));
      expect(script.videoMetadata?.segments).toHaveLength(planned.length);

      // No box: every character the captions draw (as cased) is in the bundled font its run is drawn with.
      const writing = captionWriting(sample.text, sample.language);
      const settings = parseCaptionSettings(captionSettings);
      const shown = captionWords(words, writing);
      expect(shown.length).toBeGreaterThanOrEqual(4);
      const missing: string[] = [];
      for (const word of shown)
        for (const run of fontRuns(captionUpperCase(word.word, writing), captionFontNames[settings.font_family], writing)) {
          const folder = run.font ? scriptFamilies[run.font].folder : fontMapping[settings.font_family].folder;
          const fonts = bundledFontsIn(folder);
          for (const char of run.text.replace(/\s/gu, ''))
            if (fonts.length === 0 || !fonts.every((font) => font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0))) missing.push(`${char} in ${folder}`);
        }
      expect(missing, 'characters that would draw as boxes').toEqual([]);

      // On the frames: while the first and the second word are spoken, the caption is drawn in the middle
      // and the spoken word (green) moves to the next one, right to left in Arabic.
      const [first, second] = shown;
      if (!first || !second) throw new Error('too few words');
      const frames = await Promise.all([first, second].map((word) => frameAt(file, (word.start + word.end) / 2)));
      const [before, after] = frames.map((frame) => boundingBox(frame, green, 90, band));
      for (const frame of frames) expect(countColour(frame, band, white)).toBeGreaterThan(200);
      expect(before && after, 'a highlighted word in both frames').toBeTruthy();
      if (sample.language === 'ar') expect(centre(after ?? null)).toBeLessThan(centre(before ?? null));
      else expect(centre(after ?? null)).toBeGreaterThan(centre(before ?? null));
    });
  }

  it('ja: caption lines break between words, never inside one', () => {
    const sample = samples.find((entry) => entry.language === 'ja');
    const { words } = madeFor('ja');
    if (!sample) throw new Error('no Japanese sample');
    const lines = groupLines(captionWords(words, captionWriting(sample.text, 'ja')), captionSettings.max_words_per_line);
    expect(lines.length).toBeGreaterThan(1);
    // Where a word of the script ends (characters, spaces left out): every line must end at one of them.
    const compact = sample.text.replace(/\s+/g, '');
    const wordEnds = new Set<number>();
    let at = 0;
    for (const word of languageWords(sample.text, 'ja')) wordEnds.add((at += word.length));
    let end = 0;
    for (const line of lines) {
      end += line.words.map((word) => word.word).join('').length;
      expect(wordEnds.has(end), `a line ends inside a word at ${end} of ${compact}`).toBe(true);
      expect(line.words[0]?.word).not.toMatch(/^[。！？、]/u);
    }
    expect(lines.map((line) => line.words.map((word) => word.word).join('')).join('')).toBe(compact);
  });
});
