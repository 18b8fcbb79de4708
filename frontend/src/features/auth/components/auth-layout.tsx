import { Box, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The centred card every public account page sits in. */
export function AuthLayout({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <Center minH="100dvh" bg="bg.subtle" px="4" py="10">
      <Stack gap="6" w="full" maxW="md">
        <Text textAlign="center" fontWeight="bold" fontSize="xl" letterSpacing="tight">
          Reelsmith
        </Text>
        <Card.Root shadow="sm">
          <Card.Body gap="4">
            <Stack gap="2">
              <Heading as="h1" size="xl">
                {title}
              </Heading>
              {description && <Text color="fg.muted">{description}</Text>}
            </Stack>
            {children && <Box>{children}</Box>}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  );
}
