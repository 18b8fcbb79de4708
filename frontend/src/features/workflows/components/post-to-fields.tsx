import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';

import { PlatformTile } from '@/components/platform-icons';
import { postingBounds } from '@contract/rules/posting';
import { platformNames } from '@contract/rules/publishing';

import { useScheduleAccounts } from '../api/workflows';

/**
 * A schedule's posting: the connected accounts each run posts its video to (a toggle each) and the posts'
 * caption template, where {caption} and {title} stand for the run's post caption and title.
 */
export function PostToFields({
  enabled,
  accountIds,
  caption,
  onAccounts,
  onCaption,
}: {
  enabled: boolean;
  accountIds: string[];
  caption: string;
  onAccounts: (ids: string[]) => void;
  onCaption: (caption: string) => void;
}) {
  const { data: accounts } = useScheduleAccounts(enabled);
  const toggle = (id: string) => onAccounts(accountIds.includes(id) ? accountIds.filter((candidate) => candidate !== id) : [...accountIds, id]);
  return (
    <Stack gap="3" borderWidth="1px" rounded="lg" p="4" bg="bg.subtle" data-testid="schedule-post-to">
      <Stack gap="1.5">
        <Text fontSize="sm" fontWeight="medium" id="post-to-label">
          Post to
        </Text>
        {accounts && accounts.length > 0 ? (
          <HStack gap="2" wrap="wrap" role="group" aria-labelledby="post-to-label">
            {accounts.map((account) => {
              const on = accountIds.includes(account.id);
              return (
                <Button
                  key={account.id}
                  size="sm"
                  variant="outline"
                  aria-pressed={on}
                  colorPalette={on ? 'brand' : 'gray'}
                  bg={on ? 'brand.subtle' : 'bg'}
                  borderColor={on ? 'brand.solid' : undefined}
                  onClick={() => toggle(account.id)}
                  title={`${platformNames[account.platform]} · ${account.displayName}`}
                >
                  <PlatformTile platform={account.platform} size="sm" />
                  <Text truncate maxW="40">
                    {account.displayName}
                  </Text>
                </Button>
              );
            })}
          </HStack>
        ) : (
          <Text fontSize="xs" color="fg.muted">
            Connect TikTok, YouTube or Instagram in Settings to post each run&apos;s video.
          </Text>
        )}
      </Stack>
      {accountIds.length > 0 && (
        <Field.Root>
          <Field.Label>Caption</Field.Label>
          <Textarea value={caption} maxLength={postingBounds.captionMax} rows={2} autoresize placeholder="{caption}" bg="bg" onChange={(event) => onCaption(event.target.value)} />
          <Field.HelperText>
            {'{caption}'} and {'{title}'} become the video&apos;s post caption and title. Empty: the post caption.
          </Field.HelperText>
        </Field.Root>
      )}
    </Stack>
  );
}
