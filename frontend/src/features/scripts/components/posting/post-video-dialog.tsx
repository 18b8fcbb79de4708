import { Alert, Box, Button, Field, HStack, Image, Input, Skeleton, Stack, Switch, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { PlatformTile } from '@/components/platform-icons';
import { AppDialog } from '@/components/ui/app-dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { OptionSelect } from '@/components/ui/option-select';
import { showToast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { failureText } from '@/lib/failure-text';
import { combineLocal } from '@/lib/local-time';
import { DateTimeFields } from '@/components/date-time-fields';
import { thumbnailSrc } from '@/lib/thumbnails';
import type { ConnectedAccount, PublishCheckTarget } from '@contract/publishing';
import { defaultPrivacyOptions, postingBounds, postingMessages, postingUiMessages as words } from '@contract/rules/posting';
import { platformNames, publishingMessages, publishingPlatforms, type PublishingPlatform } from '@contract/rules/publishing';
import type { Script } from '@contract/scripts';

import { checkPublish, publishVideo, usePostingAccounts } from '../../api/publishing';
import {
  captionFieldOf,
  characterCount,
  checksById,
  initialPrivacy,
  formProblem,
  hashtagCount,
  privacyLabel,
  requestFromForm,
  textFor,
  whenText,
  type FieldCount,
  type PostingForm,
} from '../../lib/posting';
import { CheckIcon, ClockIcon, SendIcon } from './posting-icons';

type When = 'now' | 'schedule';

/** `12/100`, red once over. */
function Counter({ count, label }: { count: FieldCount; label?: string }) {
  return (
    <Text as="span" fontSize="xs" color={count.over ? 'red.fg' : 'fg.muted'} fontVariantNumeric="tabular-nums" aria-live="polite">
      {label ?? `${count.used.toLocaleString()}/${count.max.toLocaleString()}`}
    </Text>
  );
}

/** A field's label with its live counters on the right. */
function CountedLabel({ children, counts }: { children: string; counts: { count: FieldCount; label?: string }[] }) {
  return (
    <HStack justify="space-between" w="full">
      <Field.Label>{children}</Field.Label>
      <HStack gap="3">
        {counts.map((entry) => (
          <Counter key={entry.label ?? 'chars'} {...entry} />
        ))}
      </HStack>
    </HStack>
  );
}

/** An account to post to, as a toggle like the spec's platform buttons: solid when chosen. */
function AccountChip({ account, chosen, blocked, onToggle }: { account: ConnectedAccount; chosen: boolean; blocked: boolean; onToggle: () => void }) {
  const usable = account.status === 'connected' && !blocked;
  return (
    <Button
      variant={chosen ? 'subtle' : 'outline'}
      colorPalette={chosen ? 'brand' : 'gray'}
      size="lg"
      rounded="full"
      ps="1.5"
      pe="3"
      gap="2"
      maxW="full"
      role="checkbox"
      aria-checked={chosen}
      aria-label={`${account.displayName} on ${platformNames[account.platform]}`}
      disabled={!usable}
      onClick={onToggle}
      borderWidth="1px"
      borderColor={chosen ? 'brand.solid' : undefined}
      data-testid={`post-account-${account.platform}`}
    >
      <PlatformTile platform={account.platform} size="sm" />
      <Text as="span" truncate maxW="44" fontWeight="medium">
        {account.displayName}
      </Text>
      {account.status !== 'connected' ? (
        <Text as="span" fontSize="xs" color="orange.fg">
          {account.status === 'expired' ? publishingMessages.expired : publishingMessages.revoked}
        </Text>
      ) : (
        <Box as="span" display="grid" placeItems="center" boxSize="5" rounded="full" bg={chosen ? 'brand.solid' : 'transparent'} borderWidth={chosen ? '0' : '1px'} color="white">
          {chosen && <CheckIcon boxSize="3" />}
        </Box>
      )}
    </Button>
  );
}

/** What stops an account from posting, said plainly, with the way out (Reconnect or Upgrade in Settings). */
function AccountProblem({ account, problems }: { account: ConnectedAccount; problems: readonly string[] }) {
  const reconnect = account.status !== 'connected';
  const upgrade = problems.some((problem) => problem === postingMessages.watermarkOnTikTok || problem === postingMessages.dailyLimit);
  return (
    <Alert.Root status={reconnect ? 'warning' : 'error'} size="sm" rounded="lg" data-testid={`post-problem-${account.platform}`}>
      <Box pt="0.5">
        <PlatformTile platform={account.platform} size="sm" />
      </Box>
      <Alert.Content>
        <Alert.Title>
          {platformNames[account.platform]} · {account.displayName}
        </Alert.Title>
        <Alert.Description>{reconnect ? words.needsReconnect : problems.join(' ')}</Alert.Description>
      </Alert.Content>
      {(reconnect || upgrade) && (
        <Button asChild size="xs" variant="outline" alignSelf="center" flexShrink={0}>
          <RouterLink to={paths.settings.href}>{reconnect ? publishingMessages.reconnect : words.upgrade}</RouterLink>
        </Button>
      )}
    </Alert.Root>
  );
}

/** The fields one platform posts with: its text (following the shared caption until changed), privacy, YouTube's title and flags. */
function PlatformFields({
  platform,
  form,
  setForm,
  accounts,
  checks,
}: {
  platform: PublishingPlatform;
  form: PostingForm;
  setForm: (update: (form: PostingForm) => PostingForm) => void;
  accounts: readonly ConnectedAccount[];
  checks: Map<string, PublishCheckTarget>;
}) {
  const text = textFor(form, platform);
  const field = captionFieldOf[platform];
  const counts: { count: FieldCount; label?: string }[] = [{ count: characterCount(platform, text) }];
  if (platform === 'instagram') counts.push({ count: hashtagCount(text), label: words.hashtags(hashtagCount(text).used, postingBounds.hashtagsMax) });
  return (
    <Stack gap="4">
      {platform === 'youtube' && (
        <Field.Root invalid={characterCount('youtube-title', form.youtubeTitle).over || !form.youtubeTitle.trim()}>
          <CountedLabel counts={[{ count: characterCount('youtube-title', form.youtubeTitle) }]}>{words.youtubeTitle}</CountedLabel>
          <Input value={form.youtubeTitle} onChange={(event) => setForm((current) => ({ ...current, youtubeTitle: event.target.value }))} />
        </Field.Root>
      )}
      <Field.Root invalid={counts.some((entry) => entry.count.over)}>
        <CountedLabel counts={counts}>{field.label}</CountedLabel>
        <Textarea
          rows={3}
          autoresize
          maxH="40"
          value={text}
          onChange={(event) => setForm((current) => ({ ...current, platformText: { ...current.platformText, [platform]: event.target.value } }))}
        />
      </Field.Root>
      {accounts.map((account) => {
        const options = checks.get(account.id)?.privacyOptions ?? [...defaultPrivacyOptions[platform]];
        const value = form.privacy[account.id] ?? initialPrivacy(platform, options);
        const label = accounts.length > 1 ? `${words.privacyLabel} · ${account.displayName}` : words.privacyLabel;
        return (
          <Field.Root key={account.id}>
            <Field.Label>{label}</Field.Label>
            {options.length > 1 ? (
              <OptionSelect
                size="sm"
                label={label}
                value={value}
                placeholder={value ? undefined : words.privacyPlaceholder}
                options={options.map((option) => ({ value: option, label: privacyLabel(option) }))}
                onChange={(next) => setForm((current) => ({ ...current, privacy: { ...current.privacy, [account.id]: next } }))}
              />
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {privacyLabel(value)}
              </Text>
            )}
          </Field.Root>
        );
      })}
      {platform === 'youtube' && (
        <Stack gap="3">
          {(
            [
              ['madeForKids', words.madeForKids, words.madeForKidsHelp],
              ['containsSyntheticMedia', words.synthetic, words.syntheticHelp],
            ] as const
          ).map(([key, label, help]) => (
            <Switch.Root key={key} checked={form[key]} onCheckedChange={(details) => setForm((current) => ({ ...current, [key]: details.checked }))} colorPalette="brand" alignItems="start">
              <Switch.HiddenInput />
              <Switch.Control mt="0.5" />
              <Stack gap="0">
                <Switch.Label>{label}</Switch.Label>
                <Text fontSize="xs" color="fg.muted">
                  {help}
                </Text>
              </Stack>
            </Switch.Root>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

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
 * Schedule Video: the spec's stub made real. Choose connected accounts, a caption (the
 * post caption by default) with each platform's own field and limits, privacy from the account's own
 * options, YouTube's flags, and Post now or at a date and time. The accounts are checked when the dialog
 * opens (a refused one, e.g. TikTok with the free plan's watermark, says why before anyone tries) and again
 * with the choices before anything is posted.
 */
export function PostVideoDialog({ script, onClose, onPosted }: { script: Script; onClose: () => void; onPosted: () => unknown }) {
  const { data: accounts, isLoading, error: accountsError } = usePostingAccounts(true);
  const [checks, setChecks] = useState<Map<string, PublishCheckTarget>>(new Map());
  const [blocked, setBlocked] = useState<Map<string, string[]>>(new Map());
  const [refused, setRefused] = useState<Map<string, string[]>>(new Map());
  const [checkedOnce, setCheckedOnce] = useState(false);
  const [form, setFormState] = useState<PostingForm>(() => ({
    selected: [],
    caption: script.postCaption ?? '',
    platformText: {},
    youtubeTitle: script.title.slice(0, postingBounds.titleMax),
    privacy: {},
    madeForKids: false,
    containsSyntheticMedia: true,
  }));
  const setForm = (update: (current: PostingForm) => PostingForm) => {
    setFormState(update);
    setFormError(undefined);
  };
  const [when, setWhen] = useState<When>('now');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [stage, setStage] = useState<'checking' | 'posting' | null>(null);
  const [formError, setFormError] = useState<string>();
  const [now] = useState(() => new Date());
  const [tab, setTab] = useState<PublishingPlatform | null>(null);

  const connected = useMemo(() => (accounts ?? []).filter((account) => account.status === 'connected').slice(0, postingBounds.targetsMax), [accounts]);
  const hasVideo = Boolean(script.videoUrl);

  // The first check, with every connected account and the defaults: each one's privacy options and what would refuse it.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !accounts || !hasVideo) return;
    started.current = true;
    if (connected.length === 0) {
      setCheckedOnce(true);
      return;
    }
    checkPublish(script.id, { targets: connected.map((account) => ({ accountId: account.id })) })
      .then(({ targets }) => {
        const byId = checksById(targets);
        setChecks(byId);
        setBlocked(new Map(targets.filter((target) => !target.ok).map((target) => [target.accountId, target.problems])));
        setFormState((current) => ({
          ...current,
          selected: connected.filter((account) => byId.get(account.id)?.ok !== false).map((account) => account.id),
          privacy: Object.fromEntries(targets.map((target) => [target.accountId, initialPrivacy(target.platform, target.privacyOptions)])),
        }));
      })
      .catch((failure: unknown) => {
        setFormError(failureText(failure, words.checkFailed));
        setFormState((current) => ({ ...current, selected: connected.map((account) => account.id) }));
      })
      .finally(() => setCheckedOnce(true));
  }, [accounts, connected, hasVideo, script.id]);

  const chosen = (accounts ?? []).filter((account) => form.selected.includes(account.id));
  const platforms = publishingPlatforms.filter((platform) => chosen.some((account) => account.platform === platform));
  const activeTab = tab && platforms.includes(tab) ? tab : platforms[0];
  const at = when === 'schedule' ? combineLocal(date, time) : undefined;
  const past = at !== undefined && at.getTime() <= Date.now();
  const problemAccounts = (accounts ?? []).filter((account) => account.status !== 'connected' || blocked.has(account.id) || refused.has(account.id));

  const toggle = (id: string) => {
    setRefused((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
    setForm((current) => ({ ...current, selected: current.selected.includes(id) ? current.selected.filter((one) => one !== id) : [...current.selected, id] }));
  };

  async function submit() {
    const list = accounts ?? [];
    const problem = formProblem(form, list);
    if (problem) {
      setFormError(problem);
      return;
    }
    if (when === 'schedule' && (!at || past)) {
      setFormError(at ? words.pastTime : 'Please select both date and time for scheduling');
      return;
    }
    const request = requestFromForm(form, list, at);
    setStage('checking');
    try {
      const { targets } = await checkPublish(script.id, request);
      const refusedNow = targets.filter((target) => !target.ok);
      if (refusedNow.length > 0) {
        setRefused(new Map(refusedNow.map((target) => [target.accountId, target.problems])));
        setFormError(words.fixProblems);
        return;
      }
      setStage('posting');
      const { publications } = await publishVideo(script.id, request);
      if (at) showToast({ type: 'success', title: words.scheduledToast(whenText(at)), description: words.postedToastText });
      else showToast({ type: 'success', title: words.postedToast(publications.length), description: words.postedToastText });
      void onPosted();
      onClose();
    } catch (failure) {
      const message = failureText(failure, words.checkFailed);
      setFormError(message);
      showToast({ type: 'error', title: words.postFailedToast, description: message });
    } finally {
      setStage(null);
    }
  }

  const busy = stage !== null;
  const ready = hasVideo && checkedOnce && connected.length > 0;
  const noAccounts = !isLoading && !accountsError && (accounts ?? []).length === 0;

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
                  <AccountChip key={account.id} account={account} chosen={form.selected.includes(account.id)} blocked={blocked.has(account.id) || !hasVideo} onToggle={() => toggle(account.id)} />
                ))}
              </HStack>
              {problemAccounts.map((account) => (
                <AccountProblem key={account.id} account={account} problems={refused.get(account.id) ?? blocked.get(account.id) ?? []} />
              ))}
            </Stack>
          )}
        </Section>

        {ready && (
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
                    <PlatformFields platform={platform} form={form} setForm={setForm} accounts={chosen.filter((account) => account.platform === platform)} checks={checks} />
                  </Tabs.Content>
                ))}
              </Tabs.Root>
            )}
          </Section>
        )}

        {ready && (
          <Section label={words.whenLabel}>
            <HStack gap="2" role="radiogroup" aria-label={words.whenLabel}>
              {(
                [
                  ['now', words.postNow, <SendIcon key="i" />],
                  ['schedule', words.schedule, <ClockIcon key="i" />],
                ] as const
              ).map(([value, label, icon]) => (
                <Button
                  key={value}
                  size="sm"
                  rounded="full"
                  role="radio"
                  aria-checked={when === value}
                  variant={when === value ? 'solid' : 'outline'}
                  colorPalette={when === value ? 'brand' : 'gray'}
                  onClick={() => {
                    setWhen(value);
                    setFormError(undefined);
                  }}
                >
                  {icon}
                  {label}
                </Button>
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
        )}

        {formError && (
          <Text fontSize="sm" color="red.fg" role="alert" data-testid="post-error">
            {formError}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
