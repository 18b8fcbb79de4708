import { describe, expect, it } from 'vitest';

import { buildAss as coreBuildAss } from '../../functions/core/captions/ass-builder';
import { buildAss, captionFontNames } from '../../functions/contract/rules/ass-document';
import { captionDefaults, fontFamilies } from '../../functions/contract/rules/captions';
import { fontMapping } from '../../functions/adapters/ffmpeg/fonts';

/**
 * The exact caption preview builds the ASS file in the browser from the contract: it must be
 * the render's file, named with the render's fonts.
 */
describe('the ASS document shared by the render and the browser', () => {
  it('names each caption family with the font the render ships for it', () => {
    for (const family of fontFamilies) expect(captionFontNames[family]).toBe(fontMapping[family].name);
  });

  it('is the very function the render calls', () => {
    expect(coreBuildAss).toBe(buildAss);
    const words = [
      { word: 'Your', start: 0, end: 0.4 },
      { word: 'words', start: 0.5, end: 0.9 },
    ];
    const ass = buildAss(words, { ...captionDefaults }, { fontName: captionFontNames['The Bold Font'] });
    expect(ass).toContain('Style: Caption,Archivo Black,');
    expect(ass).toContain('PlayResX: 1080');
  });
});
