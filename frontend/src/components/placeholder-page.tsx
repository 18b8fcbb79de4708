import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A page of the frame that a later issue fills in: its title, an optional subtitle, a short note. */
export function PlaceholderPage({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <Stack gap="2">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {subtitle && <Text color="fg.muted">{subtitle}</Text>}
      {children}
    </Stack>
  );
}
