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
const { endpoint, signedIn } = endpointsFor<DeliveryDepsOfArea>();

export const handler = createAreaHandler('delivery', composeDelivery, {
  'GET /api/webhook-settings': signedIn({
    handle: async (input) => {
      const settings = await input.deps.deliverySettings.settingsOf(input.userId);
      if (!settings) throw new NotFoundError('No automation settings saved yet');
      return { body: settings };
    },
  }),

  'POST /api/webhook-settings': signedIn({
    body: saveDeliverySettingsSchema,
    handle: async (input) => ({ body: await input.deps.deliverySettings.save(input.userId, input.body) }),
  }),

  'POST /api/webhook-settings/rotate-secret': signedIn({
    handle: async (input) => ({ body: await input.deps.deliverySettings.rotateSecret(input.userId) }),
  }),

  'POST /api/test-email': signedIn({
    body: testEmailSchema,
    handle: async (input) => ({ body: await input.deps.testMails.send(input.userId, input.body.automationEmail) }),
  }),

  'POST /api/webhook-test-direct': signedIn({
    body: webhookTestSchema,
    handle: async (input) => ({ body: await input.deps.webhooks.test(input.userId, input.body.webhookUrl ?? undefined) }),
  }),

  'GET /api/webhook-deliveries': signedIn({
    handle: async (input) => ({ body: { deliveries: await input.deps.webhooks.recent(input.userId) } }),
  }),

  'GET /api/scheduled-emails': signedIn({
    handle: async (input) => ({ body: await input.deps.scheduledEmails.list(input.userId) }),
  }),

  'DELETE /api/scheduled-emails/{id}': signedIn({
    params: scheduledEmailIdParams,
    handle: async (input) => ({ body: await input.deps.scheduledEmails.cancel(input.userId, input.params.id) }),
  }),

  'POST /api/scripts/{id}/send-email': signedIn({
    params: idParams,
    handle: async (input) => ({ body: await input.deps.scheduledEmails.sendNow(input.userId, input.params.id) }),
  }),

  'POST /api/scripts/{id}/schedule-email': signedIn({
    params: idParams,
    body: scheduleEmailSchema,
    handle: async (input) => ({ status: 201, body: await input.deps.scheduledEmails.schedule(input.userId, input.params.id, input.body.scheduledAt) }),
  }),

  'GET /api/scripts/{id}/share-links': signedIn({
    params: idParams,
    handle: async (input) => ({ body: { shareLinks: await input.deps.shareLinks.list(input.userId, input.params.id) } }),
  }),

  'POST /api/scripts/{id}/share-links': signedIn({
    params: idParams,
    handle: async (input) => ({ status: 201, body: await input.deps.shareLinks.create(input.userId, input.params.id) }),
  }),

  'DELETE /api/share-links/{id}': signedIn({
    params: shareLinkIdParams,
    handle: async (input) => ({ body: await input.deps.shareLinks.revoke(input.userId, input.params.id) }),
  }),

  'GET /api/share/{token}': endpoint({
    params: shareTokenParams,
    handle: async (input) => ({ body: await input.deps.shareLinks.open(input.params.token), headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } }),
  }),

  'GET /api/share/{token}/thumbnail': endpoint({
    params: shareTokenParams,
    // The bytes themselves: a redirect to a presigned URL would name the owner's key.
    handle: async (input) => ({ binary: await input.deps.shareLinks.thumbnail(input.params.token), headers: { 'cache-control': 'no-store' } }),
  }),
});
