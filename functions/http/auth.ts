import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NotAuthenticatedError } from '../core/errors';
import { keys } from '../adapters/aws/dynamo/keys';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpoint, requireUserId } from '../platform/http/endpoint';
import { expireSessionCookies } from '../platform/http/session-cookie';

/** Accounts. The accounts issue fills this area (register, login, logout, verification, reset). */
export const handler = createAreaHandler('auth', {
  'GET /api/user': endpoint({
    handle: async (input) => {
      const { table } = input.request.container;
      const result = await table.client.send(
        new GetCommand({ TableName: table.tableName, Key: { pk: keys.user(requireUserId(input)), sk: 'PROFILE' } }),
      );
      if (!result.Item) throw new NotAuthenticatedError();
      return { body: result.Item };
    },
  }),

  'POST /api/logout': endpoint({
    handle: async ({ request }) => {
      if (request.session) await request.container.sessions.end(request.session);
      expireSessionCookies(request);
      return { body: { message: 'Logged out' } };
    },
  }),
});
