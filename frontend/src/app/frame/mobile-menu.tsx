import { Box, Button, CloseButton, Drawer, IconButton, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';

import { EmailText } from '@/components/email-text';
import { MenuIcon } from '@/components/icons';
import { LogoMark } from '@/components/logo';
import { frameLinks } from '@/config/paths';
import { useLogout } from '@/lib/auth';
import type { PublicUser } from '@contract/users';

/**
 * The header on a phone (below the `md` breakpoint, 768 px): a menu button that opens a drawer with every
 * signed-in page, the current one marked, the account's name and email, and Log out.
 */
export function MobileMenu({ user }: { user: PublicUser | null }) {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const name = user?.name?.trim() || 'User';

  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="end" size="xs">
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open menu" variant="ghost" size="md" display={{ base: 'inline-flex', md: 'none' }}>
          <MenuIcon boxSize="6" />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header display="flex" alignItems="center" gap="2">
              <LogoMark size="6" />
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="3">
              <Stack as="nav" aria-label="Menu" gap="1">
                {frameLinks.map(({ label, href }) => (
                  <NavLink key={href} to={href} onClick={() => setOpen(false)}>
                    {({ isActive }) => (
                      <Box
                        as="span"
                        display="block"
                        px="3"
                        py="2.5"
                        rounded="l2"
                        fontSize="md"
                        fontWeight={isActive ? 'semibold' : 'medium'}
                        color={isActive ? 'brand.fg' : 'fg'}
                        bg={isActive ? 'brand.subtle' : undefined}
                        _hover={{ bg: isActive ? 'brand.subtle' : 'bg.muted' }}
                      >
                        {label}
                      </Box>
                    )}
                  </NavLink>
                ))}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer flexDirection="column" alignItems="stretch" gap="3">
              <Separator />
              <Box minW="0">
                <Text fontWeight="medium" truncate>
                  {name}
                </Text>
                {user?.email && <EmailText email={user.email} fontSize="sm" color="fg.muted" />}
              </Box>
              <Button variant="outline" onClick={() => void logout()}>
                Log out
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
