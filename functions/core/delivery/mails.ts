import { createElement as h, type ReactNode } from 'react';
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { MailMessage } from '../ports/accounts';

/**
 * The delivery mails, made with react-email: HTML that mail clients render (tables and
 * inline styles) and a plain-text part written beside it. Every mail names how to stop it.
 */

export interface VideoMailInput {
  to: string;
  title: string;
  postCaption: string;
  shareUrl: string;
  thumbnailUrl: string | null;
  expiresAt: string;
  durationSeconds: number | null;
  settingsUrl: string;
  /** Why this mail was sent, one sentence (an automation schedule's own body). */
  reason: string;
  /** An automation schedule's own subject; else `Your video is ready: <title>`. */
  subject?: string;
}

export interface WeeklyMailInput {
  to: string;
  category: string;
  scripts: { title: string; url: string; excerpt: string }[];
  /** Set when the plan's tokens ran out before all were written. */
  limitNote: string | null;
  settingsUrl: string;
}

const colors = { ink: '#18181b', muted: '#52525b', brand: '#7c3aed', soft: '#f4f4f5', line: '#e4e4e7' };
const fontFamily = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function frame(preview: string, children: ReactNode[], settingsUrl: string) {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, preview),
    h(
      Body,
      { style: { backgroundColor: colors.soft, fontFamily, margin: 0, padding: '24px 0' } },
      h(
        Container,
        { style: { backgroundColor: '#ffffff', borderRadius: '12px', maxWidth: '560px', padding: '32px', border: `1px solid ${colors.line}` } },
        h(Text, { style: { color: colors.brand, fontWeight: 700, fontSize: '14px', letterSpacing: '0.04em', margin: '0 0 16px' } }, 'REELSMITH'),
        ...children,
        h(Hr, { style: { borderColor: colors.line, margin: '28px 0 16px' } }),
        h(
          Text,
          { style: { color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: 0 } },
          'You get this because of your automation settings in Reelsmith. ',
          h(Link, { href: settingsUrl, style: { color: colors.muted, textDecoration: 'underline' } }, 'Change or stop these emails'),
          '.',
        ),
      ),
    ),
  );
}

function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function expiryText(expiresAt: string): string {
  return new Date(expiresAt).toUTCString().replace(/:\d\d GMT$/, ' UTC');
}

export async function videoMail(input: VideoMailInput): Promise<MailMessage> {
  const duration = formatDuration(input.durationSeconds);
  const caption = input.postCaption.trim();
  const html = await render(
    frame(
      `Your video "${input.title}" is ready`,
      [
        h(Heading, { as: 'h1', style: { color: colors.ink, fontSize: '24px', lineHeight: '32px', margin: '0 0 8px' } }, input.title),
        h(Text, { style: { color: colors.muted, fontSize: '14px', margin: '0 0 20px' } }, [input.reason, duration ? ` Length ${duration}.` : ''].join('')),
        input.thumbnailUrl
          ? h(
              Link,
              { href: input.shareUrl },
              h(Img, {
                src: input.thumbnailUrl,
                alt: input.title,
                width: '240',
                style: { borderRadius: '10px', display: 'block', margin: '0 auto 20px', maxWidth: '100%' },
              }),
            )
          : h(Section, null),
        h(
          Section,
          { style: { textAlign: 'center', margin: '0 0 24px' } },
          h(
            Button,
            {
              href: input.shareUrl,
              style: { backgroundColor: colors.brand, borderRadius: '8px', color: '#ffffff', fontSize: '16px', fontWeight: 600, padding: '12px 24px' },
            },
            'Watch and download',
          ),
        ),
        caption
          ? h(
              Section,
              { style: { backgroundColor: colors.soft, borderRadius: '8px', padding: '16px' } },
              h(
                Text,
                { style: { color: colors.muted, fontSize: '12px', fontWeight: 600, margin: '0 0 6px', textTransform: 'uppercase' } },
                'Post caption, ready to copy',
              ),
              h(Text, { style: { color: colors.ink, fontSize: '15px', lineHeight: '22px', margin: 0, whiteSpace: 'pre-wrap' } }, caption),
            )
          : h(Section, null),
        h(
          Text,
          { style: { color: colors.muted, fontSize: '13px', margin: '20px 0 0' } },
          `The link works without signing in until ${expiryText(input.expiresAt)}. You can revoke it from the script card.`,
        ),
      ],
      input.settingsUrl,
    ),
  );
  const text = [
    `${input.title}`,
    '',
    input.reason + (duration ? ` Length ${duration}.` : ''),
    '',
    `Watch and download: ${input.shareUrl}`,
    ...(caption ? ['', 'Post caption, ready to copy:', caption] : []),
    '',
    `The link works without signing in until ${expiryText(input.expiresAt)}. You can revoke it from the script card.`,
    '',
    `Change or stop these emails: ${input.settingsUrl}`,
  ].join('\n');
  return { to: input.to, subject: input.subject ?? `Your video is ready: ${input.title}`, text, html };
}

