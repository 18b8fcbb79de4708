import { Badge, Card, Flex, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { logoImageTypes } from '@contract/rules/logo';

import { useLogoOverlay } from '../hooks/use-logo-overlay';
import { LogoControls, LogoDropZone, LogoFileRow } from './logo-parts';
import { LogoPreview } from './logo-preview';

/**
 * Settings: Logo overlay, a view over `useLogoOverlay`: the 9:16
 * preview shows where every new video will put the logo, to scale; beside it the upload, or the logo
 * with its settings.
 */
export function LogoSection() {
  const overlay = useLogoOverlay();
  const { user, logoUrl, saved, settings, input, send, confirmingRemove, setConfirmingRemove, remove } = overlay;
  const picker = (
    <input
      ref={input}
      type="file"
      hidden
      accept={logoImageTypes.join(',')}
      data-testid="logo-file-input"
      aria-label="Logo file"
      onChange={(event: ChangeEvent<HTMLInputElement>) => void send(event.currentTarget.files?.[0])}
    />
  );

  return (
    <Card.Root data-testid="logo-section" overflow="hidden">
      <Card.Header gap="1">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Heading size="md">Logo overlay</Heading>
          {logoUrl && (
            <Badge colorPalette={saved.enabled ? 'green' : 'gray'} variant="subtle" data-testid="logo-status">
              {saved.enabled ? 'On in new videos' : 'Off'}
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          Brand every video with your logo, in the corner you choose.
        </Text>
      </Card.Header>
      <Card.Body>
        {picker}
        {!user ? (
          <Skeleton h="64" rounded="lg" />
        ) : (
          <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '6', md: '10' }} align={{ base: 'center', md: 'flex-start' }}>
            <LogoPreview logoUrl={logoUrl} settings={settings} />
            <Stack flex="1" w="full" minW="0" gap="5">
              {!logoUrl ? (
                <LogoDropZone {...overlay} />
              ) : (
                <>
                  <LogoFileRow {...overlay} />
                  <LogoControls {...overlay} />
                </>
              )}
            </Stack>
          </Flex>
        )}
      </Card.Body>
      <ConfirmDialog open={confirmingRemove} title="Remove Logo" confirmLabel="Remove" onConfirm={remove} onClose={() => setConfirmingRemove(false)}>
        Remove your logo? Videos rendered from now on will not carry it, and its settings go back to the defaults.
      </ConfirmDialog>
    </Card.Root>
  );
}
