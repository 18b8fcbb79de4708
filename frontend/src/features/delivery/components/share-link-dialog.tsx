import { Box, Button, Clipboard, EmptyState, HStack, IconButton, Input, InputGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { showToast } from '@/components/ui/toaster';
import { postingUiMessages } from '@contract/rules/posting';

import { createShareLink, revokeShareLink, useShareLinks } from '../api/video-delivery';
import { failureText } from '@/lib/failure-text';
import { AppDialog } from '@/components/ui/app-dialog';
import { expiresText, liveShareLinks } from '../lib/video-delivery';
import { LinkIcon, OpenIcon, SendIcon } from './icons';

/**
 * Share link: the script's live links (copy, open, revoke) and a button to make one. A link
 * opens a public page with the video, its download and the caption, and nothing else of the account.
 * `onPost` offers posting it to connected accounts instead (the card's Schedule Video).
 */
export function ShareLinkDialog({
  open,
  onClose,
  scriptId,
  title,
  onPost,
}: {
  open: boolean;
  onClose: () => void;
  scriptId: string;
  title: string;
  onPost?: () => void;
}) {
  const { data, error, isLoading, mutate } = useShareLinks(scriptId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<string>();
  const now = new Date();
  const links = liveShareLinks(data ?? [], now);

  async function create() {
    setCreating(true);
    try {
      const link = await createShareLink(scriptId);
      await mutate((current) => [link, ...(current ?? [])], { revalidate: false });
      showToast({ type: 'success', title: 'Share link created', description: 'Copy it and send it to anyone.' });
    } catch (failure) {
      showToast({ type: 'error', title: 'Failed to create share link', description: failureText(failure, 'Please try again.') });
    } finally {
      setCreating(false);
    }
  }

  async function revoke(id: string) {
    setRevoking(id);
    try {
      const revoked = await revokeShareLink(id);
      await mutate((current) => (current ?? []).map((link) => (link.id === id ? revoked : link)), { revalidate: false });
      showToast({ type: 'success', title: 'Share link revoked', description: 'Anyone opening it now sees that it was revoked.' });
    } catch (failure) {
      showToast({ type: 'error', title: 'Failed to revoke share link', description: failureText(failure, 'Please try again.') });
    } finally {
      setRevoking(undefined);
    }
  }

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Share link"
      footer={
        links.length > 0 ? (
          <HStack justify="space-between" w="full">
            <Button variant="outline" onClick={onClose}>
              Done
            </Button>
            <Button colorPalette="brand" variant="subtle" onClick={() => void create()} loading={creating}>
              <LinkIcon /> New link
            </Button>
          </HStack>
        ) : undefined
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Anyone with a link can watch and download “{title}” and copy its caption, without signing in. Nothing else in your account is visible. Links last 7
          days; revoke one to stop it at once.
        </Text>
        {isLoading ? (
          <Stack gap="2">
            <Skeleton h="16" />
          </Stack>
        ) : error ? (
          <Text color="red.fg" fontSize="sm">
            Failed to load share links
          </Text>
        ) : links.length === 0 ? (
          <EmptyState.Root size="sm" borderWidth="1px" borderStyle="dashed" rounded="lg">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LinkIcon />
              </EmptyState.Indicator>
              <EmptyState.Title>No active links</EmptyState.Title>
              <EmptyState.Description>Create one to share this video.</EmptyState.Description>
              <Button colorPalette="brand" onClick={() => void create()} loading={creating} loadingText="Creating…">
                <LinkIcon /> Create share link
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack gap="3" data-testid="share-links">
            {links.map((link) => (
              <Box key={link.id} borderWidth="1px" rounded="lg" p="3" bg="bg.subtle" data-testid="share-link">
                <Clipboard.Root value={link.url} timeout={1500}>
                  <InputGroup
                    endElement={
                      <Clipboard.Trigger asChild>
                        <IconButton aria-label="Copy link" size="xs" variant="ghost" me="-2">
                          <Clipboard.Indicator />
                        </IconButton>
                      </Clipboard.Trigger>
                    }
                  >
                    <Clipboard.Input asChild>
                      <Input
                        readOnly
                        size="sm"
                        bg="bg"
                        fontFamily="mono"
                        fontSize="xs"
                        aria-label="Share link URL"
                        onFocus={(event) => event.currentTarget.select()}
                      />
                    </Clipboard.Input>
                  </InputGroup>
                </Clipboard.Root>
                <HStack justify="space-between" mt="2" gap="2" wrap="wrap">
                  <Text fontSize="xs" color="fg.muted">
                    {expiresText(link.expiresAt, now)} · {new Date(link.expiresAt).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}
                  </Text>
                  <HStack gap="1">
                    <Button asChild size="xs" variant="ghost">
                      <a href={link.url} target="_blank" rel="noreferrer">
                        <OpenIcon /> Open
                      </a>
                    </Button>
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void revoke(link.id)} loading={revoking === link.id}>
                      Revoke
                    </Button>
                  </HStack>
                </HStack>
              </Box>
            ))}
          </Stack>
        )}
        {onPost && (
          <HStack justify="space-between" gap="3" borderWidth="1px" rounded="lg" p="3" wrap="wrap" data-testid="share-post">
            <Text fontSize="sm" color="fg.muted" flex="1" minW="48">
              {postingUiMessages.shareOffer}
            </Text>
            <Button size="sm" colorPalette="brand" variant="outline" onClick={onPost}>
              <SendIcon /> Schedule Video
            </Button>
          </HStack>
        )}
      </Stack>
    </AppDialog>
  );
}
