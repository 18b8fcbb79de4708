import { Box, Card, Center, Circle, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

export type AuthTone = 'success' | 'error' | 'info';

const toneColor: Record<AuthTone, string> = { success: 'green', error: 'red', info: 'brand' };

/**
 * The centred card every public account page sits in: the product name, a heading (with an optional
 * icon for result screens), an optional description, the page's content, and links under the card.
 */
export function AuthLayout({
  title,
  description,
  icon,
  tone = 'info',
  footer,
  children,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  tone?: AuthTone;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const centred = Boolean(icon);
  return (
    <Center minH="100dvh" bg="bg.subtle" px="4" py="10">
      <Stack gap="6" w="full" maxW="md">
        <Link asChild alignSelf="center" rounded="l2" _hover={{ textDecoration: 'none' }}>
          <RouterLink to={paths.auth.href} aria-label="Reelsmith">
            <Logo size="lg" />
          </RouterLink>
        </Link>
        <Card.Root shadow="sm">
          <Card.Body gap="6" p={{ base: '6', md: '8' }}>
            <Stack gap="2" align={centred ? 'center' : 'stretch'} textAlign={centred ? 'center' : 'start'}>
              {icon && (
                <Circle size="14" bg={`${toneColor[tone]}.subtle`} color={`${toneColor[tone]}.fg`} mb="2" aria-hidden>
                  {icon}
                </Circle>
              )}
              <Heading as="h1" size="xl">
                {title}
              </Heading>
              {description && <Text color="fg.muted">{description}</Text>}
            </Stack>
            {children && <Box>{children}</Box>}
          </Card.Body>
        </Card.Root>
        {footer && (
          <Stack gap="2" align="center" textAlign="center" fontSize="sm" color="fg.muted">
            {footer}
          </Stack>
        )}
      </Stack>
    </Center>
  );
}

/** A link in the app's style (router navigation, the brand colour, underlined on hover). */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
