import { Box, Text } from '@chakra-ui/react';

import { captionLineWidth, captionPixels, captionRowColumn, estimateTextWidth, previewCaptionBox, previewCaptionLengths } from '@contract/rules/caption-layout';
import type { CaptionSettings } from '@contract/caption-settings';
import type { LanguageCode } from '@contract/languages';
import { captionUpperCase, captionWriting, wordGap } from '@contract/rules/caption-scripts';
import { captionScriptFonts } from '@contract/rules/caption-script-fonts';

/** The script fonts the render falls back to, as the browser's stand-ins for letters the family lacks. */
const scriptStandIns = Object.values(captionScriptFonts)
  .map((name) => `"${name}"`)
  .join(', ');

/** Browser stand-ins for the fonts the renderer maps (docs/decisions/captions.md), then the script fonts. */
export const captionCssFont: Record<string, string> = {
  'The Bold Font': `"Archivo Black", "Arial Black", Impact, ${scriptStandIns}, sans-serif`,
  Arial: `Arial, Arimo, ${scriptStandIns}, sans-serif`,
  Verdana: `Verdana, ${scriptStandIns}, sans-serif`,
  Helvetica: `Helvetica, Arial, ${scriptStandIns}, sans-serif`,
  'Times New Roman': `"Times New Roman", Tinos, ${scriptStandIns}, serif`,
};

/** What the CSS caption sample draws: a script's or a template's caption settings, in one spelling. */
export interface CaptionLook {
  position: CaptionSettings['position'];
  style: CaptionSettings['style'];
  fontFamily: string;
  fontSize: number;
  outlineWidth: number;
  shadowOffset: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  allCaps: boolean;
  lineColor: string;
  wordColor: string;
  maxWordsPerLine: number;
  /** The words' language (absent: read from the words): capitals, word spacing and direction as the render sets them. */
  language?: LanguageCode;
}

/**
 * One caption line of sample words, placed and sized as the render places it (`@contract/rules/caption-layout`,
 * lengths in `cqw` of a 9:16 container), with the second word as the spoken one in each style. The
 * scripts' and the templates' previews draw their frames around it.
 */
export function CaptionSample({
  look,
  words,
  hidden = false,
  textTestId,
}: {
  look: CaptionLook;
  words: readonly string[];
  hidden?: boolean;
  textTestId?: string;
}) {
  const { row, column } = captionRowColumn(look.position);
  const line = words.slice(0, look.maxWordsPerLine);
  const current = Math.min(1, line.length - 1);
  const writing = captionWriting(words.join(' '), look.language);
  const shown = look.allCaps ? line.map((word) => captionUpperCase(word, writing)) : line;
  // A line wider than the safe zone is shrunk to fit, as the render does (ass-document.ts), rather than wrapped.
  const text = shown.join(wordGap(writing));
  const available = captionLineWidth(look.position) - 2 * captionPixels(look.outlineWidth);
  const fit = Math.max(0.4, Math.min(1, available / Math.max(1, estimateTextWidth(text, look.fontFamily, captionPixels(look.fontSize)))));
  const size = previewCaptionLengths({
    fontFamily: look.fontFamily,
    fontSize: look.fontSize * fit,
    outlineWidth: look.outlineWidth,
    shadowOffset: look.shadowOffset,
  });
  return (
    <Box
      position="absolute"
      visibility={hidden ? 'hidden' : undefined}
      style={previewCaptionBox(look.position)}
      display="flex"
      flexDirection="column"
      justifyContent={row === 'top' ? 'flex-start' : row === 'bottom' ? 'flex-end' : 'center'}
      alignItems={column === 'left' ? 'flex-start' : column === 'right' ? 'flex-end' : 'center'}
    >
      <Text
        data-testid={textTestId}
        lang={writing.language ?? undefined}
        dir={writing.direction}
        textAlign={column === 'left' ? 'left' : column === 'right' ? 'right' : 'center'}
        style={{
          fontFamily: captionCssFont[look.fontFamily],
          fontSize: size.fontSize,
          lineHeight: size.lineHeight,
          fontWeight: look.bold ? 800 : 400,
          fontStyle: look.italic ? 'italic' : 'normal',
          textTransform: 'none',
          color: look.lineColor,
          WebkitTextStroke: look.outlineWidth > 0 ? `${size.stroke} black` : undefined,
          paintOrder: 'stroke fill',
          textShadow: look.shadowOffset > 0 ? `${size.shadow} ${size.shadow} 0 rgba(0,0,0,0.5)` : undefined,
        }}
      >
        {shown.map((word, index) => {
          const now = index === current;
          const gone = look.style === 'word_by_word' && !now;
          const coloured = now && look.style !== 'classic';
          const spoken = look.style === 'karaoke' && index < current;
          return (
            <span
              key={`${word}-${index}`}
              style={{
                display: gone ? 'none' : 'inline-block',
                marginInlineStart: index > 0 && look.style !== 'word_by_word' && writing.spaceSeparated ? '0.28em' : undefined,
                color: coloured || spoken ? look.wordColor : undefined,
                transform: now && look.style === 'highlight' ? 'scale(1.06)' : undefined,
                textDecoration: look.underline || (now && look.style === 'underline') ? 'underline' : undefined,
                textDecorationColor: now && look.style === 'underline' ? look.wordColor : undefined,
              }}
            >
              {word}
            </span>
          );
        })}
      </Text>
    </Box>
  );
}
