import { Box, Button, Field, HStack, Image, Skeleton, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { DateTimeFields } from '@/components/date-time-fields';
import { PlatformTile } from '@/components/platform-icons';
import { AppDialog } from '@/components/ui/app-dialog';
import { ChoiceButton } from '@/components/ui/choice-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { paths } from '@/config/paths';
import { thumbnailSrc } from '@/lib/thumbnails';
import { postingUiMessages as words } from '@contract/rules/posting';
import { platformNames, publishingPlatforms, type PublishingPlatform } from '@contract/rules/publishing';
import type { Script } from '@contract/scripts';

import { whenText } from '../../lib/posting';
import { AccountChip, AccountProblem } from './account-chips';
import { PlatformFields } from './platform-fields';
import { ClockIcon, OpenIcon, SendIcon } from './posting-icons';
import { usePostVideo, type PostVideo } from './use-post-video';

function Section({ label, children, aside }: { label: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Stack gap="2.5" as="section" aria-label={label}>
      <HStack justify="space-between" gap="2">
        <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.muted">
          {label}
        </Text>
        {aside}
      </HStack>
      {children}
    </Stack>
  );
}

/**
 * Schedule Video: the product's (docs/product.md#post-a-video) stub made real. Choose connected accounts, a caption (the
 * post caption by default) with each platform's own field and limits, privacy from the account's own
 * options, YouTube's flags, and Post now or at a date and time. The accounts are checked when the dialog
 * opens (a refused one, e.g. TikTok with the free plan's watermark, says why before anyone tries) and again
 * with the choices before anything is posted.
 */
export function PostVideoDialog({
  script,
  onClose,
  onPosted,
  onRenderAgain,
}: {
  script: Script;
  onClose: () => void;
  onPosted: () => unknown;
  /** Renders the video again (the plan no longer draws the watermark): TikTok's way out for a watermarked file. */
  onRenderAgain?: () => Promise<boolean>;
}) {
  const post = usePostVideo(script, { onClose, onPosted });
  const { form, when, date, time, busy, ready, stage, submit, hasVideo, formError } = post;

  return (
    <AppDialog
      open
      onClose={onClose}
      busy={busy}
      title="Schedule Video"
      size="lg"
      scrollBehavior="inside"
      footer={
        <DialogActions onCancel={onClose} cancelDisabled={busy}>
          <Button
            colorPalette="brand"
            onClick={() => void submit()}
            disabled={!ready || form.selected.length === 0 || (when === 'schedule' && (!date || !time))}
            loading={busy}
            loadingText={stage === 'checking' ? words.checking : words.posting}
            data-testid="post-submit"
          >
            {when === 'now' ? <SendIcon /> : <ClockIcon />}
            {when === 'now' ? words.postButton : words.scheduleButton}
          </Button>
        </DialogActions>
      }
    >
      <Stack gap="6" data-testid="post-video-dialog">
        <HStack gap="3" align="center">
          {thumbnailSrc(script.thumbnailUrl) && (
            <Image src={thumbnailSrc(script.thumbnailUrl)} alt="" w="12" h="20" objectFit="cover" rounded="md" flexShrink={0} bg="bg.muted" />
          )}
          <Text fontSize="sm" color="fg.muted">
            {hasVideo ? words.intro(script.title) : words.needsVideo}
          </Text>
        </HStack>

        <AccountsSection post={post} onRenderAgain={onRenderAgain ? () => void onRenderAgain().then((started) => started && onClose()) : undefined} />
        {post.ready && <CaptionSection post={post} />}
        {post.ready && <WhenSection post={post} />}

        {formError && (
          <Text fontSize="sm" color="red.fg" role="alert" data-testid="post-error">
            {formError}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        open={post.confirmRepost}
        title={words.repostTitle}
        confirmLabel={words.repostConfirm}
        cancelLabel={words.repostKeep}
        destructive={false}
        onConfirm={() => submit(true)}
        onClose={() => post.setConfirmRepost(false)}
      >
        {words.repostText(post.repostLines.join('; '))}
      </ConfirmDialog>
    </AppDialog>
  );
}

/** The accounts to post to: loading, none connected yet (with the way to Settings), or a chip each and what refuses one. */
function AccountsSection({ post, onRenderAgain }: { post: PostVideo; onRenderAgain: (() => void) | undefined }) {
  const { accounts, isLoading, hasVideo, connected, checkedOnce, noAccounts, form, blocked, refused, toggle, problemAccounts, checks, earlierText } = post;
  const earlierAccounts = (accounts ?? []).filter((account) => earlierText(account.id) !== undefined && !problemAccounts.includes(account));
  return (
    <Section
      label={words.accountsLabel}
      aside={
        (accounts ?? []).length > 0 && (
          <Button asChild size="xs" variant="plain" colorPalette="brand" px="0">
            <RouterLink to={paths.settings.href}>{words.manageAccounts}</RouterLink>
          </Button>
        )
      }
    >
      {isLoading || (hasVideo && connected.length > 0 && !checkedOnce) ? (
        <HStack gap="2">
          <Skeleton h="11" w="40" rounded="full" />
          <Skeleton h="11" w="40" rounded="full" />
        </HStack>
      ) : noAccounts ? (
        <Stack align="center" gap="3" borderWidth="1px" borderStyle="dashed" rounded="xl" p="5" textAlign="center" data-testid="post-no-accounts">
          <HStack gap="2">
            {publishingPlatforms.map((platform) => (
              <PlatformTile key={platform} platform={platform} />
            ))}
          </HStack>
          <Text fontSize="sm" color="fg.muted" maxW="sm">
            {words.noAccounts}
          </Text>
          <Button asChild colorPalette="brand" size="sm">
            <RouterLink to={paths.settings.href}>{words.connectInSettings}</RouterLink>
          </Button>
        </Stack>
      ) : (
        <Stack gap="3">
          <HStack wrap="wrap" gap="2" role="group" aria-label={words.accountsLabel}>
            {(accounts ?? []).map((account) => (
              <AccountChip
                key={account.id}
                account={account}
                chosen={form.selected.includes(account.id)}
                blocked={blocked.has(account.id) || !hasVideo}
                onToggle={() => toggle(account.id)}
              />
            ))}
          </HStack>
          {earlierAccounts.length > 0 && (
            <Stack gap="1" data-testid="post-already-posted">
              {earlierAccounts.map((account) => {
                const postUrl = post.earlierPost(account.id)?.postUrl;
                return (
                  <HStack key={account.id} gap="2" fontSize="sm" color="fg.muted" data-testid={`post-already-${account.platform}`}>
                    <PlatformTile platform={account.platform} size="sm" />
                    <Text>{earlierText(account.id)}</Text>
                    {postUrl && (
                      <Button asChild size="2xs" variant="plain" colorPalette="brand" px="0">
                        <a href={postUrl} target="_blank" rel="noreferrer">
                          {words.viewPost} <OpenIcon />
                        </a>
                      </Button>
                    )}
                  </HStack>
                );
              })}
            </Stack>
          )}
          {problemAccounts.map((account) => (
            <AccountProblem
              key={account.id}
              account={account}
              problems={refused.get(account.id) ?? blocked.get(account.id) ?? []}
              watermarkFix={checks.get(account.id)?.watermarkFix}
              onRenderAgain={onRenderAgain}
            />
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** The caption for every platform, then each chosen platform's own fields in a tab. */
function CaptionSection({ post }: { post: PostVideo }) {
  const { form, setForm, platforms, activeTab, setTab, chosen, checks } = post;
  return (
    <Section label={words.captionLabel}>
      <Field.Root>
        <Textarea
          aria-label={words.captionLabel}
          rows={4}
          autoresize
          maxH="48"
          value={form.caption}
          onChange={(event) => {
            const caption = event.target.value;
            setForm((current) => ({ ...current, caption }));
          }}
        />
        <Field.HelperText>{words.captionHelper}</Field.HelperText>
      </Field.Root>
      {platforms.length > 0 && activeTab && (
        <Tabs.Root value={activeTab} onValueChange={(details) => setTab(details.value as PublishingPlatform)} variant="enclosed" size="sm" fitted lazyMount>
          <Tabs.List>
            {platforms.map((platform) => (
              <Tabs.Trigger key={platform} value={platform} gap="1.5" px={{ base: '2', sm: '3' }}>
                {/* On a phone the three names alone fill the row. */}
                <Box display={{ base: 'none', sm: 'inline-flex' }}>
                  <PlatformTile platform={platform} size="sm" />
                </Box>
                {platformNames[platform]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {platforms.map((platform) => (
            <Tabs.Content key={platform} value={platform} pt="4">
              <PlatformFields
                platform={platform}
                form={form}
                setForm={setForm}
                accounts={chosen.filter((account) => account.platform === platform)}
                checks={checks}
              />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </Section>
  );
}

/** Post now, or at a date and time (with the time it will go out). */
function WhenSection({ post }: { post: PostVideo }) {
  const { when, setWhen, setFormError, now, date, setDate, time, setTime, past, at } = post;
  return (
    <Section label={words.whenLabel}>
      <HStack gap="2" role="radiogroup" aria-label={words.whenLabel}>
        {(
          [
            ['now', words.postNow, <SendIcon key="i" />],
            ['schedule', words.schedule, <ClockIcon key="i" />],
          ] as const
        ).map(([value, label, icon]) => (
          <ChoiceButton
            key={value}
            kind="radio"
            chosen={when === value}
            size="sm"
            rounded="full"
            onClick={() => {
              setWhen(value);
              setFormError(undefined);
            }}
          >
            {icon}
            {label}
          </ChoiceButton>
        ))}
      </HStack>
      {when === 'schedule' && (
        <Stack gap="3">
          <DateTimeFields now={now} date={date} time={time} onDate={setDate} onTime={setTime} past={past} pastText={words.pastTime} />
          {at && !past && (
            <Text fontSize="sm" bg="brand.subtle" color="brand.fg" px="3" py="2" rounded="md" data-testid="post-schedule-summary">
              {words.scheduleSummary(whenText(at))}
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}
