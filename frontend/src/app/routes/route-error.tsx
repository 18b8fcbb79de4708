import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useRouteError } from 'react-router-dom';

/** Shown when a page fails to load or render (for example a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center minH="100dvh" bg="bg.subtle" px="6">
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">The page could not be shown. Reloading usually helps.</Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  );
}
