import { Image } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { CaptionSample, type CaptionLook } from '@/components/caption-sample';
import { CaptionFrame } from '@/components/ui/portrait-frame';

import type { LanguageCode } from '@contract/languages';
import { captionSampleWords } from '@contract/rules/caption-scripts';

import type { CaptionSettings } from '../../lib/caption-settings';

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
  language,
  words,
}: {
  /** The script's language: the sample sentence in it, cased, joined and set as the render sets it. */
  language?: LanguageCode;
  settings: CaptionSettings;
  backgroundSrc?: string;
  captionHidden?: boolean;
  children?: ReactNode;
  /** The line's words to show (a script's own line); the sample sentence without them. */
  words?: readonly string[];
}) {
  const look: CaptionLook = {
    position: settings.position,
    style: settings.style,
    fontFamily: settings.font_family,
    fontSize: settings.font_size,
    outlineWidth: settings.outline_width,
    shadowOffset: settings.shadow_offset,
    bold: settings.bold,
    italic: settings.italic,
    underline: settings.underline,
    allCaps: settings.all_caps,
    lineColor: settings.line_color,
    wordColor: settings.word_color,
    maxWordsPerLine: settings.max_words_per_line,
    language,
  };
  return (
    <CaptionFrame aria-hidden data-testid="caption-preview" maxW="12rem" rounded="md" gradientFrom="gray.600" gradientTo="gray.900">
      {backgroundSrc && <Image src={backgroundSrc} alt="" position="absolute" inset="0" w="full" h="full" objectFit="cover" />}
      <CaptionSample
        look={look}
        words={words && words.length > 0 ? words : captionSampleWords(language)}
        hidden={captionHidden}
        textTestId="caption-preview-text"
      />
      {children}
    </CaptionFrame>
  );
}
