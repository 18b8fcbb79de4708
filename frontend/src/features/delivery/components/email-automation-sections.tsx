import { Alert, Badge, Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';

import type { ReactNode } from 'react';

import type { WebhookTestResult } from '@contract/delivery';

import type { CardSettings } from '../api/delivery';
import type { EmailAutomation } from '../hooks/use-email-automation';
import { formatDuration, type DeliveryForm } from '../lib/delivery';
import { DeliveryLog } from './delivery-log';
import { MailIcon, SendIcon, SparkIcon, WebhookIcon } from './icons';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { SectionHeader } from './setting-controls';
import { SigningSecret } from './signing-secret';
import { WeeklyEmailFields } from './weekly-email-fields';

/**
 * The Email Automation card's three sections, views over `useEmailAutomation`.
 */

/** A boolean field of the form, and how its switch reads; `needsAutomation`: off while the main email switch is off. */
interface FormSwitch {
  field: { [K in keyof DeliveryForm]: DeliveryForm[K] extends boolean ? K : never }[keyof DeliveryForm];
  label: string;
  description: ReactNode;
  needsAutomation?: boolean;
}

const emailSwitches: FormSwitch[] = [
  { field: 'enableEmailAutomation', label: 'Email automation', description: 'The main switch for automatic emails. Turn it off to pause them all.' },
  {
    field: 'enableVideoEmail',
    label: 'Email me when a video is ready',
    description: 'The video, its thumbnail, caption and a share link.',
    needsAutomation: true,
  },
  { field: 'enableAudioEmail', label: 'Email me when a voice-over is ready', description: 'A note as soon as the audio is generated.', needsAutomation: true },
];

const webhookSwitches: FormSwitch[] = [
  {
    field: 'enableVideoWebhook',
    label: 'Send a webhook when a video is ready',
    description: (
      <>
        A <code>video.completed</code> event with the title, duration, caption and share link.
      </>
    ),
  },
  {
    field: 'enableAudioWebhook',
    label: 'Send a webhook when a voice-over is ready',
    description: (
      <>
        An <code>audio.completed</code> event.
      </>
    ),
  },
];

/** A section's switches, each bound to its field of the form (test id `switch-<field>`). */
function FormSwitches({ form, update, switches }: Pick<EmailAutomation, 'form' | 'update'> & { switches: FormSwitch[] }) {
  return (
    <Stack gap="0" mx="-3">
      {switches.map(({ field, label, description, needsAutomation }) => (
        <SettingSwitch
          key={field}
          label={label}
          description={description}
          checked={form[field]}
          onChange={(checked) => update({ [field]: checked })}
          disabled={needsAutomation && !form.enableEmailAutomation}
          testId={`switch-${field}`}
        />
      ))}
    </Stack>
  );
}

/** The id of the webhook section, which the Webhook card scrolls to. */
export const WEBHOOK_SECTION_ID = 'webhook-settings';
export const WEBHOOK_URL_INPUT_ID = 'webhook-url';

/** What needs the user's attention: a suppressed address, a webhook switched off by its receiver, an event that ran out of retries. */
export function Notices({ settings }: { settings: CardSettings | null | undefined }) {
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
      {!result.urlSaved && (
        <Text flexBasis="full" color="fg.muted" data-testid="webhook-test-unsaved">
          This URL is not saved yet: press Save settings to keep it.
        </Text>
      )}
    </HStack>
  );
}

/** Where finished videos are mailed: the automation email, its test, and the three email switches. */
export function EmailSection({ form, update, emailSuppressed, testEmail, testingEmail }: EmailAutomation) {
  return (
    <Stack gap="3" as="section" aria-label="Email">
      <SectionHeader icon={<MailIcon />} title="Email" description="Get each finished video in your inbox, with its caption ready to copy." />
      <Field.Root invalid={emailSuppressed}>
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
      <FormSwitches form={form} update={update} switches={emailSwitches} />
    </Stack>
  );
}

/** Where finished videos are pushed as signed events: the URL, its test, the two webhook switches, the signing secret and the log. */
export function WebhookSection({ settings, form, update, testWebhook, testingWebhook, webhookResult, webhookUrlError, secretRotated }: EmailAutomation) {
  return (
    <Stack gap="3" as="section" aria-label="Webhook" id={WEBHOOK_SECTION_ID} scrollMarginTop="24">
      <SectionHeader
        icon={<WebhookIcon />}
        palette="brand"
        title="Webhook"
        description="Push finished videos to Zapier, Make, n8n or your own server as signed events."
      />
      <Field.Root invalid={Boolean(webhookUrlError)}>
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
        <Field.ErrorText data-testid="webhook-url-error">{webhookUrlError}</Field.ErrorText>
      </Field.Root>
      {webhookResult && <WebhookTestLine result={webhookResult} />}
      <FormSwitches form={form} update={update} switches={webhookSwitches} />
      <SigningSecret secret={settings?.webhookSecret} onRotated={secretRotated} />
      <DeliveryLog />
    </Stack>
  );
}

/** The weekly batch of scripts: its switch, day, time and count, in the creator's time zone. */
export function WeeklySection({ form, update, timeZone }: EmailAutomation) {
  return (
    <Stack gap="3" as="section" aria-label="Weekly script email">
      <SectionHeader
        icon={<SparkIcon />}
        palette="orange"
        title="Weekly script email"
        description="A fresh batch of scripts in your inbox, on the day and time you pick."
      />
      <Box mx={{ base: '-3', sm: '-3' }}>
        <WeeklyEmailFields value={form} onChange={update} timeZone={timeZone} />
      </Box>
    </Stack>
  );
}
