import { Field, HStack, Input, Stack, Switch, Text, Textarea } from '@chakra-ui/react';

import { OptionSelect } from '@/components/ui/option-select';
import type { ConnectedAccount, PublishCheckTarget } from '@contract/publishing';
import { defaultPrivacyOptions, postingBounds, postingUiMessages as words } from '@contract/rules/posting';
import type { PublishingPlatform } from '@contract/rules/publishing';

import { captionFieldOf, characterCount, hashtagCount, initialPrivacy, privacyLabel, textFor, type FieldCount, type PostingForm } from '../../lib/posting';

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

/** The fields one platform posts with: its text (following the shared caption until changed), privacy, YouTube's title and flags. */
export function PlatformFields({
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
            <Switch.Root
              key={key}
              checked={form[key]}
              onCheckedChange={(details) => setForm((current) => ({ ...current, [key]: details.checked }))}
              colorPalette="brand"
              alignItems="start"
            >
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
