import { useMemo } from 'react';

import type { LanguageCode } from '@contract/languages';
import type { WordTiming } from '@contract/rules/ass-document';
import { captionPreviewFrame, captionPreviewWords, type CaptionPreviewFrame } from '@contract/rules/caption-preview-line';

import type { CaptionSettings } from './caption-settings';

export interface CaptionPreviewLine {
  /** The words captioned: the script's, or the sample sentence for a script without words (`sample`). */
  words: WordTiming[];
  sample: boolean;
  /** The settings drawn: the script's language, and no per-word choices over the sample sentence (they name the script's words). */
  settings: CaptionSettings & { language?: LanguageCode };
  /** The line shown and its emoji (@contract/rules/caption-preview-line). */
  frame: CaptionPreviewFrame | null;
}

/** The caption line the dialog's previews show: the one whose emoji the creator chose last (`focusWord`), else the first. */
export function useCaptionPreviewLine({
  scriptContent,
  voice,
  language,
  settings,
  focusWord,
}: {
  scriptContent: string;
  voice?: readonly WordTiming[] | null;
  language?: LanguageCode;
  settings: CaptionSettings;
  focusWord?: number;
}): CaptionPreviewLine {
  const { words, sample } = useMemo(() => captionPreviewWords(scriptContent, voice, language), [scriptContent, voice, language]);
  const shown = useMemo(() => ({ ...settings, language, ...(sample ? { emphasis: {}, emoji_choices: {} } : {}) }), [settings, language, sample]);
  const frame = useMemo(() => captionPreviewFrame(words, shown, focusWord), [words, shown, focusWord]);
  return { words, sample, settings: shown, frame };
}
