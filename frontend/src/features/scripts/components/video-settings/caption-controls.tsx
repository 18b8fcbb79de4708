import { Field, SimpleGrid, Stack } from '@chakra-ui/react';
import { OptionSelect } from '@/components/ui/option-select';

import type { LanguageCode } from '@contract/languages';
import type { PublicAsset } from '@contract/media';
import type { WordTiming } from '@contract/rules/ass-document';

import { FONT_FAMILIES, RANGES, type CaptionSettings } from '../../lib/caption-settings';
import type { CaptionLookChoice } from '@contract/rules/caption-looks';

import { AdvancedOptions } from './advanced-options';
import { ColorField } from '@/components/ui/color-field';
import { KeywordEditor } from './keyword-editor';
import { LineEmojiEditor } from './line-emoji-editor';
import { MotionControls } from '@/components/motion-controls';
import { LookPicker } from '@/components/caption-look-picker';
import { CaptionPresets } from '@/components/caption-presets';
import { LabeledSlider } from '@/components/ui/labeled-slider';

type Update = <K extends keyof CaptionSettings>(field: K, value: CaptionSettings[K]) => void;

/** The settings a preset keeps: not the background audio nor the per-word choices (they belong to one video). */
function presetOf(settings: CaptionSettings): Partial<CaptionSettings> {
  const { background_audio_id: _audio, background_audio_volume: _volume, emphasis: _emphasis, emoji_choices: _emoji, ...rest } = settings;
  return rest;
}

/** The dialog's left column: the caption looks and the shots' motion, background audio and volume, colours, font, Advanced Options. */
export function CaptionControls({
  settings,
  update,
  onLook,
  onPreset,
  audio,
  scriptContent,
  voice,
  language,
  onPreviewLine,
}: {
  settings: CaptionSettings;
  update: Update;
  onLook: (look: CaptionLookChoice) => void;
  /** Applies a saved preset's settings over the current ones. */
  onPreset: (preset: Partial<CaptionSettings>) => void;
  audio: PublicAsset[];
  /** The script's words, for choosing its key words (emphasis applies to the looks and Custom). */
  scriptContent?: string;
  /** The voice-over's word timings, when it exists: the caption lines the Line Emoji panel lists. */
  voice?: readonly WordTiming[] | null;
  language?: LanguageCode;
  /** Shows a caption line (by a voice-over word index) in the dialog's preview. */
  onPreviewLine?: (wordIndex: number) => void;
}) {
  const audioMissing = settings.background_audio_id !== null && !audio.some((item) => item.id === settings.background_audio_id);
  return (
    <Stack gap="4">
      <LookPicker value={settings.look} onChange={onLook} />
      <CaptionPresets current={presetOf(settings)} onApply={onPreset} />
      {scriptContent && settings.look !== null && (
        <KeywordEditor
          scriptContent={scriptContent}
          emphasis={settings.emphasis}
          wordColor={settings.word_color}
          onChange={(emphasis) => update('emphasis', emphasis)}
        />
      )}
      {scriptContent && settings.emoji && (
        <LineEmojiEditor
          scriptContent={scriptContent}
          settings={settings}
          voice={voice}
          language={language}
          onChange={(choices) => update('emoji_choices', choices)}
          onPreviewLine={onPreviewLine}
        />
      )}
      <MotionControls
        transition={settings.transition}
        motion={settings.motion}
        onTransition={(value) => update('transition', value)}
        onMotion={(value) => update('motion', value)}
        emoji={settings.emoji}
        onEmoji={(value) => update('emoji', value)}
      />
      <Field.Root>
        <Field.Label fontSize="sm">Background Audio</Field.Label>
        <OptionSelect
          size="sm"
          label="Background Audio"
          value={settings.background_audio_id ?? ''}
          onChange={(value) => update('background_audio_id', value || null)}
          options={audio.map((item) => ({ value: item.id, label: item.title }))}
        >
          <option value="">None</option>
          {audioMissing && <option value={settings.background_audio_id ?? ''}>(no longer in your library)</option>}
        </OptionSelect>
      </Field.Root>
      <LabeledSlider
        label="Background Volume"
        value={settings.background_audio_volume}
        {...RANGES.background_audio_volume}
        unit="%"
        onChange={(value) => update('background_audio_volume', value)}
      />
      <SimpleGrid columns={2} gap="3">
        <ColorField label="Line Colour" value={settings.line_color} onChange={(value) => update('line_color', value)} />
        <ColorField label="Word Highlight Colour" value={settings.word_color} onChange={(value) => update('word_color', value)} />
      </SimpleGrid>
      <LabeledSlider label="Font Size" value={settings.font_size} {...RANGES.font_size} onChange={(value) => update('font_size', value)} />
      <Field.Root>
        <Field.Label fontSize="sm">Font Family</Field.Label>
        <OptionSelect
          size="sm"
          label="Font Family"
          value={settings.font_family}
          onChange={(font) => update('font_family', font)}
          options={FONT_FAMILIES.map((font) => ({ value: font, label: font }))}
        />
      </Field.Root>
      <AdvancedOptions settings={settings} update={update} />
    </Stack>
  );
}
