import { Box, Field, HStack, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';

import { OptionSelect } from '@/components/ui/option-select';

import { CaptionSample, type CaptionLook } from '@/components/caption-sample';
import { LabeledSlider } from '@/components/ui/labeled-slider';
import { PositionGrid } from '@/components/ui/position-grid';

import type { TemplateCaptionSettings } from '@contract/workflows';
import { captionLooks, isCaptionLookName, type CaptionLookChoice } from '@contract/rules/caption-looks';
import { LookPicker } from '@/components/caption-look-picker';
import { CaptionPresets } from '@/components/caption-presets';
import { MotionControls } from '@/components/motion-controls';
import type { CaptionPreset } from '@contract/caption-settings';
import { captionRanges } from '@contract/rules/captions';
import { templateCaptionRanges } from '@contract/rules/workflows';
import { captionSampleWords } from '@contract/rules/caption-scripts';
import type { LanguageCode } from '@contract/rules/languages';

import { captionStyleOptions, fontFamilies } from '../lib/workflows';
import { ColorField } from '@/components/ui/color-field';
import { ChoiceButton } from '@/components/ui/choice-button';
import { CaptionFrame } from '@/components/ui/portrait-frame';
import { TextStyleToggles } from '@/components/text-style-toggles';

const sample = ['Three', 'habits', 'that', 'changed', 'my', 'mornings', 'for', 'good', 'and', 'ever'];

/**
 * A 9:16 preview of the template's captions: colours, font, size, outline, shadow, style and position
 * over a dark frame. Sizes and the safe-zone margins are the render's (`@contract/rules/caption-layout`),
 * as lengths relative to the preview's width (`cqw`), so a font size means the same here as in the
 * video (a run clamps the template's size to the script's 100). The fonts are browser stand-ins.
 */
export function CaptionPreview({ settings, language }: { settings: TemplateCaptionSettings; language?: LanguageCode }) {
  // A run clamps the template's size to the script's 100; the words are the template's language's.
  const look: CaptionLook = { ...settings, fontSize: Math.min(settings.fontSize, captionRanges.font_size.max), language };
  const words = !language || language === 'en' ? sample : captionSampleWords(language);
  return (
    <CaptionFrame
      data-testid="template-caption-preview"
      aria-label="Caption preview"
      role="img"
      maxW="13.5rem"
      rounded="2xl"
      gradientFrom="purple.700"
      gradientVia="gray.800"
      gradientTo="gray.950"
      boxShadow="lg"
      display="flex"
      flexDirection="column"
      justifyContent="center"
      alignItems="center"
    >
      <Box position="absolute" top="2" left="50%" transform="translateX(-50%)" w="10" h="1" rounded="full" bg="whiteAlpha.400" />
      {settings.enabled ? (
        <CaptionSample look={look} words={words} />
      ) : (
        <Text color="whiteAlpha.700" fontSize="xs" textAlign="center" alignSelf="center" my="auto">
          Captions are off
        </Text>
      )}
    </CaptionFrame>
  );
}

/** Every caption setting of a template (template ranges). */
/** A caption look's preset in the template's spelling. */
function withLook(value: TemplateCaptionSettings, look: CaptionLookChoice): TemplateCaptionSettings {
  if (!isCaptionLookName(look)) return { ...value, look };
  const p = captionLooks[look].preset;
  return {
    ...value,
    look,
    style: p.style,
    position: p.position,
    fontSize: p.font_size,
    fontFamily: p.font_family,
    lineColor: p.line_color,
    wordColor: p.word_color,
    maxWordsPerLine: p.max_words_per_line,
    outlineWidth: p.outline_width,
    shadowOffset: p.shadow_offset,
    bold: p.bold,
    italic: p.italic,
    underline: p.underline,
    allCaps: p.all_caps,
  };
}

/** The template's settings as a preset (the scripts' spelling), and a preset applied to them. */
function presetOf(value: TemplateCaptionSettings): CaptionPreset['settings'] {
  return {
    look: value.look,
    style: value.style,
    position: value.position,
    font_size: Math.min(value.fontSize, captionRanges.font_size.max),
    font_family: value.fontFamily,
    line_color: value.lineColor,
    word_color: value.wordColor,
    max_words_per_line: Math.min(value.maxWordsPerLine, captionRanges.max_words_per_line.max),
    outline_width: value.outlineWidth,
    shadow_offset: Math.min(value.shadowOffset, captionRanges.shadow_offset.max),
    bold: value.bold,
    italic: value.italic,
    underline: value.underline,
    all_caps: value.allCaps,
  };
}

function withPreset(value: TemplateCaptionSettings, p: CaptionPreset['settings']): TemplateCaptionSettings {
  return {
    ...value,
    look: p.look !== undefined ? p.look : value.look,
    style: p.style ?? value.style,
    position: p.position ?? value.position,
    fontSize: p.font_size ?? value.fontSize,
    fontFamily: p.font_family ?? value.fontFamily,
    lineColor: p.line_color ?? value.lineColor,
    wordColor: p.word_color ?? value.wordColor,
    maxWordsPerLine: p.max_words_per_line ?? value.maxWordsPerLine,
    outlineWidth: p.outline_width ?? value.outlineWidth,
    shadowOffset: p.shadow_offset ?? value.shadowOffset,
    bold: p.bold ?? value.bold,
    italic: p.italic ?? value.italic,
    underline: p.underline ?? value.underline,
    allCaps: p.all_caps ?? value.allCaps,
    enabled: p.enabled ?? value.enabled,
  };
}

export function CaptionFields({ value, onChange }: { value: TemplateCaptionSettings; onChange: (value: TemplateCaptionSettings) => void }) {
  // Changing the style leaves a look's animation for the template's own settings; any other change keeps the look.
  const set = <K extends keyof TemplateCaptionSettings>(key: K, next: TemplateCaptionSettings[K]) =>
    onChange({ ...value, [key]: next, ...(key === 'style' && isCaptionLookName(value.look) ? { look: 'custom' as const } : {}) });
  const off = !value.enabled;
  const r = templateCaptionRanges;
  return (
    <Stack gap="4">
      <Switch.Root
        checked={value.enabled}
        onCheckedChange={(details) => set('enabled', details.checked)}
        colorPalette="brand"
        display="flex"
        justifyContent="space-between"
        data-testid="caption-enabled"
      >
        <Switch.Label fontWeight="medium" fontSize="sm">
          Show captions
        </Switch.Label>
        <Switch.HiddenInput />
        <Switch.Control />
      </Switch.Root>
      <Stack gap="4" opacity={off ? 0.5 : 1} aria-disabled={off || undefined}>
        {!off && <LookPicker value={value.look} onChange={(look) => onChange(withLook(value, look))} />}
        {!off && <CaptionPresets current={presetOf(value)} onApply={(preset) => onChange(withPreset(value, preset))} />}
        <Stack gap="1.5">
          <Text fontSize="sm" fontWeight="medium" id="caption-style-label">
            Style
          </Text>
          <HStack gap="1.5" wrap="wrap" role="radiogroup" aria-labelledby="caption-style-label">
            {captionStyleOptions.map((style) => {
              const active = style.value === value.style;
              return (
                <ChoiceButton key={style.value} kind="radio" chosen={active} size="xs" rounded="full" disabled={off} onClick={() => set('style', style.value)}>
                  {style.label}
                </ChoiceButton>
              );
            })}
          </HStack>
        </Stack>
        <HStack gap="6" align="start" wrap="wrap">
          <PositionGrid
            label="Position"
            labelId="template-position-label"
            colorPalette="brand"
            value={value.position}
            onChange={(position) => set('position', position)}
            disabled={off}
          />
          <Field.Root flex="1" minW="40" disabled={off}>
            <Field.Label fontSize="sm">Font</Field.Label>
            <OptionSelect
              size="sm"
              value={value.fontFamily}
              onChange={(font) => set('fontFamily', font)}
              options={fontFamilies.map((font) => ({ value: font, label: font }))}
            />
          </Field.Root>
        </HStack>
        <SimpleGrid columns={2} gap="3">
          <ColorField label="Line colour" value={value.lineColor} onChange={(color) => set('lineColor', color)} disabled={off} />
          <ColorField label="Word colour" value={value.wordColor} onChange={(color) => set('wordColor', color)} disabled={off} />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gapX="6" gapY="4">
          <LabeledSlider
            colorPalette="brand"
            label="Font size"
            value={value.fontSize}
            {...r.fontSize}
            unit="px"
            onChange={(next) => set('fontSize', next)}
            disabled={off}
          />
          <LabeledSlider
            colorPalette="brand"
            label="Words per line"
            value={value.maxWordsPerLine}
            {...r.maxWordsPerLine}
            onChange={(next) => set('maxWordsPerLine', next)}
            disabled={off}
          />
          <LabeledSlider
            colorPalette="brand"
            label="Outline"
            value={value.outlineWidth}
            {...r.outlineWidth}
            unit="px"
            onChange={(next) => set('outlineWidth', next)}
            disabled={off}
          />
          <LabeledSlider
            colorPalette="brand"
            label="Shadow"
            value={value.shadowOffset}
            {...r.shadowOffset}
            unit="px"
            onChange={(next) => set('shadowOffset', next)}
            disabled={off}
          />
        </SimpleGrid>
        <TextStyleToggles value={value} onToggle={(style) => set(style, !value[style])} disabled={off} gap="1.5" plainWeight="medium" />
      </Stack>
      {/* The shots' motion is the video's, not the captions': it stays on when captions are off. */}
      <MotionControls
        transition={value.transition}
        motion={value.motion}
        onTransition={(next) => set('transition', next)}
        onMotion={(next) => set('motion', next)}
      />
    </Stack>
  );
}
