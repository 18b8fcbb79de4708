import { Box, Heading, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { IconTile } from '@/components/ui/icon-tile';

/** A section of a card: a tinted icon, a title and one line saying what it is for. */
export function SectionHeader({
  icon,
  title,
  description,
  palette = 'brand',
  aside,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  palette?: string;
  aside?: ReactNode;
}) {
  return (
    <HStack gap="3" align="start" justify="space-between">
      <HStack gap="3" align="start" minW="0">
        <IconTile palette={palette}>{icon}</IconTile>
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
