import { Box, Container, Flex, HStack, Link } from '@chakra-ui/react';
import { NavLink, Outlet, Link as RouterLink } from 'react-router-dom';

import { MobileMenu } from '@/app/frame/mobile-menu';
import { UserMenu } from '@/app/frame/user-menu';
import { Logo } from '@/components/logo';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { frameLinks, paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { RealtimeProvider } from '@/lib/realtime';

/**
 * The signed-in page frame: the logo, header links (the current one bold) and the
 * avatar menu; below the `md` breakpoint (768 px) the links and the avatar fold into the phone menu.
 */
export function PageFrame() {
  const { data: user } = useUser();

  return (
    <RealtimeProvider userId={user?.id}>
      <Flex direction="column" minH="100dvh" bg="bg.subtle">
        <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
          <Container maxW="6xl" px={{ base: '4', md: '6' }}>
            <Flex h="16" align="center" gap={{ base: '4', md: '10' }}>
              <Link asChild _hover={{ textDecoration: 'none' }} rounded="l2" focusRing="outside">
                <RouterLink to={paths.home.href} aria-label="Reelsmith home">
                  <Logo />
                </RouterLink>
              </Link>
              <HStack as="nav" aria-label="Main" gap="6" flex="1" display={{ base: 'none', md: 'flex' }}>
                {frameLinks.map(({ label, href }) => (
                  <NavLink key={href} to={href}>
                    {({ isActive }) => (
                      <Box
                        as="span"
                        display="inline-flex"
                        flexDirection="column"
                        alignItems="center"
                        fontWeight={isActive ? 'bold' : 'normal'}
                        color={isActive ? 'brand.fg' : 'fg.muted'}
                        _hover={{ color: 'fg' }}
                        whiteSpace="nowrap"
                        data-label={label}
                        // Reserve the bold width so the links do not shift when the current one changes.
                        _after={{ content: 'attr(data-label)', fontWeight: 'bold', height: '0', overflow: 'hidden', visibility: 'hidden' }}
                      >
                        {label}
                      </Box>
                    )}
                  </NavLink>
                ))}
              </HStack>
              <Box flex="1" display={{ base: 'block', md: 'none' }} />
              <Box display={{ base: 'none', md: 'block' }}>
                <UserMenu user={user ?? null} />
              </Box>
              <MobileMenu user={user ?? null} />
            </Flex>
          </Container>
        </Box>
        <VerifyEmailBanner />
        <Box as="main" flex="1">
          <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
            <Outlet />
          </Container>
        </Box>
      </Flex>
    </RealtimeProvider>
  );
}
