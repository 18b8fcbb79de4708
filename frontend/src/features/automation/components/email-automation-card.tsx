import { Alert, Badge, Box, Button, Card, Field, Heading, HStack, Input, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

import { showToast } from '@/components/ui/toaster';
import { failureText } from '@/lib/failure-text';
import { browserTimeZone } from '@/lib/time-zone';
import type { WebhookTestResult } from '@contract/delivery';

import {
  DELIVERIES_KEY,
  saveDeliverySettings,
  sendTestEmail,
  sendTestWebhook,
  useDeliverySettings,
  type CardSettings,
} from '../api/delivery';
import {
  formatDuration,
  formFromSettings,
  formsEqual,
  lastTriggeredText,
  missingAutomationEmailMessage,
  missingWebhookUrlMessage,
  requestFromForm,
  type DeliveryForm,
} from '../lib/delivery';
import { DeliveryLog } from './delivery-log';
import { ClockIcon, MailIcon, SendIcon, SparkIcon, WebhookIcon } from './icons';
import { SectionHeader, SettingSwitch } from './setting-controls';
import { SigningSecret } from './signing-secret';
import { WeeklyEmailFields } from './weekly-email-fields';

/** The id of the webhook section, which the Webhook card scrolls to. */
export const WEBHOOK_SECTION_ID = 'webhook-settings';
export const WEBHOOK_URL_INPUT_ID = 'webhook-url';

/** What needs the user's attention: a suppressed address, a webhook switched off by its receiver, an event that ran out of retries. */
function Notices({ settings }: { settings: CardSettings | null | undefined }) {
  if (!settings) return null;
  const notes: { title: string; text: string; status: 'warning' | 'error' }[] = [];
  if (settings.automationEmailSuppressed)
    notes.push({
      status: 'error',
      title: 'Emails to this address are paused',
      text: `${settings.automationEmail ?? 'Your automation email'} bounced or marked a message as spam, so nothing more is sent to it. Enter a different address and save.`,
    });
  if (settings.webhookDisabledReason)
    notes.push({ status: 'warning', title: 'Webhook switched off', text: `${settings.webhookDisabledReason} Save the URL again to switch it back on.` });
  if (settings.lastWebhookFailure) notes.push({ status: 'warning', title: 'A webhook could not be delivered', text: settings.lastWebhookFailure });
  if (notes.length === 0) return null;
  return (
    <Stack gap="2" data-testid="delivery-notices">
      {notes.map((note) => (
        <Alert.Root key={note.title} status={note.status} variant="subtle" rounded="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{note.title}</Alert.Title>
            <Alert.Description>{note.text}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
}

function WebhookTestLine({ result }: { result: WebhookTestResult }) {
  return (
    <HStack
      gap="2"
      fontSize="sm"
      px="3"
      py="2"
      rounded="md"
      bg={result.delivered ? 'green.subtle' : 'red.subtle'}
      color={result.delivered ? 'green.fg' : 'red.fg'}
      role="status"
      data-testid="webhook-test-result"
      wrap="wrap"
    >
      <Badge colorPalette={result.delivered ? 'green' : 'red'} variant="solid" fontFamily="mono">
        {result.statusCode ?? 'no answer'}
      </Badge>
      <Text fontWeight="medium">{result.delivered ? 'Delivered' : 'Not delivered'}</Text>
      <Text>· {formatDuration(result.durationMs)}</Text>
      {result.message && <Text flexBasis={{ base: 'full', sm: 'auto' }}>· {result.message}</Text>}
    </HStack>
  );
}

/**
 * Email Automation (spec 001 §2, §3, §7; issue 12): where finished videos go (the automation email, the
 * webhook URL and the five switches), the signing secret and delivery log, the weekly script email, Save
 * and the two tests.
 */
export function EmailAutomationCard() {
  const { data: settings, error, isLoading, mutate } = useDeliverySettings();
  const { mutate: mutateKey } = useSWRConfig();
  const [form, setForm] = useState<DeliveryForm>(() => formFromSettings(settings));
  const saved = useRef<DeliveryForm>(formFromSettings(settings));
  const [saving, setSaving] = useState(false);
  const [testingEmail, setTestingEmail] = useState(false);
  const [testingWebhook, setTestingWebhook] = useState(false);
  const [webhookResult, setWebhookResult] = useState<WebhookTestResult>();
  const timeZone = settings?.timeZone ?? browserTimeZone();

  // New saved values (first load, a save, a realtime refresh) replace the form unless the user is editing it.
  useEffect(() => {
    if (settings === undefined) return;
    const next = formFromSettings(settings);
    const previous = saved.current;
    saved.current = next;
    setForm((current) => (formsEqual(current, previous) ? next : current));
  }, [settings]);

  const dirty = !formsEqual(form, saved.current);
  const update = (changes: Partial<DeliveryForm>) => setForm((current) => ({ ...current, ...changes }));

  async function save() {
    setSaving(true);
    try {
      const next = await saveDeliverySettings(requestFromForm(form, browserTimeZone()));
      saved.current = formFromSettings(next);
      setForm(saved.current);
      await mutate(next, { revalidate: false });
      showToast({ type: 'success', title: 'Settings saved.' });
    } catch (failure) {
      showToast({ type: 'error', title: 'Failed to save email settings', description: failureText(failure, 'Please try again.') });
    } finally {
      setSaving(false);
    }
  }

  async function testEmail() {
    const address = form.automationEmail.trim();
    if (!address) {
      showToast({ type: 'error', title: missingAutomationEmailMessage });
      return;
    }
    setTestingEmail(true);
    try {
      const { message } = await sendTestEmail(address);
      showToast({ type: 'success', title: 'Test email sent', description: message });
      void mutate();
    } catch (failure) {
      showToast({ type: 'error', title: 'Email Test Failed', description: failureText(failure, 'Failed to send test email') });
    } finally {
      setTestingEmail(false);
    }
  }

  async function testWebhook() {
    const url = form.webhookUrl.trim();
    if (!url && !settings?.webhookUrl) {
      showToast({ type: 'error', title: missingWebhookUrlMessage });
      return;
    }
    setTestingWebhook(true);
    setWebhookResult(undefined);
    try {
      setWebhookResult(await sendTestWebhook(url || undefined));
    } catch (failure) {
      setWebhookResult({ delivered: false, statusCode: null, durationMs: 0, message: failureText(failure, 'Failed to send test webhook') });
    } finally {
      setTestingWebhook(false);
      void mutateKey(DELIVERIES_KEY);
    }
  }

  if (isLoading) {
    return (
      <Card.Root data-testid="email-automation-card">
        <Card.Body gap="4">
          <Skeleton h="6" w="50%" />
          <Skeleton h="24" />
          <Skeleton h="24" />
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root data-testid="email-automation-card" as="section" aria-labelledby="email-automation-heading">
      <Card.Header>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'start' }} gap="2">
          <Box>
            <Heading as="h2" size="lg" id="email-automation-heading">
              Email Automation
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Send every finished video where it needs to go: your inbox, your team, or your tools.
            </Text>
          </Box>
          {settings && (
            <HStack gap="2" flexShrink="0" wrap="wrap">
              <Badge variant="subtle" colorPalette="gray" size="md" data-testid="last-triggered">
                <ClockIcon /> {lastTriggeredText(settings.lastTriggered)}
              </Badge>
              <Badge variant="subtle" colorPalette={settings.mailsLeftToday > 0 ? 'brand' : 'red'} size="md" data-testid="mails-left">
                {settings.mailsLeftToday} {settings.mailsLeftToday === 1 ? 'email' : 'emails'} left today
              </Badge>
            </HStack>
          )}
        </Stack>
      </Card.Header>
      <Card.Body gap="6">
        {error && (
          <Text color="red.fg" fontSize="sm">
            Failed to load your automation settings. The defaults are shown.
          </Text>
        )}
        <Notices settings={settings} />

        <Stack gap="3" as="section" aria-label="Email">
          <SectionHeader icon={<MailIcon />} title="Email" description="Get each finished video in your inbox, with its caption ready to copy." />
          <Field.Root invalid={Boolean(settings?.automationEmailSuppressed && form.automationEmail === saved.current.automationEmail)}>
            <Field.Label>Automation email</Field.Label>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
              <Input
                type="email"
                placeholder="you@example.com"
                value={form.automationEmail}
                onChange={(event) => update({ automationEmail: event.target.value })}
                autoComplete="email"
                flex={{ sm: '1' }}
              />
              <Button variant="outline" onClick={() => void testEmail()} loading={testingEmail} loadingText="Sending…" flexShrink="0">
                <SendIcon /> Send test email
              </Button>
            </Stack>
            <Field.HelperText>Where video emails go. If it is empty, Send Now and scheduled emails use your account email.</Field.HelperText>
          </Field.Root>
          <Stack gap="0" mx="-3">
            <SettingSwitch
              label="Email automation"
              description="The main switch for automatic emails. Turn it off to pause them all."
              checked={form.enableEmailAutomation}
              onChange={(checked) => update({ enableEmailAutomation: checked })}
              testId="switch-enableEmailAutomation"
            />
            <SettingSwitch
              label="Email me when a video is ready"
              description="The video, its thumbnail, caption and a share link."
              checked={form.enableVideoEmail}
              onChange={(checked) => update({ enableVideoEmail: checked })}
              disabled={!form.enableEmailAutomation}
              testId="switch-enableVideoEmail"
            />
            <SettingSwitch
              label="Email me when a voice-over is ready"
              description="A note as soon as the audio is generated."
              checked={form.enableAudioEmail}
              onChange={(checked) => update({ enableAudioEmail: checked })}
              disabled={!form.enableEmailAutomation}
              testId="switch-enableAudioEmail"
            />
          </Stack>
        </Stack>

        <Separator />

        <Stack gap="3" as="section" aria-label="Webhook" id={WEBHOOK_SECTION_ID} scrollMarginTop="24">
          <SectionHeader
            icon={<WebhookIcon />}
            palette="brand"
            title="Webhook"
            description="Push finished videos to Zapier, Make, n8n or your own server as signed events."
          />
          <Field.Root>
            <Field.Label htmlFor={WEBHOOK_URL_INPUT_ID}>Webhook URL</Field.Label>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
              <Input
                id={WEBHOOK_URL_INPUT_ID}
                type="url"
                placeholder="https://hooks.example.com/reelsmith"
                value={form.webhookUrl}
                onChange={(event) => update({ webhookUrl: event.target.value })}
                flex={{ sm: '1' }}
              />
              <Button variant="outline" onClick={() => void testWebhook()} loading={testingWebhook} loadingText="Sending…" flexShrink="0">
                <SendIcon /> Send test webhook
              </Button>
            </Stack>
          </Field.Root>
          {webhookResult && <WebhookTestLine result={webhookResult} />}
          <Stack gap="0" mx="-3">
            <SettingSwitch
              label="Send a webhook when a video is ready"
              description={
                <>
                  A <code>video.completed</code> event with the title, duration, caption and share link.
                </>
              }
              checked={form.enableVideoWebhook}
              onChange={(checked) => update({ enableVideoWebhook: checked })}
              testId="switch-enableVideoWebhook"
            />
            <SettingSwitch
              label="Send a webhook when a voice-over is ready"
              description={
                <>
                  An <code>audio.completed</code> event.
                </>
              }
              checked={form.enableAudioWebhook}
              onChange={(checked) => update({ enableAudioWebhook: checked })}
              testId="switch-enableAudioWebhook"
            />
          </Stack>
          <SigningSecret secret={settings?.webhookSecret} onRotated={(next) => void mutate(next, { revalidate: false })} />
          <DeliveryLog />
        </Stack>

        <Separator />

        <Stack gap="3" as="section" aria-label="Weekly script email">
          <SectionHeader icon={<SparkIcon />} palette="orange" title="Weekly script email" description="A fresh batch of scripts in your inbox, on the day and time you pick." />
          <Box mx={{ base: '-3', sm: '-3' }}>
            <WeeklyEmailFields value={form} onChange={update} timeZone={timeZone} />
          </Box>
        </Stack>
      </Card.Body>
      <Card.Footer
        justifyContent="space-between"
        gap="3"
        flexWrap="wrap"
        borderTopWidth="1px"
        pt="4"
        position="sticky"
        bottom="0"
        bg="bg"
        roundedBottom="l3"
        zIndex="1"
        boxShadow="0 -8px 16px -12px rgba(15, 23, 42, 0.18)"
      >
        <Text fontSize="sm" color={dirty ? 'orange.fg' : 'fg.muted'} data-testid="save-state">
          {dirty ? 'You have unsaved changes' : settings ? 'All changes saved' : 'Not saved yet: these are the defaults'}
        </Text>
        <Button colorPalette="brand" onClick={() => void save()} loading={saving} loadingText="Saving…">
          Save settings
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
