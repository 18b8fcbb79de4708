import { accountExportSchema } from '../../../contract/account';
import { messageAnswerSchema } from '../../../contract/messages';
import { ok, type AreaDescriptions } from '../route-description';

/** Your own data: cookie sessions only (never with an API key). */
export const accountRoutes: AreaDescriptions = {
  'POST /api/account/export': {
    summary: 'Export your data',
    description: 'A ZIP of every record and file, answered as a short-lived download link.',
    operationId: 'exportAccount',
    success: ok(accountExportSchema, 'The download.'),
    errors: [413, 429],
    cookieOnly: true,
  },
  'POST /api/account/delete': {
    summary: 'Delete your account',
    description: 'With the password typed again; everything is deleted and every session ends.',
    operationId: 'deleteAccount',
    success: ok(messageAnswerSchema, 'Deleted.'),
    errors: [429],
    cookieOnly: true,
  },
};
