import { Avatar, Box, Menu, Portal, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { EmailText } from '@/components/email-text';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/auth';
import { getInitials } from '@/lib/initials';
import type { PublicUser } from '@contract/users';

/** The avatar menu: name (or User), email, a Settings link, Log out. */
export function UserMenu({ user }: { user: PublicUser | null }) {
  const logout = useLogout();
  const name = user?.name?.trim() || 'User';
  const email = user?.email ?? '';

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger rounded="full" cursor="pointer" aria-label="Account menu" focusRing="outside">
        <Avatar.Root size="sm" colorPalette="brand" variant="solid">
          <Avatar.Fallback>{getInitials(user?.name, user?.email)}</Avatar.Fallback>
        </Avatar.Root>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" maxW="80">
            <Box px="2" py="1.5">
              <Text fontWeight="medium" truncate>
                {name}
              </Text>
              {email && <EmailText email={email} fontSize="sm" color="fg.muted" />}
            </Box>
            <Menu.Separator />
            <Menu.Item value="settings" asChild>
              <RouterLink to={paths.settings.href}>Settings</RouterLink>
            </Menu.Item>
            <Menu.Item value="logout" onSelect={() => void logout()}>
              Log out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
