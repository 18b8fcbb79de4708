import { z } from 'zod';
import { accountStatuses, isLocalPath, publishingBounds, publishingMessages, publishingPlatforms } from './rules/publishing';
import { idParam } from './ids';
import { postingBounds, publicationStatuses, type PublicationStatus } from './rules/posting';
import type { PublishingPlatform } from './rules/publishing';

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
 * Connected accounts. Every route but the OAuth callback is `auth: 'session'`.
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

export {
  dailyPostLimits,
  defaultPrivacyOptions,
  finalPublicationStatuses,
  platformVideoLimits,
  postingBounds,
  postingMessages,
  publicationStatuses,
  type PublicationStatus,
} from './rules/posting';

/**
 * Posting a finished video. Every route is `auth: 'session'`; another user's script, account or
 * publication is a 404.
 *
 * - `POST /api/scripts/{id}/publish/check` `PublishRequest` → `PublishCheckResponse`: the pre-flight of each
 *   target (what would fail and why, the account's privacy options), nothing uploaded or claimed.
 * - `POST /api/scripts/{id}/publish` `PublishRequest` → 201 `PublishResponse`; 400 a pre-flight failure naming
 *   the target and the reason (nothing is created then); 403 at the plan's posts per day limit; 404 a script or
 *   account that is not the caller's; 409 no finished video, or `ALREADY_POSTED`: a target the same file was
 *   already posted (or is being posted) to, naming the earlier post (`details.earlier`), unless `allowRepost: true`.
 * - `GET /api/publications?scriptId=…` → `Publication[]` (newest first).
 * - `DELETE /api/publications/{id}` → 204 cancels a scheduled one; 409 once it started.
 */
export const publicationStatusSchema = z.enum(publicationStatuses);

export const publishTargetSchema = z
  .object({
    accountId: idParam,
    /** TikTok's title, Instagram's caption, YouTube's description; default: the script's post caption. */
    caption: z.string().trim().max(postingBounds.captionMax).optional(),
    /** YouTube's title; default: the script's title. */
    title: z.string().trim().min(1).max(postingBounds.titleMax).optional(),
    /** One of the account's privacy options (`PublishCheckTarget.privacyOptions`); default: the most private. */
    privacy: z.string().trim().min(1).max(postingBounds.privacyMax).optional(),
    /** YouTube's made-for-kids flag (default false). */
    madeForKids: z.boolean().optional(),
    /** YouTube's altered or synthetic content flag (default true: the voice may be synthetic). */
    containsSyntheticMedia: z.boolean().optional(),
  })
  .strict();
export type PublishTarget = z.infer<typeof publishTargetSchema>;

export const publishRequestSchema = z
  .object({
    targets: z.array(publishTargetSchema).min(1, 'Choose at least one account').max(postingBounds.targetsMax),
    scheduledAt: z.iso.datetime({ offset: true, error: 'scheduledAt must be an ISO date and time' }).optional(),
    /** Post the same file again to an account it was already posted to (else 409 `ALREADY_POSTED`). */
    allowRepost: z.boolean().optional(),
  })
  .strict();
export type PublishRequest = z.infer<typeof publishRequestSchema>;

export interface PublishCheckTarget {
  accountId: string;
  platform: PublishingPlatform;
  displayName: string;
  ok: boolean;
  /** What would fail, in the creator's words; empty when ok. */
  problems: string[];
  /** The privacy values this account offers now (TikTok's creator_info; fixed for the others). */
  privacyOptions: string[];
  maxDurationSeconds: number;
  /**
   * The way out when the file carries the watermark TikTok refuses: render it again (the plan no longer
   * draws it) or upgrade first (it still does).
   */
  watermarkFix?: WatermarkFix;
  /** The newest post of this same file to this account (published or on its way): posting again needs `allowRepost`. */
  alreadyPosted?: EarlierPost;
}
export type WatermarkFix = 'render-again' | 'upgrade';
export interface EarlierPost {
  publicationId: string;
  status: PublicationStatus;
  /** When it was published, or is scheduled, or was asked for (ISO). */
  at: string;
  postUrl?: string;
}
export interface PublishCheckResponse {
  targets: PublishCheckTarget[];
}

export interface PublicationSummary {
  id: string;
  accountId: string;
  platform: PublishingPlatform;
  status: PublicationStatus;
}
export interface PublishResponse {
  publications: PublicationSummary[];
}

export const publicationSchema = z.object({
  id: z.string(),
  scriptId: z.string(),
  accountId: z.string(),
  platform: platformSchema,
  /** The account's name when the publication was made (it stays readable after a disconnect). */
  accountName: z.string(),
  status: publicationStatusSchema,
  /** Upload progress 0–100 while `uploading`. */
  progress: z.number().min(0).max(100).optional(),
  postUrl: z.string().max(postingBounds.postUrlMax).optional(),
  error: z.string().max(postingBounds.errorMax).optional(),
  scheduledAt: z.string().optional(),
  publishedAt: z.string().optional(),
  /** The privacy it was posted with (the dialog's default next time is the creator's last choice). */
  privacy: z.string().max(postingBounds.privacyMax).optional(),
  createdAt: z.string(),
});
export type Publication = z.infer<typeof publicationSchema>;

export const listPublicationsQuerySchema = z.object({ scriptId: idParam.optional() });
export const publicationIdParamsSchema = z.object({ id: idParam });

/** The answers as schemas (the OpenAPI document, platform/openapi). */
export const connectResponseSchema: z.ZodType<ConnectResponse> = z.object({ url: z.string() });
export const publishCheckResponseSchema: z.ZodType<PublishCheckResponse> = z.object({
  targets: z.array(
    z.object({
      accountId: z.string(),
      platform: platformSchema,
      displayName: z.string(),
      ok: z.boolean(),
      problems: z.array(z.string()),
      privacyOptions: z.array(z.string()),
      maxDurationSeconds: z.number(),
      watermarkFix: z.enum(['render-again', 'upgrade']).optional(),
      alreadyPosted: z.object({ publicationId: z.string(), status: publicationStatusSchema, at: z.string(), postUrl: z.string().optional() }).optional(),
    }),
  ),
});
export const publishResponseSchema: z.ZodType<PublishResponse> = z.object({
  publications: z.array(z.object({ id: z.string(), accountId: z.string(), platform: platformSchema, status: publicationStatusSchema })),
});
