import { Box, Flex, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A section of a card: a tinted icon, a title and one line saying what it is for. */
export function SectionHeader({ icon, title, description, palette = 'brand', aside }: { icon: ReactNode; title: string; description: string; palette?: string; aside?: ReactNode }) {
  return (
    <HStack gap="3" align="start" justify="space-between">
      <HStack gap="3" align="start" minW="0">
        <Flex colorPalette={palette} bg="colorPalette.subtle" color="colorPalette.fg" rounded="lg" boxSize="9" flexShrink="0" align="center" justify="center" fontSize="lg">
          {icon}
        </Flex>
        <Box minW="0">
          <Heading as="h3" size="sm">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        </Box>
      </HStack>
      {aside}
    </HStack>
  );
}

/** One on/off setting: its label and a short explanation on the left, the switch on the right (the whole row toggles). */
export function SettingSwitch({
  label,
  description,
  checked,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId?: string;
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
      rounded="md"
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
