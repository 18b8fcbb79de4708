import { closeAccountSchema, accountMessages } from '../contract/account';
import { createAreaHandler } from '../platform/http/area-handler';
import { clientAddress } from '../platform/http/client-address';
import { endpointsFor } from '../platform/http/endpoint';
import { expireSessionCookies } from '../platform/http/session-cookie';
import { composeAccount, type AccountDeps } from '../compose/account';

/** The creator's own data. Shapes and statuses: functions/contract/account.ts. */
const { signedIn } = endpointsFor<AccountDeps>();

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
});
