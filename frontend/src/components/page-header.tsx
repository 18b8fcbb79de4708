import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The top of a page of the frame: its title (the page's one h1), what the page is for, and anything between them. */
export function PageHeader({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {children}
      <Text color="fg.muted">{description}</Text>
    </Stack>
  );
}
