import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assColor, assTime, buildAss, escapeAssText, groupLines } from '../../functions/core/captions/ass-builder';
import { captionPositions, captionStyles, defaultCaptionSettings, parseCaptionSettings } from '../../functions/contract/caption-settings';
import { wordsFromCharacters, type WordTiming } from '../../functions/core/captions/word-timings';
import { captionEmPixels, captionMargins, captionPixels, previewCaptionBox, previewCaptionLengths } from '../../functions/contract/rules/caption-layout';

const words: WordTiming[] = [
  { word: 'Small', start: 0.1, end: 0.4 },
  { word: 'habits', start: 0.45, end: 0.9 },
  { word: 'build', start: 1.0, end: 1.3 },
  { word: 'big', start: 1.35, end: 1.6 },
  { word: 'wins.', start: 1.65, end: 2.1 },
];

/** Golden files live in test/unit/golden; UPDATE_GOLDEN=1 rewrites them after a deliberate change. */
function golden(name: string, actual: string): void {
  const path = fileURLToPath(new URL(`./golden/${name}`, import.meta.url));
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

describe('ASS building blocks', () => {
  it('converts #RRGGBB to ASS colour order', () => {
    expect(assColor('#FFFF00')).toBe('&H0000FFFF');
    expect(assColor('#ffbb00')).toBe('&H0000BBFF');
    expect(assColor('#0000ff')).toBe('&H00FF0000');
  });

  it('formats times as H:MM:SS.cc', () => {
    expect(assTime(0)).toBe('0:00:00.00');
    expect(assTime(61.234)).toBe('0:01:01.23');
    expect(assTime(3725.5)).toBe('1:02:05.50');
  });

  it('keeps user text from opening override blocks', () => {
    expect(escapeAssText('{\\pos(1,1)}hi\nthere')).toBe('(/pos(1,1))hi there');
  });

  it('groups words into lines that last until the next one', () => {
    const lines = groupLines(words, 3);
    expect(lines.map((line) => line.words.map((w) => w.word).join(' '))).toEqual(['Small habits build', 'big wins.']);
    expect(lines[0]?.end).toBe(1.35);
    expect(lines[1]?.end).toBe(2.1);
  });
});

describe('the ASS file', () => {
  for (const style of captionStyles) {
    it(`renders the ${style} style`, () => {
      const settings = { ...defaultCaptionSettings, style };
      golden(`captions-${style}.ass`, buildAss(words, settings, { fontName: 'Anton' }));
    });
  }

  it('puts the captions where the 3x3 grid says', () => {
    const alignments = captionPositions.map((position) => {
      const ass = buildAss(words, { ...defaultCaptionSettings, position }, { fontName: 'Anton' });
      return /^Style: Caption,(?:[^,]*,){17}(\d)/m.exec(ass)?.[1];
    });
    expect(alignments).toEqual(['7', '8', '9', '4', '5', '6', '1', '2', '3']);
  });

  it('applies colours, size, outline, shadow, bold/italic/underline and caps', () => {
    const ass = buildAss(
      words,
      {
        ...defaultCaptionSettings,
        style: 'classic',
        line_color: '#112233',
        font_size: 72,
        outline_width: 5,
        shadow_offset: 0,
        bold: false,
        italic: true,
        underline: true,
        all_caps: false,
      },
      { fontName: 'Arimo' },
    );
    // Sizes are the product's (docs/product.md#captions) units, 1.4 px of the 1080x1920 frame each (contract/rules/caption-layout.ts).
    expect(ass).toContain('Style: Caption,Arimo,100.8,&H00332211,&H0000FFFF,&H00000000,&H80000000,0,-1,-1,0,100,100,0,0,1,7,0,5,130,130,0,1');
    expect(ass).toContain('Small habits build');
    expect(ass).not.toContain('SMALL');
  });

  it('keeps every position inside the vertical-video safe zone', () => {
    const margins = captionPositions.map((position) => {
      const ass = buildAss(words, { ...defaultCaptionSettings, position }, { fontName: 'Anton' });
      return /^Style: Caption,(?:[^,]*,){18}(\d+),(\d+),(\d+),/m.exec(ass)?.slice(1).map(Number);
    });
    // [MarginL, MarginR, MarginV]: 130 px clear of the right-hand buttons (centred lines mirrored), the
    // top row 192 px below the status area, the bottom row 440 px above the apps' bottom band.
    expect(margins).toEqual([
      [60, 130, 192],
      [130, 130, 192],
      [60, 130, 192],
      [60, 130, 0],
      [130, 130, 0],
      [60, 130, 0],
      [60, 130, 440],
      [130, 130, 440],
      [60, 130, 440],
    ]);
  });

  it('gives the highlight style a brief pop on the spoken word and no other style one', () => {
    // At 60 the line fits the safe zone: no fitting scale, only the pop.
    const highlight = buildAss(words, { ...defaultCaptionSettings, font_size: 60, style: 'highlight' }, { fontName: 'Anton' });
    expect(highlight).toContain('{\\c&H0000FFFF\\t(0,80,\\fscx112\\fscy112)\\t(80,200,\\fscx100\\fscy100)}HABITS{\\r}');
    for (const style of captionStyles.filter((s) => s !== 'highlight')) {
      expect(buildAss(words, { ...defaultCaptionSettings, font_size: 60, style }, { fontName: 'Anton' }), style).not.toContain('\\fscx');
    }
  });

  it('never puts the end of one sentence and the start of the next on one line', () => {
    const two: WordTiming[] = [
      { word: 'your', start: 0, end: 0.3 },
      { word: 'espresso', start: 0.3, end: 0.7 },
      { word: 'machine.', start: 0.7, end: 1.1 },
      { word: 'Start', start: 1.2, end: 1.5 },
      { word: 'every', start: 1.5, end: 1.8 },
      { word: 'morning.', start: 1.8, end: 2.3 },
    ];
    for (const max of [2, 3, 4, 5, 6]) {
      const ass = buildAss(two, { ...defaultCaptionSettings, style: 'classic', max_words_per_line: max }, { fontName: 'Anton' });
      expect(ass).not.toMatch(/MACHINE\. START/);
    }
  });

  it('honours max words per line', () => {
    const ass = buildAss(words, { ...defaultCaptionSettings, style: 'classic', max_words_per_line: 1 }, { fontName: 'Anton' });
    expect(ass.match(/^Dialogue:/gm)).toHaveLength(5);
  });
});

describe('caption settings', () => {
  it('reads an object or a JSON string and fills the dialog defaults', () => {
    expect(parseCaptionSettings('{"style":"karaoke"}')).toMatchObject({
      style: 'karaoke',
      word_color: '#FFFF00',
      font_size: 68,
      max_words_per_line: 3,
      look: null,
    });
    expect(parseCaptionSettings(undefined)).toEqual(defaultCaptionSettings);
    expect(parseCaptionSettings('not json').style).toBe('highlight');
  });

  it('refuses values outside the sliders', () => {
    expect(() => parseCaptionSettings({ font_size: 140 })).toThrow();
    expect(() => parseCaptionSettings({ max_words_per_line: 7 })).toThrow();
  });
});

describe('word timings from characters', () => {
  it('groups characters into words at spaces', () => {
    const text = 'Hi  there!';
    const alignment = {
      characters: [...text],
      characterStartTimesSeconds: [...text].map((_, i) => i * 0.1),
      characterEndTimesSeconds: [...text].map((_, i) => i * 0.1 + 0.1),
    };
    expect(wordsFromCharacters(alignment)).toEqual([
      { word: 'Hi', start: 0, end: 0.2 },
      { word: 'there!', start: 0.4, end: 1.0 },
    ]);
  });
});

describe('one caption scale for the render and the previews', () => {
  it('maps the documented size to frame pixels (60 → 84) and to the same em in a preview', () => {
    expect(captionPixels(60)).toBe(84);
    expect(captionPixels(3)).toBe(4.2);
    // Archivo Black: libass's 84 px is an em of 62.4 px; in a preview that is 5.776 % of its width.
    expect(captionEmPixels('The Bold Font', 60)).toBeCloseTo(62.36, 1);
    expect(previewCaptionLengths({ fontFamily: 'The Bold Font', fontSize: 60, outlineWidth: 3, shadowOffset: 4 })).toEqual({
      fontSize: '5.774cqw',
      lineHeight: '7.778cqw',
      stroke: '0.778cqw',
      shadow: '0.519cqw',
    });
  });

  it('places the preview\u2019s caption block with the render\u2019s margins', () => {
    expect(previewCaptionBox('bottom_center')).toEqual({ top: '0%', bottom: '22.917%', left: '12.037%', right: '12.037%' });
    expect(previewCaptionBox('top_left')).toEqual({ top: '10%', bottom: '0%', left: '5.556%', right: '12.037%' });
    expect(previewCaptionBox('middle_right')).toEqual({ top: '0%', bottom: '0%', left: '5.556%', right: '12.037%' });
    expect(captionMargins('bottom_right')).toEqual({ left: 60, right: 130, vertical: 440 });
  });
});
