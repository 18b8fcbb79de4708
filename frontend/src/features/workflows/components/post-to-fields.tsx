import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';

import { PlatformTile } from '@/components/platform-icons';
import { OptionSelect } from '@/components/ui/option-select';
import { postingBounds, privacyLabels, postingUiMessages } from '@contract/rules/posting';
import { platformNames, type PublishingPlatform } from '@contract/rules/publishing';

import { useScheduleAccounts } from '../api/workflows';

/**
 * Who can watch an unattended post, where the platform lets the creator choose: YouTube's three, and TikTok's
 * four (a run's pre-flight refuses one the account's creator_info does not offer then). Instagram's Reels are
 * public. Empty: the most private.
 */
const schedulePrivacyOptions: Partial<Record<PublishingPlatform, readonly string[]>> = {
  youtube: ['private', 'unlisted', 'public'],
  tiktok: ['SELF_ONLY', 'FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'PUBLIC_TO_EVERYONE'],
};

/**
 * A schedule's posting: the connected accounts each run posts its video to (a toggle each), who can watch
 * on each, and the posts' caption template, where {caption} and {title} stand for the run's post caption and title.
 */
export function PostToFields({
  enabled,
  accountIds,
  caption,
  onAccounts,
  onCaption,
  privacy,
  onPrivacy,
}: {
  enabled: boolean;
  accountIds: string[];
  caption: string;
  onAccounts: (ids: string[]) => void;
  onCaption: (caption: string) => void;
  privacy: Record<string, string>;
  onPrivacy: (privacy: Record<string, string>) => void;
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
      {(accounts ?? [])
        .filter((account) => accountIds.includes(account.id) && schedulePrivacyOptions[account.platform])
        .map((account) => {
          const label = `${postingUiMessages.privacyLabel} · ${account.displayName}`;
          const options = schedulePrivacyOptions[account.platform] ?? [];
          return (
            <Field.Root key={account.id}>
              <Field.Label>{label}</Field.Label>
              <OptionSelect
                size="sm"
                label={label}
                fieldBg="bg"
                value={privacy[account.id] ?? options[0] ?? ''}
                options={options.map((option) => ({ value: option, label: privacyLabels[option] ?? option }))}
                onChange={(next) => onPrivacy({ ...privacy, [account.id]: next })}
                testId={`schedule-privacy-${account.platform}`}
              />
            </Field.Root>
          );
        })}
      {accountIds.length > 0 && (
        <Field.Root>
          <Field.Label>Caption</Field.Label>
          <Textarea
            value={caption}
            maxLength={postingBounds.captionMax}
            rows={2}
            autoresize
            placeholder="{caption}"
            bg="bg"
            onChange={(event) => onCaption(event.target.value)}
          />
          <Field.HelperText>
            {'{caption}'} and {'{title}'} become the video&apos;s post caption and title. Empty: the post caption.
          </Field.HelperText>
        </Field.Root>
      )}
    </Stack>
  );
}
