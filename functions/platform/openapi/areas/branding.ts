import { logoStateSchema } from '../../../contract/users';
import { ok, redirect, type AreaDescriptions } from '../route-description';

/** The logo overlay. */
export const brandingRoutes: AreaDescriptions = {
  'POST /api/user/logo': {
    summary: 'Upload a logo',
    description: 'PNG, JPEG, WebP or SVG in a multipart body (field `logo`); drawn on every later video.',
    operationId: 'uploadLogo',
    success: ok(logoStateSchema, 'The logo and its settings.'),
    errors: [413, 415, 422],
    rawBody: {
      contentType: 'multipart/form-data',
      schema: { type: 'object', required: ['logo'], properties: { logo: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    },
  },
  'PATCH /api/user/logo-settings': { summary: 'Place the logo', operationId: 'updateLogoSettings', success: ok(logoStateSchema, 'The logo and its settings.') },
  'DELETE /api/user/logo': { summary: 'Remove the logo', operationId: 'deleteLogo', success: ok(logoStateSchema, 'No logo; the settings kept.') },
  'GET /api/logo/{file}': { summary: 'Get the logo file', operationId: 'getLogoFile', success: redirect('A short-lived URL of the PNG.'), errors: [404] },
};
