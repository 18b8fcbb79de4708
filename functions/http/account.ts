import { closeAccountSchema, accountMessages } from '../contract/account';
import { apiKeyIdParamsSchema, createApiKeySchema } from '../contract/api-keys';
import { createAreaHandler } from '../platform/http/area-handler';
import { clientAddress } from '../platform/http/client-address';
import { endpointsFor } from '../platform/http/endpoint';
import { expireSessionCookies } from '../platform/http/session-cookie';
import { composeAccount, type AccountDeps } from '../compose/account';

/** The creator's own data and their API keys. Shapes and statuses: functions/contract/account.ts, functions/contract/api-keys.ts. */
const { signedIn, answers } = endpointsFor<AccountDeps>();

export const handler = createAreaHandler('account', composeAccount, {
  // A POST, not a GET: it writes the ZIP, so it is CSRF-checked and no other site can start one.
  'POST /api/account/export': signedIn({
    handle: async ({ deps, userId, request }) => {
      const made = await deps.exports.export(userId);
      request.log.info('data exported', { userId, files: made.files, bytes: made.bytes });
      return { body: made };
    },
  }),
  'POST /api/account/delete': signedIn({
    body: closeAccountSchema,
    handle: async ({ body, deps, userId, request }) => {
      const removed = await deps.closure.close(userId, body.password, clientAddress(request.event, request.config.STAGE === 'cloud'));
      expireSessionCookies(request);
      request.log.info('account closed', { userId, ...removed });
      return { body: { message: accountMessages.closed } };
    },
  }),
  // API keys: the cookie session only (the route table says no key may call these).
  'POST /api/api-keys': signedIn({
    body: createApiKeySchema,
    handle: async ({ body, deps, userId, request }) => {
      const created = await deps.keys.create(userId, body);
      request.log.info('api key created', { userId, apiKeyId: created.id, scopes: created.scopes });
      return { status: 201, body: created };
    },
  }),
  'GET /api/api-keys': answers(({ deps, userId }) => deps.keys.list(userId)),
  'DELETE /api/api-keys/{id}': signedIn({
    params: apiKeyIdParamsSchema,
    handle: async ({ params, deps, userId, request }) => {
      await deps.keys.revoke(userId, params.id);
      request.log.info('api key revoked', { userId, apiKeyId: params.id });
      return { status: 204 };
    },
  }),
});
