import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor } from '../platform/http/endpoint';
import { composeBranding, type BrandingDeps } from '../platform/compose/branding';
import { NotFoundError } from '../core/errors';

/** The logo overlay (001 §7 Logo). Being built (issue 14). */
const { signedIn } = endpointsFor<BrandingDeps>();
const notYet = signedIn({
  handle: () => {
    throw new NotFoundError('Not built yet');
  },
});

export const handler = createAreaHandler('branding', composeBranding, {
  'POST /api/user/logo': notYet,
  'PATCH /api/user/logo-settings': notYet,
  'DELETE /api/user/logo': notYet,
  'GET /api/logo/{file}': notYet,
});
