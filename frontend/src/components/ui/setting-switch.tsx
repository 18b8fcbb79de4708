import { Stack, Switch, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One on/off setting: its label and a short explanation on the left, the switch on the right (the whole row toggles). */
export function SettingSwitch({
  label,
  description,
  checked,
  onChange,
  disabled,
  testId,
  bordered = false,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId?: string;
  /** A row standing on its own: a border around it, and rounder corners. */
  bordered?: boolean;
}) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked)}
      disabled={disabled}
      colorPalette="brand"
      display="flex"
      justifyContent="space-between"
      alignItems="center"
      gap="4"
      w="full"
      px="3"
      py="2.5"
      rounded={bordered ? 'lg' : 'md'}
      borderWidth={bordered ? '1px' : undefined}
      cursor={disabled ? 'not-allowed' : 'pointer'}
      _hover={disabled ? undefined : { bg: 'bg.muted' }}
      data-testid={testId}
    >
      <Stack gap="0" flex="1" minW="0">
        <Switch.Label fontWeight="medium" fontSize="sm">
          {label}
        </Switch.Label>
        {description && (
          <Text fontSize="xs" color="fg.muted">
            {description}
          </Text>
        )}
      </Stack>
      <Switch.HiddenInput />
      <Switch.Control flexShrink="0" />
    </Switch.Root>
  );
}
