import { Box, Text } from '@chakra-ui/react';

import type { CaptionSettings } from '../../lib/caption-settings';

const sample = ['Your', 'words', 'appear', 'here', 'as', 'they', 'are', 'spoken'];
/** Browser stand-ins for the fonts the renderer maps (docs/decisions.md, render engine). */
const cssFont: Record<string, string> = {
  'The Bold Font': '"Archivo Black", "Arial Black", Impact, sans-serif',
  Arial: 'Arial, Arimo, sans-serif',
  Verdana: 'Verdana, sans-serif',
  Helvetica: 'Helvetica, Arial, sans-serif',
  'Times New Roman': '"Times New Roman", Tinos, serif',
};

/**
 * A rough 9:16 preview of the caption settings: line and word colours, font, size, outline, shadow,
 * style, position. The rendered video is the reference; this only helps choose.
 */
export function CaptionPreview({ settings }: { settings: CaptionSettings }) {
  const [row, column] = settings.position.split('_') as [string, string];
  const line = sample.slice(0, settings.max_words_per_line);
  const highlighted = Math.min(1, line.length - 1);
  const scale = 0.18; // 1080 px wide video → a 194 px wide preview
  const outline = settings.outline_width * scale * 2;
  const shadow = settings.shadow_offset * scale * 2;
  return (
    <Box
      aria-hidden
      data-testid="caption-preview"
      position="relative"
      w="full"
      maxW="12rem"
      mx="auto"
      style={{ aspectRatio: '9 / 16' }}
      rounded="md"
      overflow="hidden"
      bgGradient="to-b"
      gradientFrom="gray.600"
      gradientTo="gray.900"
      display="flex"
      flexDirection="column"
      justifyContent={row === 'top' ? 'flex-start' : row === 'bottom' ? 'flex-end' : 'center'}
      alignItems={column === 'left' ? 'flex-start' : column === 'right' ? 'flex-end' : 'center'}
      p="3"
    >
      <Text
        textAlign={column === 'left' ? 'left' : column === 'right' ? 'right' : 'center'}
        lineHeight="1.15"
        style={{
          fontFamily: cssFont[settings.font_family],
          fontSize: `${Math.max(9, settings.font_size * scale * 1.6)}px`,
          fontWeight: settings.bold ? 800 : 400,
          fontStyle: settings.italic ? 'italic' : 'normal',
          textTransform: settings.all_caps ? 'uppercase' : 'none',
          color: settings.line_color,
          WebkitTextStroke: outline > 0 ? `${outline / 2}px black` : undefined,
          textShadow: shadow > 0 ? `${shadow}px ${shadow}px 0 rgba(0,0,0,0.8)` : undefined,
        }}
      >
        {line.map((word, index) => {
          const current = index === highlighted;
          const hidden = settings.style === 'word_by_word' && !current;
          return (
            <span
              key={word}
              style={{
                display: hidden ? 'none' : undefined,
                color: current && settings.style !== 'classic' && settings.style !== 'underline' ? settings.word_color : undefined,
                textDecoration: settings.underline || (current && settings.style === 'underline') ? 'underline' : undefined,
                textDecorationColor: current && settings.style === 'underline' ? settings.word_color : undefined,
              }}
            >
              {word}{' '}
            </span>
          );
        })}
      </Text>
    </Box>
  );
}
