import { Box, Image, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { captionRowColumn, previewCaptionBox, previewCaptionLengths } from '@contract/rules/caption-layout';

import type { CaptionSettings } from '../../lib/caption-settings';

/** The words both previews show (this CSS one and the exact one drawn by libass). */
export const previewSampleWords = ['Your', 'words', 'appear', 'here', 'as', 'they', 'are', 'spoken'] as const;
const sample = previewSampleWords;
/** Browser stand-ins for the fonts the renderer maps (docs/decisions.md, render engine). */
const cssFont: Record<string, string> = {
  'The Bold Font': '"Archivo Black", "Arial Black", Impact, sans-serif',
  Arial: 'Arial, Arimo, sans-serif',
  Verdana: 'Verdana, sans-serif',
  Helvetica: 'Helvetica, Arial, sans-serif',
  'Times New Roman': '"Times New Roman", Tinos, serif',
};

/**
 * A 9:16 preview of the caption settings: line and word colours, font, size, outline, shadow, style,
 * position. Sizes and the safe-zone margins are the render's (`@contract/rules/caption-layout`), as
 * lengths relative to the preview's width (`cqw`), so a font size means the same here as in the video.
 * The fonts are browser stand-ins; the rendered video is the reference. It is also the exact preview's
 * frame and fallback (exact-caption-preview.tsx): `backgroundSrc` is a still of the first clip,
 * `children` draw over it and `captionHidden` hides these CSS words once libass has drawn its own.
 */
export function CaptionPreview({
  settings,
  backgroundSrc,
  captionHidden = false,
  children,
}: {
  settings: CaptionSettings;
  backgroundSrc?: string;
  captionHidden?: boolean;
  children?: ReactNode;
}) {
  const { row, column } = captionRowColumn(settings.position);
  const line = sample.slice(0, settings.max_words_per_line);
  const highlighted = Math.min(1, line.length - 1);
  const size = previewCaptionLengths({
    fontFamily: settings.font_family,
    fontSize: settings.font_size,
    outlineWidth: settings.outline_width,
    shadowOffset: settings.shadow_offset,
  });
  const outlined = settings.outline_width > 0;
  return (
    <Box
      aria-hidden
      data-testid="caption-preview"
      position="relative"
      w="full"
      maxW="12rem"
      mx="auto"
      style={{ aspectRatio: '9 / 16', containerType: 'inline-size' }}
      rounded="md"
      overflow="hidden"
      bgGradient="to-b"
      gradientFrom="gray.600"
      gradientTo="gray.900"
    >
      {backgroundSrc && <Image src={backgroundSrc} alt="" position="absolute" inset="0" w="full" h="full" objectFit="cover" />}
      <Box
        position="absolute"
        visibility={captionHidden ? 'hidden' : undefined}
        style={previewCaptionBox(settings.position)}
        display="flex"
        flexDirection="column"
        justifyContent={row === 'top' ? 'flex-start' : row === 'bottom' ? 'flex-end' : 'center'}
        alignItems={column === 'left' ? 'flex-start' : column === 'right' ? 'flex-end' : 'center'}
      >
        <Text
          data-testid="caption-preview-text"
          textAlign={column === 'left' ? 'left' : column === 'right' ? 'right' : 'center'}
          style={{
            fontFamily: cssFont[settings.font_family],
            fontSize: size.fontSize,
            lineHeight: size.lineHeight,
            fontWeight: settings.bold ? 800 : 400,
            fontStyle: settings.italic ? 'italic' : 'normal',
            textTransform: settings.all_caps ? 'uppercase' : 'none',
            color: settings.line_color,
            WebkitTextStroke: outlined ? `${size.stroke} black` : undefined,
            paintOrder: 'stroke fill',
            textShadow: settings.shadow_offset > 0 ? `${size.shadow} ${size.shadow} 0 rgba(0,0,0,0.5)` : undefined,
          }}
        >
          {line.map((word, index) => {
            const current = index === highlighted;
            const hidden = settings.style === 'word_by_word' && !current;
            const coloured = current && settings.style !== 'classic';
            const spoken = settings.style === 'karaoke' && index < highlighted;
            return (
              <span
                key={word}
                style={{
                  display: hidden ? 'none' : 'inline-block',
                  marginLeft: index > 0 && settings.style !== 'word_by_word' ? '0.28em' : undefined,
                  color: coloured || spoken ? settings.word_color : undefined,
                  transform: current && settings.style === 'highlight' ? 'scale(1.06)' : undefined,
                  textDecoration: settings.underline || (current && settings.style === 'underline') ? 'underline' : undefined,
                  textDecorationColor: current && settings.style === 'underline' ? settings.word_color : undefined,
                }}
              >
                {word}
              </span>
            );
          })}
        </Text>
      </Box>
      {children}
    </Box>
  );
}
