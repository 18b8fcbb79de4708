import { logoMaxBytes, logoMessages } from '../contract/rules/logo';
import { logoFileParams, logoStateReadOnlyFields, updateLogoSettingsSchema } from '../contract/users';
import { FileTooLargeError } from '../core/errors';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor } from '../platform/http/endpoint';
import { noFormFields, readMultipartFile } from '../platform/http/multipart-file';
import { composeBranding, type BrandingDeps } from '../compose/branding';

/** The logo overlay (Logo): upload, settings, removal and the file itself. */
const { signedIn, answers } = endpointsFor<BrandingDeps>();

export const handler = createAreaHandler('branding', composeBranding, {
  'POST /api/user/logo': signedIn({
    handle: async (input) => {
      const { file } = await readMultipartFile(input.request.event, {
        field: 'logo',
        maxBytes: logoMaxBytes,
        tooLarge: () => new FileTooLargeError(logoMessages.tooLarge, { maxBytes: logoMaxBytes }, 'LOGO_TOO_LARGE'),
        missing: 'Choose a logo file to upload',
        fields: noFormFields,
      });
      return { body: await input.deps.logos.upload(input.userId, file) };
    },
  }),

  'PATCH /api/user/logo-settings': answers({ body: updateLogoSettingsSchema, readOnly: logoStateReadOnlyFields }, (input) =>
    input.deps.logos.updateSettings(input.userId, input.body.logoSettings),
  ),

  'DELETE /api/user/logo': answers((input) => input.deps.logos.remove(input.userId)),

  // Like /api/audio/{file}: the browser follows a redirect to a short-lived presigned GET of the caller's own logo.
  'GET /api/logo/{file}': signedIn({
    params: logoFileParams,
    handle: async (input) => ({
      status: 302,
      headers: { location: await input.deps.logos.fileUrl(input.userId, input.params.file), 'cache-control': 'private, max-age=60' },
    }),
  }),
});
