import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { paths } from '@/config/paths';

/** Any path the app does not know. */
export default function NotFoundRoute() {
  return (
    <Center minH="100dvh" bg="bg.subtle" px="6">
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="3xl">
          404 Page Not Found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.home.href}>Go back home</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
