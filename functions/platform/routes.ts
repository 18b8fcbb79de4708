import type { ApiKeyScope } from '../contract/rules/api-keys';
import type { FunctionAccess } from './access';

/**
 * The route table: one list read by the CDK HTTP API construct and by the local server, so a route
 * cannot exist in one runtime only.
 *
 * `area` names the handler module `functions/http/<area>.ts`, which exports `handler`; each area is
 * one Lambda function in the cloud. `auth: 'session'` routes answer 401 without a signed-in user.
 * Every non-GET route checks the CSRF token unless `csrf: false` says otherwise (only Stripe's webhook, which is signed).
 * A call with `Authorization: Bearer <API key>` skips the CSRF check and needs the scope `apiKeyAccessOf` derives.
 */
export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export const areas = [
  'system',
  'auth',
  'stats',
  'scripts',
  'voices',
  'media',
  'voiceover',
  'delivery',
  'workflows',
  'branding',
  'billing',
  'account',
  'publishing',
] as const;
export type AreaName = (typeof areas)[number];

/**
 * What each area's Lambda touches: the CDK grants exactly this and the area's
 * composition root refuses to build anything else. Every area writes the table (sessions are touched).
 */
export const areaAccess: Readonly<Record<AreaName, FunctionAccess>> = {
  system: { table: 'read-write', realtime: true },
  auth: {
    table: 'read-write',
    identity: ['AdminConfirmSignUp', 'AdminDeleteUser', 'AdminSetUserPassword', 'AdminUpdateUserAttributes'],
    mail: true,
    realtime: true,
  },
  stats: { table: 'read-write' },
  // Stock clips saved during a video request are handed to the clip-proxy job.
  scripts: { table: 'read-write', bucket: 'read-write', startsPipeline: true, realtime: true, secrets: ['openai', 'pexels'], requestsClipProxies: true },
  // Cloning checks the samples with ffprobe and clones through ElevenLabs when a key is set.
  voices: { table: 'read-write', bucket: 'read-write', ffmpeg: true, secrets: ['elevenlabs'] },
  // An upload kept without a proxy copy is handed to the clip-proxy job.
  media: { table: 'read-write', bucket: 'read-write', realtime: true, ffmpeg: true, secrets: ['openai'], requestsClipProxies: true },
  voiceover: { table: 'read-write', bucket: 'read-write', realtime: true, ffmpeg: true, secrets: ['elevenlabs'], notifiesDelivery: true },
  // Mail, share links (the share page's copy of a video is written and removed: read-write), webhooks.
  delivery: { table: 'read-write', bucket: 'read-write', mail: true, realtime: true, schedules: true, webhookQueue: true },
  // Templates and schedules; Test Workflow starts the automation state machine and waits for its run.
  workflows: { table: 'read-write', bucket: 'read', realtime: true, schedules: true, startsAutomation: true },
  // The logo overlay: its file (checked, rasterised by ffmpeg) and its settings.
  branding: { table: 'read-write', bucket: 'read-write', ffmpeg: true },
  // Plans through Stripe: checkout, portal, the signed webhook (a failed payment is mailed).
  billing: { table: 'read-write', realtime: true, mail: true, secrets: ['stripe', 'stripe-webhook'] },
  // The creator's own data: the export (table read, objects listed, the ZIP written) and the closing of the
  // account (their items, objects and schedules deleted, a live subscription cancelled, cloned voices deleted at ElevenLabs, the Cognito user deleted).
  // Closing also revokes every connected platform account's grant (its token opened with the token key).
  account: {
    table: 'read-write',
    bucket: 'read-write',
    identity: ['AdminDeleteUser'],
    realtime: true,
    schedules: true,
    secrets: ['stripe', 'elevenlabs', 'publishing'],
    tokenKey: true,
  },
  // Connected accounts: the platforms' OAuth clients, tokens sealed with the stack's KMS key.
  // Posting: the video's size read from the bucket, the account's options asked of the platform, publications queued, the card pushed.
  publishing: { table: 'read-write', bucket: 'read', realtime: true, secrets: ['publishing'], tokenKey: true, publicationQueue: true },
};

