import {
  accountIdParamsSchema,
  connectRequestSchema,
  listPublicationsQuerySchema,
  oauthCallbackQuerySchema,
  platformParamsSchema,
  publicationIdParamsSchema,
  publishRequestSchema,
} from '../contract/publishing';
import { idParam } from '../contract/ids';
import { z } from 'zod';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor } from '../platform/http/endpoint';
import { composePublishing, type PublishingDeps } from '../compose/publishing';

/** Connected accounts and posting. Shapes and statuses: functions/contract/publishing.ts. */
const scriptParamsSchema = z.object({ id: idParam });
const { signedIn, endpoint } = endpointsFor<PublishingDeps>();

export const handler = createAreaHandler('publishing', composePublishing, {
  'GET /api/publishing/accounts': signedIn({
    handle: async ({ deps, userId }) => ({ body: await deps.accounts.list(userId), headers: { 'cache-control': 'no-store' } }),
  }),
  'POST /api/publishing/accounts/{platform}/connect': signedIn({
    params: platformParamsSchema,
    body: connectRequestSchema,
    handle: async ({ params, body, deps, userId }) => ({ body: await deps.accounts.startConnect(userId, params.platform, body.returnUrl) }),
  }),
  // The platform sends the browser here. The state names the user (and must be the session's, when there is one).
  'GET /api/publishing/oauth/{platform}/callback': endpoint({
    params: platformParamsSchema,
    query: oauthCallbackQuerySchema,
    handle: async ({ params, query, deps, userId }) => {
      const { location } = await deps.accounts.completeConnect(params.platform, query, userId);
      return { status: 302, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } };
    },
  }),
  'DELETE /api/publishing/accounts/{id}': signedIn({
    params: accountIdParamsSchema,
    handle: async ({ params, deps, userId }) => {
      await deps.accounts.disconnect(userId, params.id);
      return { status: 204 };
    },
  }),
  'POST /api/scripts/{id}/publish/check': signedIn({
    params: scriptParamsSchema,
    body: publishRequestSchema,
    handle: async ({ params, body, deps, userId }) => ({
      body: await deps.publications.check(userId, params.id, body),
      headers: { 'cache-control': 'no-store' },
    }),
  }),
  'POST /api/scripts/{id}/publish': signedIn({
    params: scriptParamsSchema,
    body: publishRequestSchema,
    handle: async ({ params, body, deps, userId }) => ({ status: 201, body: await deps.publications.publish(userId, params.id, body) }),
  }),
  'GET /api/publications': signedIn({
    query: listPublicationsQuerySchema,
    handle: async ({ query, deps, userId }) => ({ body: await deps.publications.list(userId, query.scriptId), headers: { 'cache-control': 'no-store' } }),
  }),
  'DELETE /api/publications/{id}': signedIn({
    params: publicationIdParamsSchema,
    handle: async ({ params, deps, userId }) => {
      await deps.publications.cancel(userId, params.id);
      return { status: 204 };
    },
  }),
});
