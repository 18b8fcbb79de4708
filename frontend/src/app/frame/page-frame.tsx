import { Box, Container, Flex, HStack, Link } from '@chakra-ui/react';
import { NavLink, Outlet, Link as RouterLink } from 'react-router-dom';

import { UserMenu } from '@/app/frame/user-menu';
import { frameLinks, paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { RealtimeProvider } from '@/lib/realtime';

/** The signed-in page frame (spec 000 section 2): header links, the current one bold, and the avatar menu. */
export function PageFrame() {
  const { data: user } = useUser();

  return (
    <RealtimeProvider userId={user?.id}>
      <Flex direction="column" minH="100dvh" bg="bg.subtle">
        <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
          <Container maxW="6xl" px={{ base: '4', md: '6' }}>
            <Flex h="16" align="center" gap={{ base: '4', md: '10' }}>
              <Link asChild fontWeight="bold" fontSize="lg" color="fg" _hover={{ textDecoration: 'none' }}>
                <RouterLink to={paths.home.href}>Reelsmith</RouterLink>
              </Link>
              <HStack as="nav" aria-label="Main" gap={{ base: '3', md: '6' }} flex="1" overflowX="auto">
                {frameLinks.map(({ label, href }) => (
                  <NavLink key={href} to={href}>
                    {({ isActive }) => (
                      <Box
                        as="span"
                        display="inline-flex"
                        flexDirection="column"
                        alignItems="center"
                        fontWeight={isActive ? 'bold' : 'normal'}
                        color={isActive ? 'fg' : 'fg.muted'}
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
              <UserMenu user={user ?? null} />
            </Flex>
          </Container>
        </Box>
        <Box as="main" flex="1">
          <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
            <Outlet />
          </Container>
        </Box>
      </Flex>
    </RealtimeProvider>
  );
}
