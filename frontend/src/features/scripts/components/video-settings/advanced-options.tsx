import { Button, Collapsible, Field, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { TextStyleToggles } from '@/components/text-style-toggles';
import { OptionSelect } from '@/components/ui/option-select';

import { CAPTION_STYLES, RANGES, type CaptionSettings } from '../../lib/caption-settings';
import { ChevronIcon } from '../icons';
import { LabeledSlider } from '@/components/ui/labeled-slider';
import { PositionGrid } from '@/components/ui/position-grid';

type Update = <K extends keyof CaptionSettings>(field: K, value: CaptionSettings[K]) => void;

/** The script settings' field of each text toggle. */
const toggleFields = { bold: 'bold', italic: 'italic', underline: 'underline', allCaps: 'all_caps' } as const;

/** Advanced Options: words per line, outline, shadow, the text toggles, style, position. */
export function AdvancedOptions({ settings, update }: { settings: CaptionSettings; update: Update }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="ghost" size="sm" px="0" fontWeight="semibold" aria-expanded={open}>
          Advanced Options
          <ChevronIcon transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.15s" />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="4" pt="2">
          <LabeledSlider
            label="Max Words per Line"
            value={settings.max_words_per_line}
            {...RANGES.max_words_per_line}
            onChange={(value) => update('max_words_per_line', value)}
          />
          <LabeledSlider
            label="Outline Width"
            value={settings.outline_width}
            {...RANGES.outline_width}
            unit="px"
            onChange={(value) => update('outline_width', value)}
          />
          <LabeledSlider
            label="Shadow Offset"
            value={settings.shadow_offset}
            {...RANGES.shadow_offset}
            unit="px"
            onChange={(value) => update('shadow_offset', value)}
          />
          <TextStyleToggles
            value={{ bold: settings.bold, italic: settings.italic, underline: settings.underline, allCaps: settings.all_caps }}
            onToggle={(style) => update(toggleFields[style], !settings[toggleFields[style]])}
          />
          <Field.Root>
            <Field.Label fontSize="sm">Caption Style</Field.Label>
            <OptionSelect size="sm" label="Caption Style" value={settings.style} onChange={(value) => update('style', value)} options={CAPTION_STYLES} />
          </Field.Root>
          <PositionGrid value={settings.position} onChange={(value) => update('position', value)} />
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
