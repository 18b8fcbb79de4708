import { Badge, Box, Button, HStack, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { PlatformTile } from '@/components/platform-icons';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toaster';
import { failureText } from '@/lib/failure-text';
import type { Publication } from '@contract/publishing';
import { postingUiMessages as words } from '@contract/rules/posting';
import { platformNames } from '@contract/rules/publishing';

import { cancelPublication, usePublications } from '../../api/publishing';
import { publicationStatusText, visiblePublications, whenText, type PublicationTone } from '../../lib/posting';
import { AlertIcon, CheckIcon, ClockIcon, OpenIcon } from './posting-icons';

const tonePalettes: Record<PublicationTone, string> = { waiting: 'purple', moving: 'blue', done: 'green', failed: 'red', off: 'gray' };

function StatusBadge({ publication }: { publication: Publication }) {
  const { text, tone } = publicationStatusText(publication);
  return (
    <Badge colorPalette={tonePalettes[tone]} variant="subtle" rounded="full" px="2" gap="1" flexShrink={0} data-testid="publication-status">
      {tone === 'moving' && <Spinner size="xs" borderWidth="1.5px" />}
      {tone === 'done' && <CheckIcon boxSize="3" />}
      {tone === 'failed' && <AlertIcon boxSize="3" />}
      {tone === 'waiting' && <ClockIcon boxSize="3" />}
      {text}
    </Badge>
  );
}

function PublicationLine({ publication, onCancel }: { publication: Publication; onCancel: () => void }) {
  return (
    <HStack gap="2.5" py="2" align="start" data-testid="publication" data-status={publication.status} data-platform={publication.platform}>
      <Box pt="0.5">
        <PlatformTile platform={publication.platform} size="sm" />
      </Box>
      <Stack gap="1" flex="1" minW="0">
        <Text fontSize="sm" fontWeight="medium" truncate title={`${publication.accountName} on ${platformNames[publication.platform]}`}>
          {publication.accountName}
        </Text>
        <HStack>
          <StatusBadge publication={publication} />
        </HStack>
        {publication.status === 'uploading' && (
          <Progress.Root
            value={publication.progress ?? 0}
            max={100}
            size="xs"
            colorPalette="blue"
            aria-label={`Upload to ${platformNames[publication.platform]}`}
          >
            <Progress.Track rounded="full">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {publication.status === 'failed' && publication.error && (
          <Text fontSize="xs" color="red.fg" data-testid="publication-error">
            {publication.error}
          </Text>
        )}
      </Stack>
      {publication.status === 'published' && publication.postUrl && (
        <Button asChild size="xs" variant="ghost" colorPalette="brand" flexShrink={0}>
          <a href={publication.postUrl} target="_blank" rel="noreferrer">
            {words.viewPost} <OpenIcon />
          </a>
        </Button>
      )}
      {publication.status === 'scheduled' && (
        <Button
          size="xs"
          variant="ghost"
          colorPalette="red"
          onClick={onCancel}
          flexShrink={0}
          aria-label={words.cancelPostLabel(
            platformNames[publication.platform],
            publication.accountName,
            publication.scheduledAt ? `on ${whenText(publication.scheduledAt)}` : '',
          )}
        >
          {words.cancelPost(platformNames[publication.platform])}
        </Button>
      )}
    </HStack>
  );
}

/**
 * A finished video's posts on its card, live: scheduled with its time and Cancel, queued,
 * uploading N%, processing, published with a link to the post, failed with the platform's reason.
 */
export function PublicationsList({ scriptId, enabled }: { scriptId: string; enabled: boolean }) {
  const { data, mutate } = usePublications(scriptId, enabled);
  const [cancelling, setCancelling] = useState<Publication | null>(null);
  const { shown, hidden } = visiblePublications(data ?? []);
  if (shown.length === 0) return null;

  async function cancel() {
    const publication = cancelling;
    if (!publication) return;
    try {
      await cancelPublication(publication.id);
      showToast({ type: 'success', title: words.cancelledToast });
    } catch (error) {
      showToast({ type: 'error', title: words.cancelFailedToast, description: failureText(error, 'Please try again.') });
    }
    setCancelling(null);
    await mutate();
  }

  return (
    <Box borderWidth="1px" rounded="md" px="3" pt="2" pb="1" bg="bg.subtle" data-testid="publications">
      <HStack justify="space-between">
        <Text fontWeight="semibold" fontSize="sm">
          {words.postsLabel}
        </Text>
        {hidden > 0 && (
          <Text fontSize="xs" color="fg.muted">
            {words.earlier(hidden)}
          </Text>
        )}
      </HStack>
      <Stack gap="0" separator={<Box borderTopWidth="1px" />}>
        {shown.map((publication) => (
          <PublicationLine key={publication.id} publication={publication} onCancel={() => setCancelling(publication)} />
        ))}
      </Stack>
      <ConfirmDialog
        open={cancelling !== null}
        title={words.cancelTitle}
        confirmLabel={words.cancelConfirm}
        cancelLabel={words.cancelKeep}
        onConfirm={cancel}
        onClose={() => setCancelling(null)}
      >
        {cancelling
          ? words.cancelText(platformNames[cancelling.platform], cancelling.accountName, cancelling.scheduledAt ? `on ${whenText(cancelling.scheduledAt)}` : '')
          : ''}
      </ConfirmDialog>
    </Box>
  );
}