/** none: no session is read (cheap public calls); public: read if present; session: required. */
export type RouteAuth = 'none' | 'public' | 'session';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/scripts/{id}`. */
  readonly path: string;
  readonly area: AreaName;
  readonly auth: RouteAuth;
  readonly csrf?: boolean;
  /** The endpoint reads `event.body` itself (multipart uploads); the JSON body middleware leaves it alone. */
  readonly rawBody?: boolean;
  /** On a `rawBody` route: a body sent as JSON is parsed and checked like any other route's; others stay raw. */
  readonly jsonToo?: boolean;
  /** `never`: no API key may call it, whatever its scopes (keys, sign-out, export, closing, billing, connecting accounts). */
  readonly apiKey?: 'never';
  /** The scope a key needs when it is not the method's (GET read, others write): `publish` for posting and cancelling posts. */
  readonly apiKeyScope?: ApiKeyScope;
  /**
   * A file built at synth and served by the site (CloudFront from the site bucket; locally the server), not by a
   * Lambda: no API Gateway route and no endpoint (docs/decisions/openapi.md).
   */
  readonly staticFile?: true;
}

export const routes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/api/health', area: 'system', auth: 'none' },
  { method: 'GET', path: '/api/csrf-token', area: 'system', auth: 'none' },
  { method: 'GET', path: '/api/ws-ticket', area: 'system', auth: 'session', apiKey: 'never' },
  // The OpenAPI document (functions/platform/openapi), public; the reference page is /docs/api.
  { method: 'GET', path: '/api/openapi.json', area: 'system', auth: 'none', staticFile: true },
  { method: 'POST', path: '/api/register', area: 'auth', auth: 'public' },
  { method: 'POST', path: '/api/login', area: 'auth', auth: 'public' },
  { method: 'POST', path: '/api/logout', area: 'auth', auth: 'public' },
  { method: 'GET', path: '/api/user', area: 'auth', auth: 'session' },
  { method: 'PATCH', path: '/api/user', area: 'auth', auth: 'session' },
  { method: 'POST', path: '/api/verify-email-code', area: 'auth', auth: 'public' },
  { method: 'GET', path: '/api/verify-email', area: 'auth', auth: 'public' },
  { method: 'POST', path: '/api/resend-verification-code', area: 'auth', auth: 'public' },
  { method: 'POST', path: '/api/resend-verification', area: 'auth', auth: 'public' },
  { method: 'POST', path: '/api/forgot-password', area: 'auth', auth: 'public' },
  { method: 'POST', path: '/api/verify-reset-code', area: 'auth', auth: 'public' },
  { method: 'POST', path: '/api/reset-password-with-code', area: 'auth', auth: 'public' },
  { method: 'POST', path: '/api/reset-password', area: 'auth', auth: 'public' },
  // Scripts workspace: plans and stats, scripts and their generation, templates, voices.
  { method: 'GET', path: '/api/metadata/subscription-tiers', area: 'stats', auth: 'none' },
  { method: 'GET', path: '/api/stats', area: 'stats', auth: 'session' },
  { method: 'GET', path: '/api/scripts', area: 'scripts', auth: 'session' },
  { method: 'POST', path: '/api/scripts', area: 'scripts', auth: 'session' },
  { method: 'PATCH', path: '/api/scripts/{id}', area: 'scripts', auth: 'session' },
  { method: 'DELETE', path: '/api/scripts/{id}', area: 'scripts', auth: 'session' },
  { method: 'POST', path: '/api/scripts/{id}/regenerate', area: 'scripts', auth: 'session' },
  // The script re-made in other languages (each a new script; `render: true` voices and renders each).
  { method: 'POST', path: '/api/scripts/{id}/translate', area: 'scripts', auth: 'session' },
  // Whether translating is possible here (an OpenAI key), so the card says so before languages are chosen.
  { method: 'GET', path: '/api/translation', area: 'scripts', auth: 'session' },
  // Video pipeline (docs/pipeline-contract.md): starts the state machine, answers 202.
  { method: 'POST', path: '/api/scripts/{id}/generate-video', area: 'scripts', auth: 'session' },
  { method: 'POST', path: '/api/generate-scripts', area: 'scripts', auth: 'session' },
  { method: 'POST', path: '/api/generate-quote', area: 'scripts', auth: 'session' },
  { method: 'GET', path: '/api/script-templates', area: 'scripts', auth: 'session' },
  { method: 'POST', path: '/api/script-templates', area: 'scripts', auth: 'session' },
  { method: 'DELETE', path: '/api/script-templates/{id}', area: 'scripts', auth: 'session' },
  { method: 'GET', path: '/api/voices', area: 'voices', auth: 'session' },
  { method: 'POST', path: '/api/voices', area: 'voices', auth: 'session' },
  { method: 'GET', path: '/api/voices/default/user', area: 'voices', auth: 'session' },
  { method: 'GET', path: '/api/voices/{id}/sample', area: 'voices', auth: 'session' },
  // Settings (Voices): cloning, the default voice, deleting a clone.
  { method: 'POST', path: '/api/tts/clone-voice', area: 'voices', auth: 'session', rawBody: true, jsonToo: true },
  // A sample goes to storage first (a cloud request carries about 6 MB), then the clone names it.
  { method: 'POST', path: '/api/tts/clone-voice/upload-url', area: 'voices', auth: 'session' },
  { method: 'POST', path: '/api/user-voices', area: 'voices', auth: 'session' },
  { method: 'DELETE', path: '/api/voices/{id}', area: 'voices', auth: 'session' },
  // Media library. Uploads go straight to S3: upload-url, then complete.
  { method: 'GET', path: '/api/media', area: 'media', auth: 'session' },
  { method: 'GET', path: '/api/media/audio', area: 'media', auth: 'session' },
  { method: 'GET', path: '/api/media/folders', area: 'media', auth: 'session' },
  { method: 'POST', path: '/api/media/folders', area: 'media', auth: 'session' },
  { method: 'PATCH', path: '/api/media/folders/{id}', area: 'media', auth: 'session' },
  { method: 'DELETE', path: '/api/media/folders/{id}', area: 'media', auth: 'session' },
  { method: 'DELETE', path: '/api/media/folders/{id}/force', area: 'media', auth: 'session' },
  { method: 'POST', path: '/api/media/upload-url', area: 'media', auth: 'session' },
  { method: 'POST', path: '/api/media/complete', area: 'media', auth: 'session' },
  { method: 'POST', path: '/api/media/upload', area: 'media', auth: 'session', rawBody: true },
  { method: 'PATCH', path: '/api/media/bulk-move', area: 'media', auth: 'session' },
  { method: 'POST', path: '/api/media/bulk-delete', area: 'media', auth: 'session' },
  { method: 'DELETE', path: '/api/media/{id}', area: 'media', auth: 'session' },
  { method: 'PATCH', path: '/api/media/{id}', area: 'media', auth: 'session' },
  { method: 'PATCH', path: '/api/media/{id}/tags', area: 'media', auth: 'session' },
  { method: 'POST', path: '/api/media/{id}/ai-tags', area: 'media', auth: 'session' },
  { method: 'GET', path: '/api/thumbnail-proxy', area: 'media', auth: 'session' },
  { method: 'GET', path: '/api/media-proxy', area: 'media', auth: 'session' },
  { method: 'GET', path: '/api/proxy-media', area: 'media', auth: 'session' },
  // Voice-over and playback (docs/pipeline-contract.md): files answer 302 to a presigned URL.
  { method: 'POST', path: '/api/scripts/{id}/convert-to-audio', area: 'voiceover', auth: 'session' },
  { method: 'POST', path: '/api/scripts/{id}/preview', area: 'voiceover', auth: 'session' },
  { method: 'GET', path: '/api/audio/{file}', area: 'voiceover', auth: 'session' },
  { method: 'GET', path: '/api/video/{file}', area: 'voiceover', auth: 'session' },
  // Delivery (send/schedule email): mail, share links, webhooks.
  { method: 'GET', path: '/api/webhook-settings', area: 'delivery', auth: 'session' },
  { method: 'POST', path: '/api/webhook-settings', area: 'delivery', auth: 'session' },
  { method: 'POST', path: '/api/webhook-settings/rotate-secret', area: 'delivery', auth: 'session' },
  { method: 'POST', path: '/api/test-email', area: 'delivery', auth: 'session' },
  { method: 'POST', path: '/api/webhook-test-direct', area: 'delivery', auth: 'session' },
  { method: 'GET', path: '/api/webhook-deliveries', area: 'delivery', auth: 'session' },
  { method: 'GET', path: '/api/scheduled-emails', area: 'delivery', auth: 'session' },
  { method: 'DELETE', path: '/api/scheduled-emails/{id}', area: 'delivery', auth: 'session' },
  { method: 'POST', path: '/api/scripts/{id}/send-email', area: 'delivery', auth: 'session' },
  { method: 'POST', path: '/api/scripts/{id}/schedule-email', area: 'delivery', auth: 'session' },
  { method: 'GET', path: '/api/scripts/{id}/share-links', area: 'delivery', auth: 'session' },
  { method: 'POST', path: '/api/scripts/{id}/share-links', area: 'delivery', auth: 'session' },
  { method: 'DELETE', path: '/api/share-links/{id}', area: 'delivery', auth: 'session' },
  // The public share page's calls: the token is the only key (no session is read).
  { method: 'GET', path: '/api/share/{token}', area: 'delivery', auth: 'none' },
  { method: 'GET', path: '/api/share/{token}/thumbnail', area: 'delivery', auth: 'none' },
  // Workflows: video templates, automation schedules, Test Workflow.
  { method: 'GET', path: '/api/templates', area: 'workflows', auth: 'session' },
  { method: 'POST', path: '/api/templates', area: 'workflows', auth: 'session' },
  { method: 'PUT', path: '/api/templates/{id}', area: 'workflows', auth: 'session' },
  { method: 'DELETE', path: '/api/templates/{id}', area: 'workflows', auth: 'session' },
  { method: 'GET', path: '/api/automation-schedules', area: 'workflows', auth: 'session' },
  { method: 'POST', path: '/api/automation-schedules', area: 'workflows', auth: 'session' },
  { method: 'PATCH', path: '/api/automation-schedules/{id}', area: 'workflows', auth: 'session' },
  { method: 'DELETE', path: '/api/automation-schedules/{id}', area: 'workflows', auth: 'session' },
  { method: 'POST', path: '/api/automation-schedules/{id}/test', area: 'workflows', auth: 'session' },
  // Settings (Logo): the logo overlay.
  { method: 'POST', path: '/api/user/logo', area: 'branding', auth: 'session', rawBody: true },
  { method: 'PATCH', path: '/api/user/logo-settings', area: 'branding', auth: 'session' },
  { method: 'DELETE', path: '/api/user/logo', area: 'branding', auth: 'session' },
  { method: 'GET', path: '/api/logo/{file}', area: 'branding', auth: 'session' },
  // Settings (Subscriptions): Stripe Checkout, the Customer Portal, the signed webhook.
  { method: 'POST', path: '/api/subscriptions/create-session', area: 'billing', auth: 'session', apiKey: 'never' },
  { method: 'POST', path: '/api/subscriptions/portal-session', area: 'billing', auth: 'session', apiKey: 'never' },
  { method: 'POST', path: '/api/subscriptions/update-after-checkout', area: 'billing', auth: 'session', apiKey: 'never' },
  // Stripe calls it: no session and no CSRF token; the signature over the raw body is the check.
  { method: 'POST', path: '/api/stripe/webhook', area: 'billing', auth: 'none', csrf: false, rawBody: true },
  // The creator's own data: a ZIP of it, and closing the account (the password typed again).
  { method: 'POST', path: '/api/account/export', area: 'account', auth: 'session', apiKey: 'never' },
  { method: 'POST', path: '/api/account/delete', area: 'account', auth: 'session', apiKey: 'never' },
  // API keys (Settings → API keys): with the session cookie only.
  { method: 'GET', path: '/api/api-keys', area: 'account', auth: 'session', apiKey: 'never' },
  { method: 'POST', path: '/api/api-keys', area: 'account', auth: 'session', apiKey: 'never' },
  { method: 'DELETE', path: '/api/api-keys/{id}', area: 'account', auth: 'session', apiKey: 'never' },
  // Connected accounts. The platform redirects the browser to the callback: the state, not the session, names the user.
  { method: 'GET', path: '/api/publishing/accounts', area: 'publishing', auth: 'session' },
  { method: 'POST', path: '/api/publishing/accounts/{platform}/connect', area: 'publishing', auth: 'session', apiKey: 'never' },
  { method: 'GET', path: '/api/publishing/oauth/{platform}/callback', area: 'publishing', auth: 'public' },
  { method: 'DELETE', path: '/api/publishing/accounts/{id}', area: 'publishing', auth: 'session', apiKey: 'never' },
  // Posting a finished video: the pre-flight, the publications, cancelling a scheduled one.
  { method: 'POST', path: '/api/scripts/{id}/publish/check', area: 'publishing', auth: 'session', apiKeyScope: 'publish' },
  { method: 'POST', path: '/api/scripts/{id}/publish', area: 'publishing', auth: 'session', apiKeyScope: 'publish' },
  { method: 'GET', path: '/api/publications', area: 'publishing', auth: 'session' },
  { method: 'DELETE', path: '/api/publications/{id}', area: 'publishing', auth: 'session', apiKeyScope: 'publish' },
];

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function requiresCsrf(route: RouteDefinition): boolean {
  return route.method !== 'GET' && route.csrf !== false;
}

/**
 * What an API key needs to call a route: `never` on the routes flagged so and on every route that is not
 * `auth: 'session'` (sign-in, sign-up, password resets, OAuth callbacks: a key is no way into an account);
 * else the route's `apiKeyScope`, or `read` for a GET and `write` for any other method.
 */
export function apiKeyAccessOf(route: RouteDefinition): ApiKeyScope | 'never' {
  if (route.apiKey === 'never' || route.auth !== 'session') return 'never';
  return route.apiKeyScope ?? (route.method === 'GET' ? 'read' : 'write');
}

const byKey = new Map(routes.map((route) => [routeKey(route), route]));

export function findRouteByKey(key: string): RouteDefinition | undefined {
  return byKey.get(key);
}

/** The routes an area's Lambda answers (a static file is the site's). */
export function routesOfArea(area: AreaName): RouteDefinition[] {
  return routes.filter((route) => route.area === area && !route.staticFile);
}
