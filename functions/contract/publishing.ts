import { z } from 'zod';
import { accountStatuses, isLocalPath, publishingBounds, publishingMessages, publishingPlatforms } from './rules/publishing';
import { idParam } from './ids';

export {
  accountStatuses,
  connectedAccountLimits,
  platformNames,
  publishingMessages,
  publishingPlatforms,
  readConnectReturn,
  type ConnectedAccountStatus,
  type ConnectReturn,
  type PublishingPlatform,
} from './rules/publishing';

/**
 * Connected accounts (issue 26). Every route but the OAuth callback is `auth: 'session'`.
 *
 * - `GET /api/publishing/accounts` → `ConnectedAccount[]` (the caller's only; never a token).
 * - `POST /api/publishing/accounts/{platform}/connect` `ConnectRequest` → `{ url }`: the platform's
 *   authorize URL (TikTok with PKCE S256). 400 an unknown platform or a returnUrl off this site; 403 at
 *   the plan's connected accounts limit; 503 when the platform's client id/secret are not configured.
 * - `GET /api/publishing/oauth/{platform}/callback?code=…&state=…` → 302 to the returnUrl (default
 *   `/settings`) with `publishing=<connected|denied|limit|expired|failed>&platform=<platform>`.
 * - `DELETE /api/publishing/accounts/{id}` → 204 (revoked at the platform where it allows); 404 not the caller's.
 */
export const platformSchema = z.enum(publishingPlatforms);

export const connectedAccountSchema = z.object({
  id: z.string().min(1).max(publishingBounds.accountIdMax),
  platform: platformSchema,
  displayName: z.string().max(publishingBounds.displayNameMax),
  status: z.enum(accountStatuses),
});
export type ConnectedAccount = z.infer<typeof connectedAccountSchema>;

export const connectRequestSchema = z.object({
  returnUrl: z.string().trim().min(1).max(publishingBounds.returnUrlMax).refine(isLocalPath, publishingMessages.badReturnUrl).optional(),
});
export type ConnectRequest = z.infer<typeof connectRequestSchema>;

export interface ConnectResponse {
  url: string;
}

export const platformParamsSchema = z.object({ platform: platformSchema });
export const accountIdParamsSchema = z.object({ id: idParam });

/** The platform's redirect: a code and our state, or an error (Deny) and our state. */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().min(1).max(publishingBounds.codeMax).optional(),
  state: z.string().min(1).max(publishingBounds.stateMax).optional(),
  error: z.string().max(publishingBounds.errorMax).optional(),
  error_description: z.string().max(publishingBounds.errorMax).optional(),
  // Instagram adds these; TikTok adds `scopes`.
  error_reason: z.string().max(publishingBounds.errorMax).optional(),
  scopes: z.string().max(publishingBounds.errorMax).optional(),
  scope: z.string().max(publishingBounds.errorMax).optional(),
});
export type OAuthCallbackQuery = z.infer<typeof oauthCallbackQuerySchema>;
