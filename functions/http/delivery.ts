import {
  saveDeliverySettingsSchema,
  scheduleEmailSchema,
  scheduledEmailIdParams,
  shareLinkIdParams,
  shareTokenParams,
  testEmailSchema,
  webhookTestSchema,
} from '../contract/delivery';
import { idParams } from '../contract/ids';
import { NotFoundError } from '../core/errors';
import { composeDelivery, type DeliveryDepsOfArea } from '../compose/delivery';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor } from '../platform/http/endpoint';

/** Delivery: automation settings, emails now and later, share links, webhooks. */
const { endpoint, signedIn, answers } = endpointsFor<DeliveryDepsOfArea>();

export const handler = createAreaHandler('delivery', composeDelivery, {
  'GET /api/webhook-settings': signedIn({
    handle: async (input) => {
      const settings = await input.deps.deliverySettings.settingsOf(input.userId);
      if (!settings) throw new NotFoundError('No automation settings saved yet');
      return { body: settings };
    },
  }),

  'POST /api/webhook-settings': answers({ body: saveDeliverySettingsSchema }, (input) => input.deps.deliverySettings.save(input.userId, input.body)),

  'POST /api/webhook-settings/rotate-secret': answers((input) => input.deps.deliverySettings.rotateSecret(input.userId)),

  'POST /api/test-email': answers({ body: testEmailSchema }, (input) => input.deps.testMails.send(input.userId, input.body.automationEmail)),

  'POST /api/webhook-test-direct': answers({ body: webhookTestSchema }, (input) => input.deps.webhooks.test(input.userId, input.body.webhookUrl ?? undefined)),

  'GET /api/webhook-deliveries': signedIn({
    handle: async (input) => ({ body: { deliveries: await input.deps.webhooks.recent(input.userId) } }),
  }),

  'GET /api/scheduled-emails': answers((input) => input.deps.scheduledEmails.list(input.userId)),

  'DELETE /api/scheduled-emails/{id}': answers({ params: scheduledEmailIdParams }, (input) => input.deps.scheduledEmails.cancel(input.userId, input.params.id)),

  'POST /api/scripts/{id}/send-email': answers({ params: idParams }, (input) => input.deps.scheduledEmails.sendNow(input.userId, input.params.id)),

  'POST /api/scripts/{id}/schedule-email': answers({ params: idParams, body: scheduleEmailSchema, status: 201 }, (input) =>
    input.deps.scheduledEmails.schedule(input.userId, input.params.id, input.body.scheduledAt),
  ),

  'GET /api/scripts/{id}/share-links': signedIn({
    params: idParams,
    handle: async (input) => ({ body: { shareLinks: await input.deps.shareLinks.list(input.userId, input.params.id) } }),
  }),

  'POST /api/scripts/{id}/share-links': answers({ params: idParams, status: 201 }, (input) => input.deps.shareLinks.create(input.userId, input.params.id)),

  'DELETE /api/share-links/{id}': answers({ params: shareLinkIdParams }, (input) => input.deps.shareLinks.revoke(input.userId, input.params.id)),

  'GET /api/share/{token}': endpoint({
    params: shareTokenParams,
    handle: async (input) => ({
      body: await input.deps.shareLinks.open(input.params.token),
      headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
    }),
  }),

  'GET /api/share/{token}/thumbnail': endpoint({
    params: shareTokenParams,
    // The bytes themselves: a redirect to a presigned URL would name the owner's key.
    handle: async (input) => ({ binary: await input.deps.shareLinks.thumbnail(input.params.token), headers: { 'cache-control': 'no-store' } }),
  }),
});