export async function testMail(to: string, settingsUrl: string): Promise<MailMessage> {
  const line = 'This is a test of your Reelsmith email automation. When a video or voice-over is ready, it arrives at this address like this.';
  const html = await render(
    frame(
      'Your automation email works',
      [
        h(Heading, { as: 'h1', style: { color: colors.ink, fontSize: '22px', margin: '0 0 12px' } }, 'Your automation email works'),
        h(Text, { style: { color: colors.ink, fontSize: '15px', lineHeight: '22px' } }, line),
      ],
      settingsUrl,
    ),
  );
  return { to, subject: 'Reelsmith test email', text: `Your automation email works\n\n${line}\n\nChange or stop these emails: ${settingsUrl}`, html };
}

export async function weeklyMail(input: WeeklyMailInput): Promise<MailMessage> {
  const heading =
    input.scripts.length > 0 ? `${input.scripts.length} fresh script${input.scripts.length === 1 ? '' : 's'} for this week` : 'No new scripts this week';
  const html = await render(
    frame(
      heading,
      [
        h(Heading, { as: 'h1', style: { color: colors.ink, fontSize: '24px', margin: '0 0 8px' } }, heading),
        h(
          Text,
          { style: { color: colors.muted, fontSize: '14px', margin: '0 0 20px' } },
          `Written for your subject: ${input.category}. Each one is saved in your workspace.`,
        ),
        ...input.scripts.map((script) =>
          h(
            Section,
            { key: script.url, style: { border: `1px solid ${colors.line}`, borderRadius: '8px', padding: '14px 16px', margin: '0 0 12px' } },
            h(Link, { href: script.url, style: { color: colors.ink, fontSize: '16px', fontWeight: 600 } }, script.title),
            h(Text, { style: { color: colors.muted, fontSize: '14px', lineHeight: '20px', margin: '6px 0 0' } }, script.excerpt),
          ),
        ),
        input.limitNote ? h(Text, { style: { color: '#b91c1c', fontSize: '14px', margin: '12px 0 0' } }, input.limitNote) : h(Section, null),
      ],
      input.settingsUrl,
    ),
  );
  const text = [
    heading,
    `Written for your subject: ${input.category}. Each one is saved in your workspace.`,
    '',
    ...input.scripts.flatMap((script) => [script.title, script.excerpt, script.url, '']),
    ...(input.limitNote ? [input.limitNote, ''] : []),
    `Change or stop these emails: ${input.settingsUrl}`,
  ].join('\n');
  return { to: input.to, subject: `Reelsmith: ${heading.toLowerCase()}`, text, html };
}

export interface AudioMailInput {
  to: string;
  title: string;
  durationSeconds: number | null;
  scriptsUrl: string;
  settingsUrl: string;
}

