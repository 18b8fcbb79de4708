import { Field, HStack, NativeSelect, Switch, Text } from '@chakra-ui/react';

import type { CaptionSettings } from '@contract/caption-settings';

type Transition = CaptionSettings['transition'];

/** The render's transitions (issue 24), as a creator names them. */
const TRANSITIONS: { value: Transition; label: string }[] = [
  { value: 'cut', label: 'Cut' },
  { value: 'zoom', label: 'Quick zoom' },
  { value: 'crossfade', label: 'Crossfade' },
];

/**
 * How the shots move (issue 24): a slow push-in or pan on every shot with punch-ins on key words, the
 * transition between shots and, where given, the caption emoji. The same control in the settings dialog
 * and in a video template.
 */
export function MotionControls({
  transition,
  motion,
  onTransition,
  onMotion,
  emoji,
  onEmoji,
  disabled,
}: {
  transition: Transition;
  motion: boolean;
  onTransition: (transition: Transition) => void;
  onMotion: (motion: boolean) => void;
  /** The caption emoji switch, shown when both are given. */
  emoji?: boolean;
  onEmoji?: (emoji: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <HStack gap="4" align="end" wrap="wrap">
      <Field.Root flex="1" minW="10rem" disabled={disabled}>
        <Field.Label fontSize="sm">Transition</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field aria-label="Transition" value={transition} onChange={(event) => onTransition(event.currentTarget.value as Transition)}>
            {TRANSITIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Switch.Root checked={motion} onCheckedChange={(details) => onMotion(details.checked)} colorPalette="brand" pb="1.5" disabled={disabled}>
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
      {emoji !== undefined && onEmoji ? (
        <Switch.Root checked={emoji} onCheckedChange={(details) => onEmoji(details.checked)} colorPalette="brand" pb="1.5" disabled={disabled}>
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
      ) : null}
    </HStack>
  );
}
