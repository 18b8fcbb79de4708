import { Badge, Box, Button, Card, EmptyState, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { showToast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import type { ScheduledEmail } from '@contract/delivery';

import { cancelScheduledEmail, useScheduledEmails } from '../api/delivery';
import { canCancel, formatDateTime, SCHEDULED_PREVIEW, statusPalette } from '../lib/delivery';
import { CalendarIcon, ClockIcon } from './icons';
import { AppDialog } from '@/components/ui/app-dialog';
import { failureText } from '@/lib/failure-text';

export const SCHEDULED_CARD_ID = 'scheduled-emails';

function StatusBadge({ email }: { email: ScheduledEmail }) {
  return (
    <Badge
      colorPalette={statusPalette[email.status]}
      variant={email.status === 'pending' ? 'solid' : 'subtle'}
      textTransform="capitalize"
      data-testid="scheduled-status"
    >
      {email.status}
    </Badge>
  );
}

/** One scheduled email: the script's title, when, its status (a failure says why) and Cancel while pending. */
function ScheduledRow({ email, onCancel, cancelling }: { email: ScheduledEmail; onCancel: (email: ScheduledEmail) => void; cancelling: boolean }) {
  const when = email.status === 'sent' && email.sentAt ? email.sentAt : email.scheduledAt;
  return (
    <HStack gap="3" align="start" py="3" px="3" rounded="md" _hover={{ bg: 'bg.subtle' }} data-testid="scheduled-email" data-status={email.status}>
      <Box
        colorPalette={statusPalette[email.status]}
        bg="colorPalette.subtle"
        color="colorPalette.fg"
        rounded="md"
        p="2"
        flexShrink="0"
        fontSize="md"
        lineHeight="0"
      >
        <CalendarIcon />
      </Box>
      <Stack gap="0.5" flex="1" minW="0">
        <Text fontWeight="medium" lineClamp={2} title={email.scriptTitle} lineHeight="short">
          {email.scriptTitle}
        </Text>
        <HStack gap="1" fontSize="xs" color="fg.muted">
          <ClockIcon />
          <Text>
            {email.status === 'sent' ? 'Sent ' : ''}
            {formatDateTime(when)}
          </Text>
        </HStack>
        {email.status === 'failed' && email.errorMessage && (
          <Text fontSize="xs" color="red.fg" lineClamp={2} title={email.errorMessage}>
            {email.errorMessage}
          </Text>
        )}
      </Stack>
      <Stack gap="1" align="end" flexShrink="0">
        <StatusBadge email={email} />
        {canCancel(email) && (
          <Button
            size="2xs"
            variant="ghost"
            colorPalette="red"
            onClick={() => onCancel(email)}
            loading={cancelling}
            aria-label={`Cancel the email for ${email.scriptTitle}`}
          >
            Cancel
          </Button>
        )}
      </Stack>
    </HStack>
  );
}

function useCancel(onDone: () => Promise<unknown>) {
  const [cancelling, setCancelling] = useState<string>();
  async function cancel(email: ScheduledEmail) {
    setCancelling(email.id);
    try {
      await cancelScheduledEmail(email.id);
      showToast({ type: 'success', title: 'Scheduled email cancelled' });
    } catch (error) {
      showToast({ type: 'error', title: 'Failed to cancel scheduled email', description: failureText(error, '') || undefined });
    } finally {
      setCancelling(undefined);
      await onDone();
    }
  }
  return { cancelling, cancel };
}

/**
 * Scheduled Emails: the first 3 (pending soonest first, then the rest newest
 * first, as the server orders them), View All with every one, Cancel on a pending one. Re-read every
 * minute and on a `deliveries` realtime message.
 */
export function ScheduledEmailsCard({ viewAll, onViewAll }: { viewAll: boolean; onViewAll: (open: boolean) => void }) {
  const { data, error, isLoading, mutate } = useScheduledEmails();
  const { cancelling, cancel } = useCancel(() => mutate());
  const emails = data ?? [];
  const pending = emails.filter((email) => email.status === 'pending').length;

  return (
    <Card.Root id={SCHEDULED_CARD_ID} scrollMarginTop="24" data-testid="scheduled-emails-card" as="section" aria-labelledby="scheduled-emails-heading">
      <Card.Header pb="2">
        <HStack justify="space-between" gap="2">
          <Heading as="h2" size="lg" id="scheduled-emails-heading">
            Scheduled Emails
          </Heading>
          {pending > 0 && (
            <Badge colorPalette="brand" variant="subtle">
              {pending} pending
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Videos you chose to email later.
        </Text>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '3', md: '3' }}>
        {isLoading ? (
          <Stack gap="3" px="3">
            <Skeleton h="12" />
            <Skeleton h="12" />
            <Skeleton h="12" />
          </Stack>
        ) : error ? (
          <Text px="3" color="red.fg" fontSize="sm">
            Failed to load scheduled emails
          </Text>
        ) : emails.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <CalendarIcon />
              </EmptyState.Indicator>
              <EmptyState.Title>Nothing scheduled yet</EmptyState.Title>
              <EmptyState.Description textAlign="center">On a script with a video, choose Trigger Email, then Schedule Email.</EmptyState.Description>
              <Button asChild size="sm" variant="outline">
                <RouterLink to={paths.scripts.href}>Go to Scripts</RouterLink>
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack gap="0" data-testid="scheduled-preview">
            {emails.slice(0, SCHEDULED_PREVIEW).map((email) => (
              <ScheduledRow key={email.id} email={email} onCancel={(target) => void cancel(target)} cancelling={cancelling === email.id} />
            ))}
          </Stack>
        )}
      </Card.Body>
      {emails.length > 0 && (
        <Card.Footer pt="0">
          <Button variant="outline" size="sm" w="full" onClick={() => onViewAll(true)}>
            View All ({emails.length})
          </Button>
        </Card.Footer>
      )}
      <AppDialog scrollBehavior="inside" open={viewAll} onClose={() => onViewAll(false)} title="Scheduled Emails" size="lg">
        {emails.length === 0 ? (
          <Text color="fg.muted">Nothing scheduled yet. On a script with a video, choose Trigger Email, then Schedule Email.</Text>
        ) : (
          <Stack gap="0" mx="-3" data-testid="scheduled-all">
            {emails.map((email) => (
              <ScheduledRow key={email.id} email={email} onCancel={(target) => void cancel(target)} cancelling={cancelling === email.id} />
            ))}
          </Stack>
        )}
      </AppDialog>
    </Card.Root>
  );
}