export async function audioMail(input: AudioMailInput): Promise<MailMessage> {
  const duration = formatDuration(input.durationSeconds);
  const line = `The voice-over of "${input.title}" is ready${duration ? ` (${duration})` : ''}. Listen to it, or make the video, from your scripts.`;
  const html = await render(
    frame(
      `Your voice-over "${input.title}" is ready`,
      [
        h(Heading, { as: 'h1', style: { color: colors.ink, fontSize: '22px', margin: '0 0 12px' } }, 'Your voice-over is ready'),
        h(Text, { style: { color: colors.ink, fontSize: '15px', lineHeight: '22px' } }, line),
        h(
          Section,
          { style: { textAlign: 'center', margin: '8px 0 0' } },
          h(
            Button,
            {
              href: input.scriptsUrl,
              style: { backgroundColor: colors.brand, borderRadius: '8px', color: '#ffffff', fontSize: '16px', fontWeight: 600, padding: '12px 24px' },
            },
            'Open your scripts',
          ),
        ),
      ],
      input.settingsUrl,
    ),
  );
  return {
    to: input.to,
    subject: `Your voice-over is ready: ${input.title}`,
    text: `Your voice-over is ready\n\n${line}\n\nOpen your scripts: ${input.scriptsUrl}\n\nChange or stop these emails: ${input.settingsUrl}`,
    html,
  };
}

export interface AutomationFailedMailInput {
  to: string;
  scheduleName: string;
  reason: string;
  workflowsUrl: string;
  settingsUrl: string;
}

/** A short notice: a heading, what happened, what happens next, one button. */
interface NoticeMail {
  to: string;
  subject: string;
  preview: string;
  heading: string;
  line: string;
  next: string;
  button: { label: string; url: string };
  settingsUrl: string;
  /** The text part's closing line (the settings link), if any. */
  footer?: string;
}

async function noticeMail(notice: NoticeMail): Promise<MailMessage> {
  const html = await render(
    frame(
      notice.preview,
      [
        h(Heading, { as: 'h1', style: { color: colors.ink, fontSize: '22px', margin: '0 0 12px' } }, notice.heading),
        h(Text, { style: { color: colors.ink, fontSize: '15px', lineHeight: '22px' } }, notice.line),
        h(Text, { style: { color: colors.muted, fontSize: '14px', lineHeight: '20px' } }, notice.next),
        h(
          Section,
          { style: { textAlign: 'center', margin: '8px 0 0' } },
          h(
            Button,
            {
              href: notice.button.url,
              style: { backgroundColor: colors.brand, borderRadius: '8px', color: '#ffffff', fontSize: '16px', fontWeight: 600, padding: '12px 24px' },
            },
            notice.button.label,
          ),
        ),
      ],
      notice.settingsUrl,
    ),
  );
  const footer = notice.footer ? `\n\n${notice.footer}` : '';
  return {
    to: notice.to,
    subject: notice.subject,
    text: `${notice.heading}\n\n${notice.line}\n\n${notice.next}\n\n${notice.button.label}: ${notice.button.url}${footer}`,
    html,
  };
}

/** An automation schedule's run failed: the owner learns why; the next run is still scheduled. */
export function automationFailedMail(input: AutomationFailedMailInput): Promise<MailMessage> {
  return noticeMail({
    to: input.to,
    subject: `Automation failed: ${input.scheduleName}`,
    preview: `Automation "${input.scheduleName}" failed`,
    heading: 'An automation run failed',
    line: `The automation schedule "${input.scheduleName}" could not make its video: ${input.reason}`,
    next: 'The schedule stays on and runs again at its next time.',
    button: { label: 'Open your workflows', url: input.workflowsUrl },
    settingsUrl: input.settingsUrl,
    footer: `Change or stop these emails: ${input.settingsUrl}`,
  });
}

export interface PaymentFailedMailInput {
  to: string;
  planName: string;
  settingsUrl: string;
}

/** A subscription's payment failed: the creator is told and sent to the portal, through Settings. */
export function paymentFailedMail(input: PaymentFailedMailInput): Promise<MailMessage> {
  return noticeMail({
    to: input.to,
    subject: 'Your Reelsmith payment did not go through',
    preview: 'Your payment did not go through',
    heading: 'Your payment did not go through',
    line: `We could not take the payment for your ${input.planName} plan. Stripe will try again over the next days; your plan stays on meanwhile.`,
    next: 'Update your card in Settings → Manage Subscription so your videos keep coming.',
    button: { label: 'Update payment method', url: input.settingsUrl },
    settingsUrl: input.settingsUrl,
  });
}
