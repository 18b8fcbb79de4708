import { Field, HStack, NativeSelect, Switch, Text } from '@chakra-ui/react';

import type { CaptionSettings } from '../../lib/caption-settings';

type Update = <K extends keyof CaptionSettings>(field: K, value: CaptionSettings[K]) => void;

/** The render's transitions (issue 24), as a creator names them. */
const TRANSITIONS: { value: CaptionSettings['transition']; label: string }[] = [
  { value: 'cut', label: 'Cut' },
  { value: 'zoom', label: 'Quick zoom' },
  { value: 'crossfade', label: 'Crossfade' },
];

/** How the shots move (issue 24): a slow push-in or pan on every shot with punch-ins on key words, the transition between shots, and the caption emoji. */
export function MotionControls({ settings, update }: { settings: CaptionSettings; update: Update }) {
  return (
    <HStack gap="4" align="end" wrap="wrap">
      <Field.Root flex="1" minW="10rem">
        <Field.Label fontSize="sm">Transition</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field aria-label="Transition" value={settings.transition} onChange={(event) => update('transition', event.currentTarget.value as CaptionSettings['transition'])}>
            {TRANSITIONS.map((transition) => (
              <option key={transition.value} value={transition.value}>
                {transition.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Switch.Root checked={settings.motion} onCheckedChange={(details) => update('motion', details.checked)} colorPalette="brand" pb="1.5">
        <Switch.HiddenInput aria-label="Motion" />
        <Switch.Control />
        <Switch.Label>
          <Text as="span" fontSize="sm">
            Motion
          </Text>
          <Text as="span" fontSize="xs" color="fg.muted" display="block">
            Slow zoom on every shot, punch-in on key words
          </Text>
        </Switch.Label>
      </Switch.Root>
      <Switch.Root checked={settings.emoji} onCheckedChange={(details) => update('emoji', details.checked)} colorPalette="brand" pb="1.5">
        <Switch.HiddenInput aria-label="Emoji" />
        <Switch.Control />
        <Switch.Label>
          <Text as="span" fontSize="sm">
            Emoji
          </Text>
          <Text as="span" fontSize="xs" color="fg.muted" display="block">
            A colour emoji over lines with a key word
          </Text>
        </Switch.Label>
      </Switch.Root>
    </HStack>
  );
}
