import { accountExportSchema } from '../../../contract/account';
import { apiKeySchema, createdApiKeySchema } from '../../../contract/api-keys';
import { z } from 'zod';
import { messageAnswerSchema } from '../../../contract/messages';
import { created, ok, type AreaDescriptions } from '../route-description';

/** Your own data and your API keys: cookie sessions only (never with an API key). */
export const accountRoutes: AreaDescriptions = {
  'POST /api/account/export': {
    summary: 'Export your data',
    description: 'A ZIP of every record and file, answered as a short-lived download link.',
    operationId: 'exportAccount',
    success: ok(accountExportSchema, 'The download.'),
    errors: [413, 429],
  },
  'POST /api/account/delete': {
    summary: 'Delete your account',
    description: 'With the password typed again; everything is deleted and every session ends.',
    operationId: 'deleteAccount',
    success: ok(messageAnswerSchema, 'Deleted.'),
    errors: [429],
  },
  'POST /api/api-keys': {
    summary: 'Create an API key',
    description:
      'A key with a name, scopes (`read`: every GET; `write`: create, change and delete; `publish`: post and cancel posts) and an optional expiry. The answer is the only one that holds `key` (it starts `rsk_`); store it, it is never shown again. Free 2 keys, basic 10, pro 50.',
    operationId: 'createApiKey',
    success: created(createdApiKeySchema, 'The key, shown this once.'),
  },
  'GET /api/api-keys': {
    summary: 'List your API keys',
    description: 'Name, scopes, first characters, created, last used and expiry of each key; never the key.',
    operationId: 'listApiKeys',
    success: ok(z.array(apiKeySchema), 'Your keys, oldest first.'),
  },
  'DELETE /api/api-keys/{id}': {
    summary: 'Revoke an API key',
    description: 'Effective on the next call, everywhere.',
    operationId: 'revokeApiKey',
    success: { status: 204, description: 'Revoked.' },
    errors: [404],
  },
};
