import { Field, HStack, Switch, Text } from '@chakra-ui/react';
import { OptionSelect } from '@/components/ui/option-select';

import type { CaptionSettings } from '@contract/caption-settings';

type Transition = CaptionSettings['transition'];

/** The render's transitions, as a creator names them. */
const TRANSITIONS: { value: Transition; label: string }[] = [
  { value: 'cut', label: 'Cut' },
  { value: 'zoom', label: 'Quick zoom' },
  { value: 'crossfade', label: 'Crossfade' },
];

/**
 * How the shots move: a slow push-in or pan on every shot with punch-ins on key words, the
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
        <OptionSelect size="sm" label="Transition" value={transition} onChange={(value) => onTransition(value)} options={TRANSITIONS} />
      </Field.Root>
      <LabelledSwitch label="Motion" hint="Slow zoom on every shot, punch-in on key words" checked={motion} onChange={onMotion} disabled={disabled} />
      {emoji !== undefined && onEmoji ? (
        <LabelledSwitch label="Emoji" hint="A colour emoji over lines with a key word" checked={emoji} onChange={onEmoji} disabled={disabled} />
      ) : null}
    </HStack>
  );
}

/** A switch named by its label, with a line of explanation under it. */
function LabelledSwitch({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(details) => onChange(details.checked)} colorPalette="brand" pb="1.5" disabled={disabled}>
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control />
      <Switch.Label>
        <Text as="span" fontSize="sm">
          {label}
        </Text>
        <Text as="span" fontSize="xs" color="fg.muted" display="block">
          {hint}
        </Text>
      </Switch.Label>
    </Switch.Root>
  );
}
