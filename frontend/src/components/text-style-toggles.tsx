import { HStack } from '@chakra-ui/react';

import { ChoiceButton } from './ui/choice-button';

const styles = ['bold', 'italic', 'underline', 'allCaps'] as const;
export type TextStyleToggle = (typeof styles)[number];

const labels: Record<TextStyleToggle, string> = { bold: 'Bold', italic: 'Italic', underline: 'Underline', allCaps: 'ALL CAPS' };

/** A caption's Bold, Italic, Underline and ALL CAPS: an on/off button each, each drawn in its own style. */
export function TextStyleToggles({
  value,
  onToggle,
  disabled,
  gap = '2',
  plainWeight = 'normal',
}: {
  value: Record<TextStyleToggle, boolean>;
  onToggle: (style: TextStyleToggle) => void;
  disabled?: boolean;
  gap?: string;
  /** The weight of the buttons other than Bold. */
  plainWeight?: 'normal' | 'medium';
}) {
  return (
    <HStack gap={gap} wrap="wrap" role="group" aria-label="Text style">
      {styles.map((style) => (
        <ChoiceButton
          key={style}
          kind="toggle"
          chosen={value[style]}
          size="xs"
          disabled={disabled}
          onClick={() => onToggle(style)}
          fontWeight={style === 'bold' ? 'bold' : plainWeight}
          fontStyle={style === 'italic' ? 'italic' : undefined}
          textDecoration={style === 'underline' ? 'underline' : undefined}
        >
          {labels[style]}
        </ChoiceButton>
      ))}
    </HStack>
  );
}
