import { z } from 'zod';
import {
  deliverySettingsSchema,
  scheduledEmailSchema,
  sentEmailSchema,
  sharedVideoSchema,
  shareLinkSchema,
  shareLinksSchema,
  webhookDeliveriesSchema,
  webhookTestResultSchema,
} from '../../../contract/delivery';
import { messageAnswerSchema } from '../../../contract/messages';
import { created, ok, type AreaDescriptions } from '../route-description';

/** Automations: e-mail and webhook settings, mails now and later, share links. */
export const deliveryRoutes: AreaDescriptions = {
  'GET /api/webhook-settings': {
    summary: 'Get the automation settings',
    operationId: 'getDeliverySettings',
    success: ok(deliverySettingsSchema, 'Webhook, e-mail and weekly e-mail settings.'),
    errors: [404],
  },
  'POST /api/webhook-settings': {
    summary: 'Save the automation settings',
    description: 'Fields left out keep their value.',
    operationId: 'saveDeliverySettings',
    success: ok(deliverySettingsSchema, 'The settings as saved.'),
  },
  'POST /api/webhook-settings/rotate-secret': {
    summary: 'Rotate the webhook signing secret',
    operationId: 'rotateWebhookSecret',
    success: ok(deliverySettingsSchema, 'The settings with the new secret.'),
  },
  'POST /api/test-email': { summary: 'Send a test e-mail', operationId: 'sendTestEmail', success: ok(messageAnswerSchema, 'Sent.'), errors: [403, 429] },
  'POST /api/webhook-test-direct': {
    summary: 'Send a test webhook',
    description: 'A `webhook.test` event to the URL given, else the saved one; the answer says how the receiver answered.',
    operationId: 'testWebhook',
    success: ok(webhookTestResultSchema, 'The attempt.'),
    errors: [429],
  },
  'GET /api/webhook-deliveries': {
    summary: 'List webhook attempts',
    operationId: 'listWebhookDeliveries',
    success: ok(webhookDeliveriesSchema, 'The last 50 attempts.'),
  },
  'GET /api/scheduled-emails': {
    summary: 'List scheduled e-mails',
    operationId: 'listScheduledEmails',
    success: ok(z.array(scheduledEmailSchema), 'Your scheduled e-mails.'),
  },
  'DELETE /api/scheduled-emails/{id}': {
    summary: 'Cancel a scheduled e-mail',
    operationId: 'cancelScheduledEmail',
    success: ok(scheduledEmailSchema, 'The e-mail, cancelled.'),
    errors: [404, 409],
  },
  'POST /api/scripts/{id}/send-email': {
    summary: 'E-mail a video now',
    description: 'To the automation address, with a share link.',
    operationId: 'sendVideoEmail',
    success: ok(sentEmailSchema, 'Sent.'),
    errors: [403, 404, 409, 429],
  },
  'POST /api/scripts/{id}/schedule-email': {
    summary: 'E-mail a video later',
    operationId: 'scheduleVideoEmail',
    success: created(scheduledEmailSchema, 'Scheduled.'),
    errors: [403, 404, 409],
  },
  'GET /api/scripts/{id}/share-links': {
    summary: 'List a video’s share links',
    operationId: 'listShareLinks',
    success: ok(shareLinksSchema, 'Its links.'),
    errors: [404],
  },
  'POST /api/scripts/{id}/share-links': {
    summary: 'Share a video',
    description: 'A public link to a copy of the video, valid for 30 days.',
    operationId: 'createShareLink',
    success: created(shareLinkSchema, 'The link.'),
    errors: [403, 404, 409],
  },
  'DELETE /api/share-links/{id}': {
    summary: 'Revoke a share link',
    operationId: 'revokeShareLink',
    success: ok(shareLinkSchema, 'The link, revoked.'),
    errors: [404],
  },
  'GET /api/share/{token}': {
    summary: 'Open a shared video',
    description: 'Public: the token is the only key.',
    operationId: 'openSharedVideo',
    success: ok(sharedVideoSchema, 'What the share page shows.'),
    errors: [404],
  },
  'GET /api/share/{token}/thumbnail': {
    summary: 'Get a shared video’s thumbnail',
    operationId: 'getSharedThumbnail',
    success: { status: 200, binary: 'image/jpeg', description: 'The JPEG.' },
    errors: [404],
  },
};
